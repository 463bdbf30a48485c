import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import type { RouteObject } from 'react-router';
import { pages as sitePages } from '../shared/routes';
import type { SessionUser } from '../shared/session';
import type { ClientAssets } from './assets';
import type { Config } from './config';
import type { Store } from './db/store';
import { precompressedAssets, responseCompression } from './compression';
import { errorPageHtml } from './document';
import { createLogger, requestLogger, type Logger } from './logger';
import { createPageCache, type PageCache } from './page-cache';
import { createRenderHandler } from './render';
import { createServerRoutes } from './route-data';
import { createEnquiryService } from './enquiries/service';
import type { AccountService, EnquiryService, Services } from './services';
import { staffDownloads } from './staff/downloads';
import { countNew } from './staff/repo';
import type { RateLimitStore } from './rate-limit';
import { requestId, requestIdFrom, requestIdOf } from './request-id';
import { seoRoutes } from './seo/routes';
import { isWellFormedRequestTarget, nonceMiddleware, securityHeaders, type CspSources } from './security';

export interface AppDeps {
  config: Config;
  assets: ClientAssets;
  logger?: Logger;
  /** Route table; tests may add routes that throw or hang. */
  routes?: RouteObject[];
  /** Built client (production): hashed assets and public files. */
  clientDir?: string;
  /** Public files when there is no build (tests). */
  publicDir?: string;
  /** Middleware that must run before rendering (the Vite dev server). */
  devMiddleware?: RequestHandler;
  /** Who is signed in, from the request's session cookie. */
  getUser?: (req: Request) => Promise<SessionUser | null>;
  /** Routes under /api (sign-in session endpoints). */
  api?: express.Router;
  /** Months a closed request is kept (the privacy notice states it). */
  retentionMonths?: number;
  /** Makes accounts for the checkout (absent without an identity service). */
  accounts?: AccountService;
  /** Where the forms' requests are stored; without it forms answer 503 and keep what was typed. */
  enquiries?: EnquiryService;
  /** Identity-service origins the CSP must allow in the current mode. */
  csp?: CspSources;
  /** The database (requests, outbox, rate limits); opened by server/main.ts, absent in page-only tests. */
  store?: Store;
  /** Tells the outbox worker to send now: call it after storing a request. */
  wakeOutbox?: () => void;
  /** True once SIGTERM has started the shutdown (server/lifecycle.ts): /readyz answers 503, responses close their connection. */
  isDraining?: () => boolean;
  /** Extra readiness check for /readyz (e.g. the database answers); throws or rejects when not ready. */
  readinessCheck?: () => Promise<void>;
  /** Rate-limit counters shared by the app's limiters (server/db/rate-limit.ts: in the database, shared by instances). */
  rateLimitStore?: RateLimitStore;
  /** The anonymous pages' cache; by default one of config.pageCacheBytes. Its clear() is also in the services. */
  pageCache?: PageCache;
  /** Called when public content changes (a comment approved or removed): empty a page cache here. */
  onContentChange?: () => void;
}

const READINESS_TIMEOUT_MS = 2000;

const YEAR_S = 365 * 24 * 60 * 60;

type ExpressHandle = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;

/** Public files all have an extension; page paths do not, so they skip a file-system lookup that always fails. */
function filesOnly(serve: RequestHandler): RequestHandler {
  return (req, res, next) => (/\.[\w]+$/.test(req.path) ? serve(req, res, next) : next());
}

/** The Express app, without listening: server/index.ts starts it, tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  const logger = deps.logger ?? createLogger();
  const enquiries =
    deps.enquiries ??
    (deps.store ? createEnquiryService(deps.store, { clinicInbox: config.mail.clinicInbox, publicOrigin: config.publicOrigin, ...(deps.wakeOutbox ? { wake: deps.wakeOutbox } : {}) }) : undefined);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  if (deps.rateLimitStore) app.locals.rateLimitStore = deps.rateLimitStore;
  const isDraining = deps.isDraining ?? (() => false);

  app.use(requestId());
  // Always installed: with LOG_REQUESTS off it still logs every 5xx with its request id.
  app.use(requestLogger(logger, { everyRequest: config.logRequests }));
  app.use((_req, res, next) => {
    // Shutting down: each connection ends after its current response, so clients move elsewhere.
    if (isDraining()) res.setHeader('Connection', 'close');
    next();
  });
  // Anonymous pages from memory, before everything heavy (docs/decisions/0011-page-cache.md). A hit
  // is sent with the security headers the middleware below set for that URL when it was stored
  // (hashes in the CSP instead of a nonce); headers set above this line are set on every hit.
  const pageCache = deps.pageCache ?? createPageCache({ maxBytes: config.pageCacheBytes, buildId: deps.assets.buildId ?? 'dev' });
  app.use(pageCache.middleware);
  app.locals.pageCache = pageCache;
  // A hit skips Express's per-request set-up too: that alone halves the throughput of a cached page.
  // What the middleware above does for every request (request id, log line, Connection: close
  // while draining) is done here for hits.
  const expressHandle = (app as unknown as { handle: ExpressHandle }).handle.bind(app);
  (app as unknown as { handle: ExpressHandle }).handle = (req, res, callback) => {
    const stamp = (cached: boolean) => {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      if (isDraining()) res.setHeader('Connection', 'close');
      if (config.logRequests) {
        const start = process.hrtime.bigint();
        res.once('finish', () =>
          logger.info('request', { requestId: id, method: req.method, path: (req.url ?? '').split('?')[0], status: res.statusCode, durationMs: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10, cached }),
        );
      }
    };
    if (pageCache.serveHit(req, res, () => stamp(true))) return;
    // A target Express would misparse (or that does not decode) is refused here, before its router.
    // Checked after the cache: a hit cannot be one, as the cache only holds targets that passed.
    if (!isWellFormedRequestTarget(req.url)) {
      stamp(false);
      res.statusCode = 400;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Bad Request');
      return;
    }
    expressHandle(req, res, callback);
  };
  app.use(nonceMiddleware());
  app.use(securityHeaders({ isProduction: config.isProduction, extra: deps.csp }));
  // React flushes through res.flush(), so compression never holds back the streamed shell.
  // Rendered pages go out as gzip, assets as brotli (server/compression.ts).
  app.use(responseCompression());

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  // Readiness: may this instance get new traffic? No once shutdown has begun, or when a dependency is down.
  app.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (isDraining()) {
      res.locals.expectedStatus = 503;
      res.status(503).json({ status: 'draining' });
      return;
    }
    const readinessCheck = deps.readinessCheck ?? (deps.store ? () => deps.store!.ping() : undefined);
    if (readinessCheck) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          readinessCheck(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`readiness check timed out after ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        logger.error('not ready', { requestId: requestIdOf(req), error: error instanceof Error ? error.message : String(error) });
        res.status(503).json({ status: 'unavailable' });
        return;
      } finally {
        clearTimeout(timer);
      }
    }
    res.json({ status: 'ready' });
  });

  if (config.debugHeap) {
    // Measurement only (scripts/load.mjs), from this machine: heap after a full GC.
    app.get('/__debug/heap', (req, res) => {
      const remote = req.socket.remoteAddress ?? '';
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) {
        res.status(404).type('text/plain').send('Not Found');
        return;
      }
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      res.setHeader('Cache-Control', 'no-store');
      res.json({ gc: Boolean(gc), ...process.memoryUsage() });
    });
  }

  // Absolute URLs (canonical links, social cards, sitemap) use the configured public origin, never the Host header.
  app.use((_req, res, next) => {
    res.locals.publicOrigin = config.publicOrigin;
    next();
  });
  // Without a build (development, tests) the social cards and icons are drawn on the fly from public/.
  app.use(seoRoutes({ origin: config.publicOrigin, pages: sitePages, ...(deps.clientDir ? {} : { generateFrom: deps.publicDir ?? 'public' }) }));

  if (deps.clientDir) {
    // The build's brotli and gzip copies first (server/compression.ts), then the files themselves.
    app.use('/assets', precompressedAssets(path.join(deps.clientDir, 'assets'), YEAR_S * 1000));
    app.use(
      '/assets',
      express.static(path.join(deps.clientDir, 'assets'), { immutable: true, maxAge: YEAR_S * 1000, index: false, fallthrough: false }),
    );
    app.use(filesOnly(express.static(deps.clientDir, { index: false, maxAge: '1h' })));
  }
  if (deps.publicDir) app.use(filesOnly(express.static(deps.publicDir, { index: false, maxAge: '1h' })));
  if (deps.devMiddleware) {
    const dev = deps.devMiddleware;
    // Marks what the dev middleware answers itself (modules, assets), so the request log can leave it out.
    app.use((req, res, next) => {
      res.locals.devAsset = true;
      dev(req, res, (error?: unknown) => {
        res.locals.devAsset = false;
        next(error);
      });
    });
  }

  if (deps.api) app.use('/api', deps.api);
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });

  app.use(express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 }));
  const baseGetUser = deps.getUser ?? (async () => null);
  // Staff see the number of new requests in the site header, counted when the page is rendered.
  const getUser = async (req: Request): Promise<SessionUser | null> => {
    const user = await baseGetUser(req);
    if (!user?.role || !deps.store) return user;
    try {
      return { ...user, newRequests: await countNew(deps.store.db) };
    } catch (error) {
      logger.error('new-request count failed', { requestId: requestIdOf(req), error: error instanceof Error ? error.message : String(error) });
      return user;
    }
  };
  const services: Services = {
    logger,
    retentionMonths: deps.retentionMonths ?? config.retentionMonths,
    publicOrigin: config.publicOrigin,
    ...(enquiries ? { enquiries } : {}),
    ...(deps.store ? { store: deps.store } : {}),
    ...(deps.wakeOutbox ? { wakeOutbox: deps.wakeOutbox } : {}),
    ...(deps.accounts ? { accounts: deps.accounts } : {}),
    pageCache,
    // Public content changed (a comment approved, removed or erased): the cached pages are stale.
    onContentChange: () => {
      pageCache.clear();
      deps.onContentChange?.();
    },
  };
  // Downloads of the staff area (CSV of the list, one person's JSON), under the same checks as its pages.
  app.use(staffDownloads({ getUser, services }));
  app.use(
    createRenderHandler({
      routes: deps.routes ?? createServerRoutes(),
      assets: deps.assets,
      renderTimeoutMs: config.renderTimeoutMs,
      logger,
      getUser,
      services,
    }),
  );

  const onError: ErrorRequestHandler = (err: { status?: number; statusCode?: number; expose?: boolean; message?: string } | null | undefined, req, res, _next) => {
    const raw = err?.status ?? err?.statusCode;
    // Only a client-error status from the error itself is believed; anything else is our fault.
    const status = typeof raw === 'number' && raw >= 400 && raw < 500 ? raw : 500;
    const reference = requestIdOf(req);
    if (status >= 500) logger.error('request error', { requestId: reference, method: req.method, path: req.path, error: err?.message ?? String(err) });
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status < 500) {
      // The standard reason phrase, the same for the status everywhere (403 says Forbidden, e.g. for a path traversal).
      res.status(status).type('text/plain').send(STATUS_CODES[status] ?? 'Bad Request');
      return;
    }
    res.status(500).type('html').send(errorPageHtml(500, 'Something went wrong', 'We could not complete this request. Please try again in a moment.', reference));
  };
  app.use(onError);
  return app;
}
