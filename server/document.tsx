import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { DEFAULT_META, documentTitle, ERROR_META, FORBIDDEN_META, NOT_FOUND_META, resolvePageMeta, type PageMeta, type RouteHandle } from '../shared/page-meta';
import { SESSION_SCRIPT_ID, type SessionUser } from '../shared/session';
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
 * Everything before the app's HTML. The head is written by the server, not rendered
 * by React, so the hydrated root (#root) is the same React tree on both sides and
 * useId values match; the client keeps title and description current afterwards.
 * `head`: more tags for the head (canonical link, social card, structured data: server/seo/head.ts).
 */
export function documentStart(options: DocumentStartOptions): string {
  const { before, style, after } = documentStartParts(options);
  return before + style + after;
}

interface DocumentStartOptions {
  assets: PageAssets;
  /** The inline stylesheet's text when not the page's whole one (cut to its HTML: server/critical-css.ts). */
  style?: string;
  meta: PageMeta;
  head?: string;
  noindex?: boolean;
}

/**
 * The same, in three parts: what comes before the inline stylesheet's text, the text (empty
 * without one), and what follows it. The stylesheet is the same on every page of a kind, so
 * the render compresses it once and splices it in (server/page-gzip.ts).
 */
export function documentStartParts({ assets, meta, head = '', noindex = false, style }: DocumentStartOptions): { before: string; style: string; after: string } {
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
      head +
      links,
    style: assets.inlineStyle ? (style ?? assets.inlineStyle.css) : '',
    after: (assets.inlineStyle ? '</style>' : '') + '</head><body><div id="root">',
  };
}

/**
 * Production: the page hydrates when the visitor first shows intent (a touch, click, key, wheel,
 * scroll, mouse movement or focus), not on load (ADR 0018). The server HTML is whole and works
 * without scripts: links are links, forms post to the server (ADR 0008). On a phone the first
 * view then has the connection and the main thread to itself; the ~100 kB of scripts are
 * fetched at the lowest priority once the page has loaded and the browser is idle (`rel=prefetch`,
 * into the HTTP cache, not run), so the first tap only evaluates them. The page's whole
 * stylesheets too: the inline one holds only the rules its HTML uses (server/critical-css.ts);
 * on the first intent the whole ones are switched on, and the inline copy off, before hydration. Also after load: the service worker is
 * registered (offline support, public/sw.js; versioned by the entry's hash, so a deploy
 * replaces it).
 *
 * Nothing the visitor does before hydration is lost:
 * - a click on a control that only works with scripts (`button[type=button]`, `a[href="#"]`,
 *   `role=button|tab`) is held and replayed on the same element once React has taken it over
 *   (its props are attached: React's `__reactProps$` key; at the latest after 3 s);
 * - a field edited before then (typed into, chosen, ticked) is announced to React afterwards with
 *   the value the visitor left in it, so a controlled field's state takes that value instead of the
 *   server's empty one (each value is kept at the visitor's edit: announcing one field re-renders
 *   the form, which puts the other controlled fields back to their state before their turn).
 */
export function scriptLoader(entries: readonly string[], preloads: readonly string[]): string {
  const version = /entry-([\w-]+)\.js/.exec(entries[0] ?? '')?.[1] ?? 'build';
  return (
    '(function(){var d=document,w=window,h=d.documentElement,started=false,done=false,held=null,edited=[],' +
    `E=${jsonForScript(entries)},L=${jsonForScript(preloads)},` +
    'I=["pointerdown","touchstart","keydown","mousemove","wheel","scroll","focusin"],O={capture:true,passive:true};' +
    'function link(r,u){var l=d.createElement("link");l.rel=r;l.href=u;d.head.appendChild(l)}' +
    // The page's whole stylesheets (linked, disabled) first: the inline copy holds only the rules
    // its HTML uses (server/critical-css.ts), not those of the states scripts add. Once they have
    // loaded the inline copy is switched off (it would otherwise come later in the cascade than
    // rules it left out), then the entry is imported; after 3 s it is imported all the same.
    'var S=[].slice.call(d.querySelectorAll("link[rel=stylesheet][disabled]")),ran=false;' +
    'function run(){if(ran)return;ran=true;E.forEach(function(u){import(u)})}' +
    'function go(){if(started)return;started=true;I.forEach(function(t){w.removeEventListener(t,go,O)});' +
    'L.forEach(function(u){link("modulepreload",u)});' +
    'var st=d.querySelector("head>style"),left=S.length,bad=false;function loaded(){if(--left)return;if(st&&!bad)st.disabled=true;run()}' +
    'S.forEach(function(l){l.onload=loaded;l.onerror=function(){bad=true;loaded()};l.removeAttribute("disabled")});' +
    'if(!S.length)run();setTimeout(run,3000)}' +
    'I.forEach(function(t){w.addEventListener(t,go,O)});' +
    'function click(e){if(done)return;var t=e.target,c=t&&t.closest&&t.closest("button[type=button],a[href=\\"#\\"],[role=button]:not(a[href]),[role=tab]");' +
    'if(!c)return;e.preventDefault();e.stopImmediatePropagation();held=c;go()}' +
    'd.addEventListener("click",click,true);' +
    'function edit(e){var t=e.target;if(done||!t||!/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))return;' +
    'edited=edited.filter(function(x){return x.el!==t});edited.push({el:t,v:t.value,c:t.checked})}' +
    'd.addEventListener("input",edit,true);d.addEventListener("change",edit,true);' +
    'function owned(el){for(var k in el)if(k.indexOf("__reactProps$")===0)return true;return false}' +
    'function when(el,f,n){n=n||0;if(!el.isConnected)return;if(owned(el)||n>60)f();else setTimeout(function(){when(el,f,n+1)},50)}' +
    'function announce(x){var el=x.el,v=x.v;if(el.type==="checkbox"||el.type==="radio"){el.checked=!x.c;el.click();return}' +
    'if(el.tagName==="SELECT")el.value=v;else{var s=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el),"value");el.value=v+" ";s&&s.set?s.set.call(el,v):(el.value=v)}' +
    'el.dispatchEvent(new Event(el.tagName==="SELECT"?"change":"input",{bubbles:true}))}' +
    'new MutationObserver(function(m,o){if(h.dataset.hydrated!=="true")return;o.disconnect();done=true;d.removeEventListener("click",click,true);' +
    'edited.forEach(function(x){when(x.el,function(){announce(x)})});edited=[];if(held){var c=held;held=null;when(c,function(){c.click()})}})' +
    '.observe(h,{attributes:true,attributeFilter:["data-hydrated"]});' +
    // After load, when the browser is idle (the first view's images and paints done), one small
    // task at a time (a single task adding them all took ~30 ms on a slow machine, a long task on
    // a slow phone): the prefetches, then the service worker.
    'function idle(f){w.requestIdleCallback?w.requestIdleCallback(f,{timeout:3000}):setTimeout(f,50)}' +
    'var Q=S.map(function(l){return l.getAttribute("href")}).concat(E,L);function later(){var u=!started&&Q.shift();if(u){link("prefetch",u);idle(later);return}' +
    `var s=navigator.serviceWorker;s&&s.register(${jsonForScript(`/sw.js?v=${version}`)}).catch(function(){})}` +
    'if(d.readyState==="complete")idle(later);else w.addEventListener("load",function(){idle(later)},{once:true})})()'
  );
}

/** Everything after the app's HTML: the signed-in user for hydration (see shared/session.tsx), then the script loader. */
export function documentEnd({ nonce, user, assets }: { nonce: string | undefined; user: SessionUser | null; assets?: PageAssets }): string {
  // No nonce on pages bound for the page cache: their inline scripts are allowed by hash.
  const attr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  const loader = assets?.inlineLoader ? `<script${attr}>${scriptLoader(assets.entryScripts, assets.preloads)}</script>` : '';
  return `</div><script type="application/json" id="${SESSION_SCRIPT_ID}"${attr}>${jsonForScript(user)}</script>${loader}</body></html>`;
}

/** Static page for a failed render: no scripts, no details of the error; the request id as a reference for support. */
export function errorPageHtml(status: number, title: string, text: string, reference?: string): string {
  const ref = reference ? `<p>Reference: <code>${escapeHtml(reference)}</code></p>` : '';
  return `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f7f3ee;color:#1d2b30}main{max-width:32rem;padding:2rem;text-align:center}a{color:#0e5a63}</style></head><body><main><p>Error ${status}</p><h1>${title}</h1><p>${text}</p>${ref}<p><a href="/">Back to home</a></p></main></body></html>`;
}
