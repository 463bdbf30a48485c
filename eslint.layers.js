// ---------------------------------------------------------------------------------------
// Layers and domains (docs/architecture.md). Every relative import is resolved to the file
// it names and both ends are placed:
//   layer 0  shared/content, shared/styles                     static content, tokens
//   layer 1  shared/platform, shared/ui · server/platform      the platform: protocol, UI kit,
//                                                              HTTP, render, cache, session, db
//   layer 2  shared/<domain> · server/<domain>                 the domains (DOMAINS below)
//   layer 3  shared/app · server/app, server/main.ts,          composition: route table, root,
//            server/index.ts · client/                         layout, server wiring, bootstrap
// An import may go down or sideways, never up. Sideways between two domains it may name
// only a file at the top of the other domain's folder (its public surface): a domain's
// sub-folders (pages/, staff/, …) are its internals. server/<d> may use all of shared/<d>.
// And sideways the arrows run one way, down DOMAIN_TIERS: a domain uses only domains of a
// lower tier (clinic ← requests ← booking ← messages); where a lower one needs a higher one,
// the composition hands it over (server/app/domains.ts) or it listens to an event.
// ---------------------------------------------------------------------------------------
import path from 'node:path';

/**
 * The domains in tiers, lowest first: a domain may import a domain of a lower tier, never one
 * of its own tier or a higher one (so no two domains import each other, even through a third).
 */
export const DOMAIN_TIERS = [
  ['clinic', 'gallery'], // the clinic's facts; the pictures
  ['requests'], // the forms that deliver, the staff inbox (uses the clinic's facts)
  ['booking', 'blog'], // free times and visits (a call-back request becomes a booking); posts and their comment form
  ['messages', 'accounts', 'intake'], // a visit's messages; the patient's account (their visits); the new-patient forms (of a visit)
  ['shop'], // the checkout makes an account
  ['publishing'], // the site editor: writes the clinic's, the blog's and the gallery's content; reads the bookings (who has future visits)
];
export const DOMAINS = DOMAIN_TIERS.flat();
const tierOf = (domain) => DOMAIN_TIERS.findIndex((tier) => tier.includes(domain));
const CHAIN = DOMAIN_TIERS.map((tier) => tier.join('/')).join(' ← ');
const LAYER_NAMES = ['content', 'platform', 'domain', 'composition'];

/** Where a repository-relative file sits: its side, layer, and domain (with whether it is public). */
export function place(file) {
  const parts = file.split('/');
  const [side, second] = parts;
  if (side === 'client') return { side, layer: 3 };
  if (side !== 'shared' && side !== 'server') return null;
  if (side === 'server' && parts.length === 2) return { side, layer: 3 }; // main.ts, index.ts
  if (side === 'shared' && (second === 'content' || second === 'styles')) return { side, layer: 0 };
  if (second === 'platform' || (side === 'shared' && second === 'ui')) return { side, layer: 1 };
  if (second === 'app') return { side, layer: 3 };
  if (DOMAINS.includes(second)) return { side, layer: 2, domain: second, public: parts.length === 3 };
  return { side, layer: 3 };
}

/** Why an import from `from` to `to` (both repository-relative) breaks the layering, or null. */
export function layerViolation(from, to) {
  const a = place(from);
  const b = place(to);
  if (!a || !b) return null;
  if (a.side === 'shared' && b.side !== 'shared') return null; // the side rules (no-restricted-imports) report these
  if (a.side === 'client' && b.side === 'server') return null;
  if (a.side === 'server' && b.side === 'client') return null;
  if (b.layer > a.layer) {
    return `${LAYER_NAMES[a.layer]} code must not import ${LAYER_NAMES[b.layer]} code (${to}): layers go one way, content ← platform ← domains ← composition.`;
  }
  if (a.layer === 2 && b.layer === 2 && a.domain !== b.domain) {
    if (tierOf(b.domain) >= tierOf(a.domain)) {
      return `The ${a.domain} domain must not import the ${b.domain} domain (${to}): between domains the arrows run one way, ${CHAIN}. Let the composition hand it over (server/app/domains.ts), or listen to the lower domain's event.`;
    }
    if (!b.public) return `The ${a.domain} domain reaches into the ${b.domain} domain's internals (${to}); use a file at the top of ${b.side}/${b.domain}/ (its public surface), or move the piece there.`;
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports go down the layers; domains use only each other’s public files.' } },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = path.relative(cwd, context.filename).split(path.sep).join('/');
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      const problem = layerViolation(file, target);
      if (problem) context.report({ node, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const layersPlugin = { rules: { layers: rule } };
