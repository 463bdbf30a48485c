import type { StaticHandlerContext } from 'react-router';
import { site } from '../../../shared/content/site';
import type { PageMeta } from '../../../shared/platform/page-meta';
import { isMediaKey, mediaUrl, type MediaPicture, type PictureVariant } from '../../../shared/platform/media';
import { CARD_HEIGHT, CARD_WIDTH, cardFor } from '../../../shared/app/seo/social-cards';
import { canonicalPath } from '../../../shared/app/seo/urls';
import { escapeHtml, jsonForScript } from '../../platform/render/document';
import { breadcrumbsFor } from './breadcrumbs';
import {
  blogPostingNode,
  breadcrumbNode,
  clinicNode,
  faqPageNode,
  graph,
  principalNode,
  serviceNode,
  serviceNodes,
  teamNodes,
  type JsonLdNode,
} from './structured-data';
import type { ServiceSummary } from '../../../shared/clinic/team';
import type { ClinicFacts } from '../../../shared/clinic/types';
import type { BlogPost } from '../../../shared/blog/loaders';

/** What the render handler knows that the head needs (from res.locals). */
export interface SeoLocals {
  publicOrigin?: string;
  cspNonce?: string;
}

const FAQ_PAGES = new Set(['/homeTwo', '/homeThree']);
/** The pages about the clinic: its node in full (elsewhere its identity, `clinicNode`). */
const CLINIC_PAGES = new Set(['/', '/about', '/contact']);
/** The pages that show the team with their biographies: a node per person. The home pages' and
 * /about's team carousels (names, titles, portraits) link there. */
const TEAM_PAGES = new Set(['/doctors', '/doctorsTwo']);
const SERVICE_LIST_PAGES = new Set(['/services']);

interface LeafData {
  service?: ServiceSummary;
  post?: BlogPost;
  canonical?: string;
}

/** The structured data of one page: the clinic everywhere (in full where the page is about it), plus what the page shows. */
export function structuredDataFor(routePath: string, data: LeafData, origin: string, pageUrl: string, imageUrl: string, facts: ClinicFacts): JsonLdNode[] {
  const nodes: JsonLdNode[] = [clinicNode(origin, facts, CLINIC_PAGES.has(routePath))];
  if (SERVICE_LIST_PAGES.has(routePath)) nodes.push(...serviceNodes(origin, facts));
  if (data.service) nodes.push(serviceNode(origin, facts, data.service));
  if (TEAM_PAGES.has(routePath)) nodes.push(...teamNodes(origin, facts, `${origin}/doctors`));
  if (routePath === '/doctorDetails') nodes.push(...principalNode(origin, facts, pageUrl));
  if (data.post) nodes.push(blogPostingNode(origin, data.post, pageUrl, imageUrl));
  if (FAQ_PAGES.has(routePath)) nodes.push(faqPageNode(pageUrl, facts));
  const crumbs = breadcrumbsFor(routePath, data, origin, facts);
  if (crumbs) nodes.push(breadcrumbNode(pageUrl, crumbs));
  return nodes;
}

/** The copy of an upload a link preview takes: a JPEG (every preview reads one) nearest the card's width. */
function cardCopy(picture: MediaPicture): PictureVariant | undefined {
  const jpeg = picture.variants.filter((v) => v.type === 'image/jpeg' && isMediaKey(v.key));
  return jpeg.sort((a, b) => Math.abs(a.width - CARD_WIDTH) - Math.abs(b.width - CARD_WIDTH))[0];
}

/**
 * Head tags for search engines and link previews, written by the server: canonical link,
 * Open Graph and Twitter card, manifest, and JSON-LD. Error pages get `noindex` instead.
 */
export function seoHead(context: StaticHandlerContext, meta: PageMeta, locals: SeoLocals, facts: ClinicFacts): string {
  const origin = locals.publicOrigin ?? 'http://localhost:3000';
  const common = `<link rel="manifest" href="/manifest.webmanifest"><link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">`;
  const leaf = context.matches[context.matches.length - 1];
  const routePath = leaf?.route.path;
  if (context.errors || !leaf || !routePath || routePath === '*' || routePath === '/notMatch') {
    return `${common}<meta name="robots" content="noindex">`;
  }
  const data = (context.loaderData[leaf.route.id] ?? {}) as LeafData;
  const pageUrl = origin + canonicalPath(context.location.pathname, context.location.search, data.canonical);
  // An uploaded picture (a post's cover) is its own card: its JPEG copy nearest a card's width.
  const uploaded = data.post?.img.media && routePath !== '/blogDetailsVideo' ? cardCopy(data.post.img.media) : undefined;
  const card = uploaded ? { key: '', img: data.post!.img } : cardFor(routePath, data);
  const imageUrl = uploaded ? origin + mediaUrl(uploaded.key) : card ? `${origin}/og/${card.key}.png` : `${origin}/icons/icon-512.png`;
  const e = escapeHtml;
  const tags = [
    `<link rel="canonical" href="${e(pageUrl)}">`,
    common,
    `<meta property="og:type" content="${data.post ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="${e(site.name)}">`,
    `<meta property="og:locale" content="en_NG">`,
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    `<meta property="og:url" content="${e(pageUrl)}">`,
    `<meta property="og:image" content="${e(imageUrl)}">`,
    `<meta property="og:image:type" content="${uploaded ? uploaded.type : 'image/png'}">`,
    `<meta property="og:image:width" content="${uploaded ? uploaded.width : CARD_WIDTH}">`,
    `<meta property="og:image:height" content="${uploaded ? uploaded.height : CARD_HEIGHT}">`,
    `<meta property="og:image:alt" content="${e(card?.img.alt || site.name)}">`,
    ...(data.post ? [`<meta property="article:published_time" content="${e(data.post.date)}">`] : []),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(meta.title)}">`,
    `<meta name="twitter:description" content="${e(meta.description)}">`,
    `<meta name="twitter:image" content="${e(imageUrl)}">`,
    `<meta name="twitter:image:alt" content="${e(card?.img.alt || site.name)}">`,
  ];
  const jsonLd = graph(structuredDataFor(routePath, data, origin, pageUrl, imageUrl, facts));
  // A data block: never executed, but it carries the nonce so no CSP can mistake it for a script.
  const nonce = locals.cspNonce ? ` nonce="${e(locals.cspNonce)}"` : '';
  tags.push(`<script type="application/ld+json"${nonce}>${jsonForScript(jsonLd)}</script>`);
  return tags.join('');
}
