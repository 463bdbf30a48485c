import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import type { RouteObject } from 'react-router';
import type { SessionUser } from '../shared/session';
import type { ClientAssets } from './assets';
import type { Config } from './config';
import { errorPageHtml } from './document';
import { createLogger, requestLogger, type Logger } from './logger';
import { createPageCache, type PageCache } from './page-cache';
import { createRenderHandler } from './render';
import { createServerRoutes } from './route-data';
import type { EnquiryService } from './services';
import { nonceMiddleware, rejectMalformedUrl, securityHeaders, type CspSources } from './security';

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
  /** Where the forms' requests are stored; without it forms answer 503 and keep what was typed. */
  enquiries?: EnquiryService;
  /** Identity-service origins the CSP must allow in the current mode. */
  csp?: CspSources;
  /** The anonymous pages' cache; by default one of config.pageCacheBytes. Its clear() is also in the services. */
  pageCache?: PageCache;
}

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
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  if (config.logRequests) app.use(requestLogger(logger));
  // Anonymous pages from memory, before everything heavy (docs/decisions/0011-page-cache.md). A hit
  // is sent with the security headers the middleware below set for that URL when it was stored
  // (hashes in the CSP instead of a nonce); headers set above this line are set on every hit.
  const pageCache = deps.pageCache ?? createPageCache({ maxBytes: config.pageCacheBytes, buildId: deps.assets.buildId ?? 'dev' });
  app.use(pageCache.middleware);
  app.locals.pageCache = pageCache;
  // A hit skips Express's per-request set-up too: that alone halves the throughput of a cached page.
  const expressHandle = (app as unknown as { handle: ExpressHandle }).handle.bind(app);
  const logHit = config.logRequests ? requestLogger(logger) : null;
  (app as unknown as { handle: ExpressHandle }).handle = (req, res, callback) => {
    const onHit = logHit ? () => logHit(Object.assign(req, { originalUrl: req.url }) as Request, res as Response, () => {}) : undefined;
    if (!pageCache.serveHit(req, res, onHit)) expressHandle(req, res, callback);
  };
  app.use(rejectMalformedUrl);
  app.use(nonceMiddleware());
  app.use(securityHeaders({ isProduction: config.isProduction, extra: deps.csp }));
  // React flushes through res.flush(), so compression never holds back the streamed shell.
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  if (deps.clientDir) {
    app.use(
      '/assets',
      express.static(path.join(deps.clientDir, 'assets'), { immutable: true, maxAge: YEAR_S * 1000, index: false, fallthrough: false }),
    );
    app.use(filesOnly(express.static(deps.clientDir, { index: false, maxAge: '1h' })));
  }
  if (deps.publicDir) app.use(filesOnly(express.static(deps.publicDir, { index: false, maxAge: '1h' })));
  if (deps.devMiddleware) app.use(deps.devMiddleware);

  if (deps.api) app.use('/api', deps.api);
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });

  app.use(express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 }));
  app.use(
    createRenderHandler({
      routes: deps.routes ?? createServerRoutes(),
      assets: deps.assets,
      renderTimeoutMs: config.renderTimeoutMs,
      logger,
      getUser: deps.getUser ?? (async () => null),
      services: { logger, retentionMonths: deps.retentionMonths ?? 24, pageCache, ...(deps.enquiries ? { enquiries: deps.enquiries } : {}) },
    }),
  );

  const onError: ErrorRequestHandler = (err: { status?: number; statusCode?: number; expose?: boolean; message?: string }, req, res, _next) => {
    const status = err.status ?? err.statusCode ?? 500;
    if (status >= 500) logger.error('request failed', { method: req.method, path: req.path, error: err.message ?? String(err) });
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status < 500) {
      res.status(status).type('text/plain').send(status === 404 ? 'Not Found' : status === 413 ? 'Payload Too Large' : 'Bad Request');
      return;
    }
    res.status(500).type('html').send(errorPageHtml(500, 'Something went wrong', 'We could not complete this request. Please try again in a moment.'));
  };
  app.use(onError);
  return app;
}
