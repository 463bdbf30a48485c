import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Extra origins a mode needs (e.g. the identity service's hosts), merged into the CSP. */
export interface CspSources {
  connectSrc?: readonly string[];
  frameSrc?: readonly string[];
  scriptSrc?: readonly string[];
  imgSrc?: readonly string[];
}

/**
 * Pages that sign people in (and so load the Firebase SDK). The identity service's origins
 * (scripts, its API for `connect-src`, its sign-in frame) are allowed on these documents only;
 * links to them load a new document (`reloadDocument`) so they always get this CSP.
 */
export const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/login', '/register', '/checkout']);

/** Embeds load only when the visitor asks (click to play), but their frames must be allowed. */
const EMBED_FRAMES = ['https://www.youtube-nocookie.com', 'https://w.soundcloud.com'];

export function nonceMiddleware(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(18).toString('base64');
    next();
  };
}

export function securityHeaders({ isProduction, extra = {} }: { isProduction: boolean; extra?: CspSources }): RequestHandler {
  const signIn = helmetFor(isProduction, extra);
  const other = helmetFor(isProduction, { ...extra, scriptSrc: [], connectSrc: [], frameSrc: [] });
  return (req, res, next) => (SIGN_IN_PATHS.has(req.path.replace(/\/+$/, '') || '/') ? signIn : other)(req, res, next);
}

function helmetFor(isProduction: boolean, extra: CspSources): RequestHandler {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  // Development: Vite's HMR websocket listens on its own port.
  const connectSrc = [...(isProduction ? [] : ['ws://localhost:*', 'ws://127.0.0.1:*']), ...(extra.connectSrc ?? [])];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...(extra.scriptSrc ?? [])],
        scriptSrcAttr: ["'none'"],
        // Vite injects <style> tags in development; in production each page's CSS is one inline
        // <style>, allowed by its hash (added per response: withStyleHash, server/platform/render/page-renderer.tsx).
        styleSrc: isProduction ? ["'self'", nonce] : ["'self'", "'unsafe-inline'"],
        // Style attributes: React style props and the carousel's per-view custom properties.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(extra.imgSrc ?? [])],
        // Fonts, media, the manifest and (through script-src) workers fall back to default-src
        // 'self'; naming them again cost ~90 bytes of every page's headers, which count against
        // the ~14.6 kB a new connection delivers in its first round trip (ADR 0027). So does
        // connect-src, unless a mode adds origins to it.
        ...(connectSrc.length ? { connectSrc: ["'self'", ...connectSrc] } : {}),
        frameSrc: [...EMBED_FRAMES, ...(extra.frameSrc ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google sign-in opens a popup that must be able to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // The same as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    // Not sent: headers for software no visitor runs any more (Internet Explorer 8's download
    // dialog, the XSS auditor removed from browsers in 2019, Flash and Acrobat cross-domain
    // policies). Every byte of a page's headers counts against the ~14.6 kB a new connection
    // delivers in its first round trip (ADR 0018).
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    // `X-DNS-Prefetch-Control: off` neither: browsers do not prefetch the host names of a page's
    // links on an HTTPS page unless it says `on` (ADR 0027).
    xDnsPrefetchControl: false,
  });
}

/** The CSP with `source` (e.g. `'sha256-…'` of the page's inline <style>) added to `style-src`. */
export function withStyleHash(csp: string, source: string): string {
  return csp
    .split(';')
    .map((d) => (/^\s*style-src(-elem)?\s/.test(d) ? `${d} ${source}` : d))
    .join(';');
}

/**
 * Whether a request line's target may reach Express: origin-form (`/path?query`), asterisk-form,
 * or an absolute URL, with a path that percent-decodes. Anything else is a bad request, answered
 * before Express (server/app/app.tsx) and never echoed: a target like `http://[::1/` makes Express's
 * router parse it with Node's legacy URL parser, which warns now (DEP0170) and will throw in a
 * later Node, and a path that does not decode (`/%E0%A4%A`) would throw in the routes.
 */
export function isWellFormedRequestTarget(url: string | undefined): boolean {
  if (!url) return false;
  if (url === '*') return true;
  let path: string;
  if (url.startsWith('/')) {
    const query = url.indexOf('?');
    path = query === -1 ? url : url.slice(0, query);
  } else {
    try {
      path = new URL(url).pathname;
    } catch {
      return false;
    }
  }
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A form post that the browser says comes from another site. Modern browsers send
 * Sec-Fetch-Site and Origin on every POST; a client that sends neither (curl, old
 * browsers) is let through, since page forms change nothing an attacker can read back.
 * The session API is stricter (server/platform/session/session.ts).
 */
export function isCrossSite(req: { get(name: string): string | undefined; host: string }): boolean {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.host;
  } catch {
    return true; // "null" (sandboxed or privacy-stripped) or garbage
  }
}
