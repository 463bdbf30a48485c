import { Writable } from 'node:stream';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type RouteObject, type RouterContextProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { DATA_PARAM } from '../../../shared/platform/data-protocol';
import type { PageMeta, RouteHandle } from '../../../shared/platform/page-meta';
import { pageModuleKey } from '../../../shared/platform/page-route';
import { SessionProvider, type SessionUser } from '../../../shared/platform/session';
import type { ClientAssets } from './assets';
import { acceptsEncoding } from '../http/compression';
import { documentEnd, documentStartParts, errorPageHtml, isPrivatePage, metaFor, type DocumentBoot } from './document';
import type { Logger } from '../http/logger';
import type { PageCapture } from '../page-cache';
import { gzipPage, storedPart, type StoredPart } from './page-gzip';
import { StoreUnavailableError } from '../db/store';
import { createDataEndpoint } from './data-endpoint';
import { copyHeaders, toFetchRequest } from './fetch-request';
import { withStyleHash } from '../http/security';
import { errorFields } from '../http/error-fields';
import { requestIdOf } from '../http/request-id';

export interface RenderDeps {
  /** React Router's static handler over the app's route tree (made once by the composition). */
  handler: StaticHandler;
  assets: ClientAssets;
  renderTimeoutMs: number;
  logger: Logger;
  getUser: (req: ExpressRequest) => Promise<SessionUser | null>;
  /** The router context of one request: who asks, from where, and the services (route-context.ts `requestContext`). */
  context: (req: ExpressRequest, user: SessionUser | null) => RouterContextProvider;
  /** Tags for a public page's head (canonical link, social cards, structured data): the composition's (server/app/seo/head.ts). */
  head?: (context: StaticHandlerContext, meta: PageMeta, locals: Record<string, unknown>) => string;
  /**
   * What the app around the router needs, made ready for each request before its loaders run
   * (pages and data requests; awaited), then given: providers around the tree, data for the
   * browser's start (attributes on the session element), and files for the page's loader to
   * prefetch with its scripts. The composition's: the clinic's facts, and an editor's preview.
   * `isPrivate`: this request's page is for its visitor only (never cached, not indexed).
   */
  shell?: {
    prepare(req: ExpressRequest, user: SessionUser | null): Promise<void>;
    wrap(app: ReactNode, req: ExpressRequest): ReactNode;
    boot(req: ExpressRequest): DocumentBoot;
    isPrivate?(req: ExpressRequest): boolean;
  };
}

// Crawlers get the whole document at once; people get the shell as soon as it is ready.
const BOT_UA = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse-seo/i;

function pageKeys(context: StaticHandlerContext): string[] {
  const keys: string[] = [];
  for (const m of context.matches) {
    const page = (m.route.handle as { page?: string } | undefined)?.page;
    if (page) keys.push(pageModuleKey(page));
  }
  return keys;
}

/**
 * The matched branch of the route tree: all the static router needs to render a page, which
 * reads the routes of the matches from its own copy. It copies every route it is given on every
 * request (creating each page's elements), so it gets the two or three matched ones rather than
 * the whole table of fifty (ADR 0017).
 */
export function matchedBranch(context: StaticHandlerContext, all: RouteObject[]): RouteObject[] {
  if (context.matches.length === 0) return all;
  let branch: RouteObject[] | undefined;
  for (let i = context.matches.length - 1; i >= 0; i--) {
    branch = [{ ...context.matches[i]!.route, children: branch } as RouteObject];
  }
  return branch!;
}

/**
 * The router's context as the document's hydration data carries it: without the parts of a
 * route's loader data its handle names in `hydrateFromHtml` (a key, or a dotted path into an
 * object: `post.img`): the page's HTML shows them in full and the browser keeps that HTML
 * (shared/ui/kept-html.tsx; ADR 0052). The page itself renders from the full data.
 */
export function hydrationContext(context: StaticHandlerContext): StaticHandlerContext {
  let loaderData: Record<string, unknown> | undefined;
  for (const { route } of context.matches) {
    const paths = (route.handle as RouteHandle | undefined)?.hydrateFromHtml;
    const data: unknown = context.loaderData[route.id];
    if (!paths?.length || !isRecord(data)) continue;
    const kept = { ...data };
    for (const path of paths) withoutPath(kept, path.split('.'));
    loaderData = { ...(loaderData ?? context.loaderData), [route.id]: kept };
  }
  return loaderData ? { ...context, loaderData } : context;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deletes `keys` (a path) from `object`, copying each object on the way so the router's own data is untouched. */
function withoutPath(object: Record<string, unknown>, [key, ...rest]: string[]): void {
  if (key === undefined) return;
  if (rest.length === 0) {
    delete object[key];
    return;
  }
  const inner = object[key];
  if (!isRecord(inner)) return;
  const copy = { ...inner };
  object[key] = copy;
  withoutPath(copy, rest);
}

function applyRouteHeaders(res: ExpressResponse, context: StaticHandlerContext) {
  const leaf = context.matches[context.matches.length - 1];
  if (!leaf) return;
  for (const h of [context.actionHeaders[leaf.route.id], context.loaderHeaders[leaf.route.id]]) if (h) copyHeaders(res, h);
  // A page whose address holds a secret (a manage link's token): its links and requests send the
  // address to this site only (`same-origin`, ADR 0042: under `no-referrer` a browser's form post
  // says `Origin: null`, which the cross-site guard refuses, and the page's forms would not post
  // without JavaScript). This site never logs a Referer, and logs a path's token redacted.
  if ((leaf.route.handle as RouteHandle | undefined)?.noReferrer) res.setHeader('Referrer-Policy', 'same-origin');
}

/**
 * Where React writes the app's HTML: into the response, with the document's tail on end.
 * React writes many small chunks and calls `flush` after each batch (the shell, then each
 * boundary that completes); the chunks are joined and written once per batch, so the
 * compressor works on a few large writes instead of dozens of small ones.
 */
function appSink(res: ExpressResponse, head: string, tail: string): Writable {
  let pending: Buffer[] = [Buffer.from(head)];
  const writeOut = () => {
    if (pending.length === 0) return;
    res.write(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      callback();
    },
    final(callback) {
      pending.push(Buffer.from(tail));
      res.end(Buffer.concat(pending));
      pending = [];
      callback();
    },
  });
  Object.assign(sink, {
    flush: () => {
      writeOut();
      (res as ExpressResponse & { flush?: () => void }).flush?.();
    },
  });
  return sink;
}

/** Where React writes a page bound for the cache: memory, handed over whole with head and tail. */
function bufferSink(head: string, tail: string, done: (body: Buffer) => void): Writable {
  const chunks: Buffer[] = [Buffer.from(head)];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      chunks.push(Buffer.from(tail));
      done(Buffer.concat(chunks));
      callback();
    },
  });
}

/** React's mark of a Suspense boundary left for the browser to render (it suspended or threw). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The app's HTML in one synchronous pass, with the bootstrap module scripts React would have
 * added, or undefined when some part suspended or threw (then the streaming renderer handles it).
 */
export function renderWhole(app: ReactNode, bootstrapModules: string[] | undefined, nonce: string | undefined): string | undefined {
  let html: string;
  try {
    html = renderToString(app);
  } catch {
    // Thrown outside any boundary, or suspended where nothing can wait: the streaming renderer
    // waits, or reports the error with its status and log line.
    return undefined;
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return undefined;
  const attr = nonce ? ` nonce="${escapeAttribute(nonce)}"` : '';
  for (const src of bootstrapModules ?? []) html += `<script type="module" src="${escapeAttribute(src)}"${attr} async=""></script>`;
  return html;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/** Each inline stylesheet's compressed piece, made at its first use (per page kind and set of classes). */
class StyleParts {
  private readonly parts = new Map<string, StoredPart>();
  get(css: string): StoredPart {
    let part = this.parts.get(css);
    if (!part) {
      part = storedPart(css);
      // One per page kind and set of classes (server/platform/render/critical-css.ts): bounded all the same.
      if (this.parts.size >= 512) this.parts.clear();
      this.parts.set(css, part);
    }
    return part;
  }
}

/**
 * Pages: request → React Router query → one `renderToString` pass (streaming with
 * `renderToPipeableStream` when something suspends); status and headers from the router.
 * `?_data=` requests go to the data endpoint (data-endpoint.ts) over the same routes.
 */
/** A render that took longer than RENDER_TIMEOUT_MS: its class is what the log line names (no message is logged). */
export class RenderTimeoutError extends Error {
  constructor(ms: number) {
    super(`Render timed out after ${ms} ms`);
    this.name = 'RenderTimeoutError';
  }
}

export function createPageRenderer(deps: RenderDeps): RequestHandler {
  const { handler } = deps;
  const styleParts = new StyleParts();
  const answerDataRequest = createDataEndpoint({ routes: handler.dataRoutes, logger: deps.logger, getUser: deps.getUser, context: deps.context, ...(deps.shell ? { prepare: deps.shell.prepare } : {}) });

  return async (req, res, next) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());

    const dataRoute = req.query[DATA_PARAM];
    if (dataRoute !== undefined) {
      await answerDataRequest(req, res, typeof dataRoute === 'string' ? dataRoute : '', controller.signal);
      return;
    }

    let context: StaticHandlerContext | Response;
    let user: SessionUser | null;
    try {
      user = await deps.getUser(req);
      await deps.shell?.prepare(req, user);
      context = await handler.query(toFetchRequest(req, controller.signal), { requestContext: deps.context(req, user) });
    } catch (error) {
      if (controller.signal.aborted) return;
      next(error);
      return;
    }
    if (controller.signal.aborted) return;

    if (!(context instanceof Response) && context.errors) {
      // A loader or action that threw (not a response it meant to send): logged here, once, by
      // class and code; the route's error boundary shows the visitor a page and logs nothing.
      for (const [route, error] of Object.entries(context.errors)) {
        if (!isRouteErrorResponse(error)) deps.logger.error('loader or action failed', { requestId: requestIdOf(req), path: req.path, route, ...errorFields(error) });
      }
      // A loader that found no database behind the store: the page is unavailable (503), not broken.
      if (Object.values(context.errors).some((e) => e instanceof StoreUnavailableError)) context.statusCode = 503;
    }

    if (context instanceof Response) {
      const location = context.headers.get('Location');
      if (context.status >= 300 && context.status < 400 && location) {
        // With the headers it asked for: a Location that carries a secret says no-store, a cookie set on the way is set.
        const headers = new Headers(context.headers);
        headers.delete('location');
        headers.delete('X-Remix-Reload-Document');
        copyHeaders(res, headers);
        res.redirect(context.status, location);
      } else {
        res.status(context.status).end();
      }
      return;
    }

    const isPrivate = isPrivatePage(context) || deps.shell?.isPrivate?.(req) === true;
    // An anonymous page bound for the page cache: rendered whole, without a nonce (its
    // inline scripts are allowed by hash), so every anonymous visitor gets the same bytes.
    const capture = res.locals.pageCapture as PageCapture | undefined;
    const cacheable = capture !== undefined && req.method === 'GET' && !user && !isPrivate;
    const nonce = cacheable ? undefined : (res.locals.cspNonce as string);
    const assets = deps.assets.forPages(pageKeys(context));
    const csp = res.getHeader('Content-Security-Policy');
    if (assets.inlineStyle && typeof csp === 'string') res.setHeader('Content-Security-Policy', withStyleHash(csp, assets.inlineStyle.hash));
    const router = createStaticRouter(matchedBranch(context, handler.dataRoutes), context);
    const isBot = cacheable || BOT_UA.test(req.get('user-agent') ?? '');
    let failed = false;

    const routed = <StaticRouterProvider router={router} context={hydrationContext(context)} nonce={nonce} />;
    const app = <SessionProvider user={user}>{deps.shell ? deps.shell.wrap(routed, req) : routed}</SessionProvider>;
    const bootstrapModules = assets.loaderScript ? undefined : assets.entryScripts;

    /**
     * Status and headers, then the document's head and tail; undefined when nothing more is to
     * be written (a HEAD request, or the head failed and the error page went out instead).
     */
    const begin = (abort: () => void, style?: string): { before: string; style: string; after: string; tail: string } | undefined => {
      res.status(failed ? 500 : context.statusCode);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      // Pages carry a per-response nonce and may show who is signed in.
      res.setHeader('Cache-Control', user || isPrivate ? 'private, no-store' : 'no-cache');
      res.setHeader('Vary', 'Cookie');
      applyRouteHeaders(res, context);
      if (req.method === 'HEAD') {
        res.end();
        return undefined;
      }
      try {
        const meta = metaFor(context);
        // Private pages (staff, one-time links) are for no search engine or link preview: no SEO tags.
        // A cached page carries no nonce: the one of this response would be stale for the next visitor.
        const seo = isPrivate || !deps.head ? '' : deps.head(context, meta, cacheable ? { ...res.locals, cspNonce: undefined } : res.locals);
        return { ...documentStartParts({ assets, meta, head: seo, noindex: isPrivate, style, nonce }), tail: documentEnd({ nonce, user, assets, ...(deps.shell ? { boot: deps.shell.boot(req) } : {}) }) };
      } catch (error) {
        // Thrown here, nothing would ever answer: abort the render and send the error page.
        deps.logger.error('document head failed', { requestId: requestIdOf(req), path: req.path, ...errorFields(error) });
        abort();
        res.status(500).type('html').setHeader('Cache-Control', 'no-store');
        res.send(errorPageHtml(500, 'Something went wrong', 'We could not show this page. Please try again in a moment.', requestIdOf(req)));
        return undefined;
      }
    };

    // The loaders have run, so a page almost always renders in one synchronous pass: render it
    // to a string, which costs half of what streaming React's many small chunks does (ADR 0017).
    // A part that suspends or throws leaves a client-render marker; such a page goes through
    // the streaming renderer below, which waits for it (up to the timeout) and reports errors.
    const whole = renderWhole(app, bootstrapModules, nonce);
    if (whole !== undefined) {
      // The whole HTML is known before the head: inline only the rules it can use (ADR 0018).
      const critical = assets.inlineStyle?.forHtml?.(whole);
      if (critical && typeof csp === 'string') res.setHeader('Content-Security-Policy', withStyleHash(csp, critical.hash));
      const parts = begin(() => {}, critical?.css);
      if (!parts) return;
      const { before, style, after, tail } = parts;
      if (cacheable) {
        capture(res, { status: context.statusCode, body: Buffer.from(before + style + after + whole + tail) });
        return;
      }
      // Compressed here rather than by the middleware, with the stylesheet's piece compressed
      // once (server/platform/render/page-gzip.ts); the middleware leaves an encoded answer alone.
      if (style && acceptsEncoding(req.headers['accept-encoding'], 'gzip')) {
        try {
          const body = await gzipPage([before, styleParts.get(style), after + whole + tail]);
          if (controller.signal.aborted) return;
          res.setHeader('Content-Encoding', 'gzip');
          res.vary('Accept-Encoding');
          res.end(body);
        } catch (error) {
          next(error);
        }
        return;
      }
      res.end(before + style + after + whole + tail);
      return;
    }

    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      bootstrapModules,
      // React outlines a Suspense boundary bigger than this (12.8 kB by default): its HTML is
      // sent hidden and shown by an inline script, so without JavaScript it never shows. Pages
      // here are small: every completed boundary goes inline, where it belongs.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [isBot ? 'onAllReady' : 'onShellReady']() {
        const parts = begin(abort);
        if (!parts) return;
        const head = parts.before + parts.style + parts.after;
        if (cacheable) {
          pipe(bufferSink(head, parts.tail, (body) => capture(res, { status: failed ? 500 : context.statusCode, body })));
          return;
        }
        pipe(appSink(res, head, parts.tail));
      },
      onShellError(error: unknown) {
        deps.logger.error('render failed', { requestId: requestIdOf(req), path: req.path, ...errorFields(error) });
        if (res.headersSent) return;
        res.status(500).type('html').setHeader('Cache-Control', 'no-store');
        res.send(errorPageHtml(500, 'Something went wrong', 'We could not show this page. Please try again in a moment.', requestIdOf(req)));
      },
      onError(error: unknown) {
        failed = true;
        if (!controller.signal.aborted) {
          deps.logger.error('render error', { requestId: requestIdOf(req), path: req.path, ...errorFields(error) });
        }
      },
    });

    const timer = setTimeout(() => abort(new RenderTimeoutError(deps.renderTimeoutMs)), deps.renderTimeoutMs);
    timer.unref();
    controller.signal.addEventListener('abort', () => abort(new Error('Client disconnected')));
    res.on('finish', () => clearTimeout(timer));
    res.on('close', () => clearTimeout(timer));
  };
}
