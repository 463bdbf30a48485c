import path from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import type { RouteObject } from 'react-router';
import { pages as sitePages, routes as siteRoutes } from '../shared/routes';
import type { SessionUser } from '../shared/session';
import type { ClientAssets } from './assets';
import type { Config } from './config';
import { errorPageHtml } from './document';
import { createLogger, requestLogger, type Logger } from './logger';
import { createRenderHandler } from './render';
import { seoRoutes } from './seo/routes';
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
  /** Identity-service origins the CSP must allow in the current mode. */
  csp?: CspSources;
}

const YEAR_S = 365 * 24 * 60 * 60;

/** The Express app, without listening: server/index.ts starts it, tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  const logger = deps.logger ?? createLogger();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(rejectMalformedUrl);
  if (config.logRequests) app.use(requestLogger(logger));
  app.use(nonceMiddleware());
  app.use(securityHeaders({ isProduction: config.isProduction, extra: deps.csp }));
  // React flushes through res.flush(), so compression never holds back the streamed shell.
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  // Absolute URLs (canonical links, social cards, sitemap) use the configured public origin, never the Host header.
  app.use((_req, res, next) => {
    res.locals.publicOrigin = config.publicOrigin;
    next();
  });
  // Without a build (development, tests) the social cards and icons are drawn on the fly from public/.
  app.use(seoRoutes({ origin: config.publicOrigin, pages: sitePages, ...(deps.clientDir ? {} : { generateFrom: deps.publicDir ?? 'public' }) }));

  if (deps.clientDir) {
    app.use(
      '/assets',
      express.static(path.join(deps.clientDir, 'assets'), { immutable: true, maxAge: YEAR_S * 1000, index: false, fallthrough: false }),
    );
    app.use(express.static(deps.clientDir, { index: false, maxAge: '1h' }));
  }
  if (deps.publicDir) app.use(express.static(deps.publicDir, { index: false, maxAge: '1h' }));
  if (deps.devMiddleware) app.use(deps.devMiddleware);

  if (deps.api) app.use('/api', deps.api);
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });

  app.use(express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 }));
  app.use(
    createRenderHandler({
      routes: deps.routes ?? siteRoutes,
      assets: deps.assets,
      renderTimeoutMs: config.renderTimeoutMs,
      logger,
      getUser: deps.getUser ?? (async () => null),
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
