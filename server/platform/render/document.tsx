import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { DEFAULT_META, documentTitle, ERROR_META, FORBIDDEN_META, NOT_FOUND_META, resolvePageMeta, type PageMeta, type RouteHandle } from '../../../shared/platform/page-meta';
import { SESSION_SCRIPT_ID, type SessionUser } from '../../../shared/platform/session';
import type { PageAssets } from './assets';

/** JSON that is safe inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The page's title and description, from the router's answer (404 and errors included). */
export function metaFor(context: StaticHandlerContext): PageMeta {
  if (context.errors) {
    const error = Object.values(context.errors)[0];
    if (isRouteErrorResponse(error) && error.status === 404) return NOT_FOUND_META;
    return isRouteErrorResponse(error) && error.status === 403 ? FORBIDDEN_META : ERROR_META;
  }
  return context.matches.length ? resolvePageMeta(context.matches.map((m) => ({ handle: m.route.handle, data: context.loaderData[m.route.id] }))) : DEFAULT_META;
}

/** A page only for signed-in people or staff: kept out of search engines and every cache. */
export function isPrivatePage(context: StaticHandlerContext): boolean {
  return context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.private === true);
}


/**
 * The first frame waits until the parser has reached the session script, which follows the app's
 * HTML (documentEnd): it shows the whole page, never a top strip of it (ADR 0024). Pages that render
 * in one pass are sent in one piece, so this waits for parsing, not for the network; without it
 * Chromium could paint between two slices of the parser's work (on this machine, before a third of
 * Lighthouse's loads). Browsers that do not know `rel=expect` ignore it.
 */
export const RENDER_WHOLE_PAGE = `<link rel="expect" href="#${SESSION_SCRIPT_ID}" blocking="render">`;

/**
 * The web faces of shared/styles/fonts.css, one `font` value each: the head asks for them while the
 * HTML is still being parsed (ADR 0025). Left to the CSS, Chromium requests a web font at the
 * first layout that needs it, lays the page out with the fallback faces and again when the font
 * has come; asked for from the head, the fonts are usually there for the first layout, which is
 * then the only one. `font-display: swap` still holds if they are late.
 */
export const EARLY_FONTS = ['1em "Inter Variable"', '600 1em "Fraunces Variable"'] as const;
const EARLY_FONTS_JS = `for(const f of ${JSON.stringify(EARLY_FONTS)})document.fonts?.load(f).catch(()=>{})`;
const earlyFontsScript = (nonce: string | undefined) => `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>${EARLY_FONTS_JS}</script>`;

interface DocumentStartOptions {
  assets: PageAssets;
  /** The response's CSP nonce; none on a page bound for the page cache (its inline scripts are allowed by hash). */
  nonce?: string;
  /** The inline stylesheet's text when not the page's whole one (cut to its HTML: server/platform/render/critical-css.ts). */
  style?: string;
  meta: PageMeta;
  head?: string;
  noindex?: boolean;
}

/**
 * Everything before the app's HTML, in three parts: what comes before the inline stylesheet's
 * text, the text (empty without one), and what follows it. The head is written by the server,
 * not rendered by React, so the hydrated root (#root) is the same React tree on both sides and
 * useId values match; the client keeps title and description current afterwards. `head`: more
 * tags for the head (canonical link, social card, structured data: server/app/seo/head.ts). The
 * stylesheet is the same on every page of a kind, so the render compresses it once and splices
 * it in (server/platform/render/page-gzip.ts).
 */
export function documentStartParts({ assets, meta, head = '', noindex = false, style, nonce }: DocumentStartOptions): { before: string; style: string; after: string } {
  // Production inlines the page's CSS (one <style>, allowed by its hash in the CSP): the first
  // paint of a first visit on a slow connection then waits for the HTML alone. The same files
  // are listed as disabled <link>s (not fetched): Vite's loader for later pages looks for them
  // there and so does not download again what the page already has.
  const links = assets.inlineStyle
    ? assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" disabled>`).join('') + '<style>'
    : assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return {
    before:
      '<!DOCTYPE html><html lang="en-NG"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${escapeHtml(documentTitle(meta))}</title>` +
      `<meta name="description" content="${escapeHtml(meta.description)}">` +
      (noindex ? '<meta name="robots" content="noindex, nofollow">' : '') +
      '<meta name="theme-color" content="#0e5a63"><link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
      RENDER_WHOLE_PAGE +
      head +
      links,
    style: assets.inlineStyle ? (style ?? assets.inlineStyle.css) : '',
    // After the inline stylesheet, which declares the faces (development has none inline).
    after: (assets.inlineStyle ? '</style>' + earlyFontsScript(nonce) : '') + '</head><body><div id="root">',
  };
}

/**
 * Production: the loader (client/loader.ts, ADR 0018) with this page's lists on its element: it
 * starts the page's scripts on the visitor's first intent and prefetches them, and the whole
 * stylesheets, once the page has loaded. `async`: it waits for nothing and nothing waits for it;
 * low priority: the first view's image and fonts come first (it has nothing to show).
 */
export function loaderTag(loader: string, entries: readonly string[], preloads: readonly string[], nonce?: string, fetches: readonly string[] = []): string {
  const version = /entry-([\w-]+)\.js/.exec(entries[0] ?? '')?.[1] ?? 'build';
  const attr = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;
  return (
    `<script type="module" async fetchpriority="low"${attr('src', loader)}${nonce ? attr('nonce', nonce) : ''}${attr('data-entry', entries.join(' '))}` +
    `${attr('data-prefetch', preloads.join(' '))}${fetches.length ? attr('data-fetch', fetches.join(' ')) : ''}${attr('data-sw', `/sw.js?v=${version}`)}></script>`
  );
}

/** What the browser's start needs besides the session: `data` as `data-*` attributes of the session element, `fetch` prefetched with the scripts. */
export interface DocumentBoot {
  data: Readonly<Record<string, string>>;
  fetch: readonly string[];
}

/** Everything after the app's HTML: the signed-in user for hydration (see shared/platform/session.tsx), then the loader. */
export function documentEnd({ nonce, user, assets, boot }: { nonce: string | undefined; user: SessionUser | null; assets?: PageAssets; boot?: DocumentBoot }): string {
  // No nonce on pages bound for the page cache: their inline scripts are allowed by hash.
  const attr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  const data = Object.entries(boot?.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const loader = assets?.loaderScript ? loaderTag(assets.loaderScript, assets.entryScripts, assets.preloads, nonce, boot?.fetch) : '';
  return `</div><script type="application/json" id="${SESSION_SCRIPT_ID}"${attr}${data}>${jsonForScript(user)}</script>${loader}</body></html>`;
}

/** Static page for a failed render: no scripts, no details of the error; the request id as a reference for support. */
export function errorPageHtml(status: number, title: string, text: string, reference?: string): string {
  const ref = reference ? `<p>Reference: <code>${escapeHtml(reference)}</code></p>` : '';
  return `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f7f3ee;color:#1d2b30}main{max-width:32rem;padding:2rem;text-align:center}a{color:#0e5a63}</style></head><body><main><p>Error ${status}</p><h1>${title}</h1><p>${text}</p>${ref}<p><a href="/">Back to home</a></p></main></body></html>`;
}
