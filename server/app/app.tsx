import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import { createStaticHandler, type RouteObject } from 'react-router';
import { pages as sitePages } from '../../shared/app/routes';
import type { SessionUser } from '../../shared/platform/session';
import { can } from '../../shared/platform/roles';
import { accountsContext, noAccounts, type AccountService } from '../accounts/account-service';
import { bookingContext } from '../booking/context';
import { CALENDAR_FEED_ROUTE, calendarFeedRoute } from '../booking/feed-route';
import { calendarDownload, VISIT_FILE_ROUTE } from '../booking/calendar-download';
import { SHORT_MANAGE_ROUTE, shortManageLink, shortTokenRedirect } from '../booking/short-link';
import type { BookingService } from '../booking/service';
import type { PhoneCodeSender } from '../booking/phone-proof';
import { visitFormsContext } from '../booking/visit-forms';
import { depositsContext, paystackWebhookRoute, STAND_IN_CHECKOUT_ROUTE } from '../booking/deposits';
import { staticCatalog } from '../clinic/catalog';
import { staticBlogCatalog, type BlogCatalog } from '../blog/catalog';
import { blogContext } from '../blog/context';
import { seedPostRows } from '../blog/seed';
import { galleryContext, staticGalleryCatalog, type GalleryCatalog } from '../gallery/catalog';
import { mediaHandler, type MediaStore } from '../platform/media';
import { mediaUploadRoute } from '../publishing/media-library';
import { mediaContext } from '../publishing/media-context';
import { keepPreviewFile, previewFactsRoute, previewFor, type Preview } from '../publishing/preview';
import { PreviewProvider, PREVIEW_DATA_ATTRIBUTE } from '../../shared/platform/preview';
import type { SmsConfig, WhatsAppConfig } from '../messages/config';
import { messagesWebhooks } from '../messages/webhooks';
import { clinicContext, type ClinicCatalog } from '../clinic/context';
import { clinicSeed } from '../clinic/seed';
import { StoreUnavailableError, unavailableStore, type Store } from '../platform/db/store';
import { precompressedAssets, responseCompression } from '../platform/http/compression';
import { bodyCutOf, formBody } from '../platform/http/form-body';
import { pageRequestGuards, wellFormedFormBody } from '../platform/http/form-guards';
import { errorFields } from '../platform/http/error-fields';
import { createLogger, requestLogger, type Logger } from '../platform/http/logger';
import { pathRedactor, redactingLogger } from '../platform/http/redact';
import { memoryRateLimitStore, type RateLimitStore } from '../platform/http/rate-limit';
import { storeRateLimits } from '../platform/db/rate-limit';
import { requestId, requestIdFrom, requestIdOf } from '../platform/http/request-id';
import { isWellFormedRequestTarget, nonceMiddleware, securityHeaders, type CspSources } from '../platform/http/security';
import { createPageCache, type PageCache } from '../platform/page-cache';
import type { ClientAssets } from '../platform/render/assets';
import { errorPageHtml } from '../platform/render/document';
import { createPageRenderer } from '../platform/render/page-renderer';
import { requestContext, type ContextEntry, type PlatformServices } from '../platform/render/route-context';
import { requestsContext, type RequestsService } from '../requests/context';
import { composeDomains, type Domains } from './domains';
import { paymentsCsvRoute } from './payments-csv';
import { intakeContext } from '../intake/context';
import type { IntakeKeyring } from '../intake/crypto';
import { intakeDownload } from '../intake/download';
import { FORM_DOWNLOAD_ROUTE, formPath, SHORT_FORM_ROUTE } from '../../shared/intake/routes';
import type { IntakeService } from '../intake/service';
import { formKeys } from '../requests/keys';
import { FORM_BODY_HARD_LIMIT, FORM_BODY_LIMIT } from '../requests/form-action';
import { staffDownloads } from '../requests/staff/downloads';
import { countNew } from '../requests/staff/repo';
import type { Config } from './config';
import { createServerRoutes } from './routes';
import { ClinicFactsProvider, FACTS_DATA_ATTRIBUTE } from '../../shared/clinic/facts-context';
import { factsFileRoute } from '../clinic/facts-file';
import { seoHead, type SeoLocals } from './seo/head';
import { seoRoutes } from './seo/routes';

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
  /** Makes accounts for the checkout; without an identity service the checkout says none can be made. */
  accounts?: AccountService;
  /**
   * The domains' services and their links (server/app/domains.ts): server/main.ts passes the
   * ones it composed with its workers; by default they are composed here from `store`, with
   * `booking`, `requests` and `intake` in place of the store's when given (tests).
   */
  domains?: Domains;
  /** Bookings, instead of the store's (tests); see `domains`. */
  booking?: BookingService;
  /** Sends the booking's one-time codes (server/main.ts: the messages domain's channels); without it no code can be sent (tests pass one in memory). */
  codes?: PhoneCodeSender;
  /** Where the forms' requests go, instead of the store's (tests pass one in memory); see `domains`. */
  requests?: RequestsService;
  /** The clinic's facts; by default the seed's (tests), server/main.ts passes the database's. */
  clinic?: ClinicCatalog;
  /** The published posts; by default the seed's (tests), server/main.ts passes the database's. */
  blog?: BlogCatalog;
  /** The published gallery and portfolio pictures; by default the seed's (tests), server/main.ts passes the database's. */
  gallery?: GalleryCatalog;
  /**
   * Where uploaded pictures are kept (server/platform/media: DATA_DIR/media or S3-compatible);
   * served at /media/. Without one, the editor cannot upload and /media/ answers 404.
   */
  media?: MediaStore | null;
  /** Identity-service origins the CSP must allow in the current mode. */
  csp?: CspSources;
  /** The database (requests, outbox, rate limits); opened by server/main.ts. Without it (page-only tests) every query fails as unavailable (503). */
  store?: Store;
  /** Tells the outbox worker to send now: call it after storing a request. */
  wakeOutbox?: () => void;
  /** Salts the keys made from what people type (server/app/form-key-secret.ts); by default config's, else a random one for this app (tests). */
  formKeySecret?: string;
  /** True once SIGTERM has started the shutdown (server/platform/http/lifecycle.ts): /readyz answers 503, responses close their connection. */
  isDraining?: () => boolean;
  /** Extra readiness check for /readyz (e.g. the database answers); throws or rejects when not ready. */
  readinessCheck?: () => Promise<void>;
  /** Rate-limit counters for the forms' limiter; by default the store's (server/platform/db/rate-limit.ts: shared by instances), in memory without one. */
  rateLimitStore?: RateLimitStore;
  /** The anonymous pages' cache; by default one of config.pageCacheBytes. Its clear() is also in the services. */
  pageCache?: PageCache;
  /**
   * Public content changed (a comment approved or removed, a person erased): this instance's
   * page cache is emptied at once; server/main.ts also bumps the database's content version so
   * every other instance empties its own.
   */
  onContentChange?: () => void;
  /** The messaging providers whose webhooks are answered (server/messages/config.ts); by default the local sinks (the webhooks answer 404). */
  messaging?: { whatsapp: WhatsAppConfig; sms: SmsConfig };
  /**
   * The new-patient forms' keys when the domains are composed here (INTAKE_KEK; server/main.ts
   * resolves them and passes its `domains`). Without them, outside production, a key made for
   * this app (tests); in production the forms answer 503. See `domains`.
   */
  intakeKeys?: IntakeKeyring;
  /** The new-patient forms, instead of the store's (tests); see `domains`. */
  intake?: IntakeService;
}

/** The app as the HTTP server calls it: cached pages first, then Express. */
export type App = ((req: IncomingMessage, res: ServerResponse) => void) & { express: Express };

const READINESS_TIMEOUT_MS = 2000;

const YEAR_S = 365 * 24 * 60 * 60;

/** Public files all have an extension; page paths do not, so they skip a file-system lookup that always fails. */
function filesOnly(serve: RequestHandler): RequestHandler {
  return (req, res, next) => (/\.[\w]+$/.test(req.path) ? serve(req, res, next) : next());
}

/**
 * The app, without listening: server/main.ts starts it, tests drive it with supertest. It is
 * the page cache in front of Express: a hit is answered before Express sets up a request at all
 * (that set-up alone halves a cached page's throughput); the rest goes to Express.
 */
/**
 * Every route whose path carries a secret in a `:token` segment: the pages' and those Express
 * answers itself. The logs name these routes with the token replaced (server/platform/http/redact.ts).
 */
export const tokenRoutes: readonly string[] = [...sitePages.map((p) => p.path), VISIT_FILE_ROUTE, CALENDAR_FEED_ROUTE, SHORT_MANAGE_ROUTE, SHORT_FORM_ROUTE, FORM_DOWNLOAD_ROUTE, STAND_IN_CHECKOUT_ROUTE];

export function createApp(deps: AppDeps): App {
  const { config } = deps;
  // Whatever logs a path (the request log, an error's line) logs it without its token.
  const logger = redactingLogger(deps.logger ?? createLogger(), pathRedactor(tokenRoutes));
  const store = deps.store ?? unavailableStore();
  const baseGetUser = deps.getUser ?? (async () => null);
  const wakeOutbox = deps.wakeOutbox ?? (() => {});
  const keys = formKeys(deps.formKeySecret ?? config.formKeySecret ?? randomBytes(32).toString('base64url'));
  const domains = deps.domains ?? composeDomains({ config, store, logger, wakeOutbox, formKeys: keys, intakeKeys: deps.intakeKeys, booking: deps.booking, requests: deps.requests, intake: deps.intake, codes: deps.codes });
  const { booking, requests, intake } = domains;
  const clinic = deps.clinic ?? staticCatalog(clinicSeed);
  const gallery = deps.gallery ?? staticGalleryCatalog();
  const blog = deps.blog ?? staticBlogCatalog(seedPostRows((name) => clinicSeed.practitioners.find((p) => p.name === name)?.id ?? null));
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

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
  // The front of the app (returned below): what the middleware above does for every request
  // (request id, log line, Connection: close while draining) is done here for hits.
  const front = (req: IncomingMessage, res: ServerResponse) => {
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
    app(req, res);
  };
  app.use(nonceMiddleware());
  app.use(securityHeaders({ isProduction: config.isProduction, extra: deps.csp }));
  // React flushes through res.flush(), so compression never holds back the streamed shell.
  // Rendered pages go out as gzip, assets as brotli (server/platform/http/compression.ts).
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
    const readinessCheck = deps.readinessCheck ?? (deps.store ? () => store.ping() : undefined);
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
        logger.error('not ready', { requestId: requestIdOf(req), ...errorFields(error) });
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
  app.use(seoRoutes({ origin: config.publicOrigin, pages: sitePages, clinic, blog, ...(deps.clientDir ? {} : { generateFrom: deps.publicDir ?? 'public' }) }));

  // The clinic's facts as the browser hydrates with them (a content-named file under /assets/);
  // an editor's preview has its own (server/publishing/preview.ts), for editors only.
  app.use(previewFactsRoute((req) => baseGetUser(req)));
  app.use(factsFileRoute(clinic));
  // Uploaded pictures: immutable, content-named, from the media store (ADR 0037).
  if (deps.media) app.use('/media', mediaHandler({ store: deps.media, logger }));

  if (deps.clientDir) {
    // The build's brotli and gzip copies first (server/platform/http/compression.ts), then the files themselves.
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


  // The front desk sees the number of new requests in the site header, counted when the page is rendered.
  const getUser = async (req: Request): Promise<SessionUser | null> => {
    const user = await baseGetUser(req);
    if (!user || !can(user.role, 'inbox') || !deps.store) return user;
    try {
      return { ...user, newRequests: await countNew(store.db) };
    } catch (error) {
      logger.error('new-request count failed', { requestId: requestIdOf(req), ...errorFields(error) });
      return user;
    }
  };
  const platform: PlatformServices = {
    logger,
    publicOrigin: config.publicOrigin,
    store,
    rateLimits: deps.rateLimitStore ?? (deps.store ? storeRateLimits(store) : memoryRateLimitStore()),
    // Public content changed (a comment approved, removed or erased): the cached pages are stale.
    onContentChange: () => {
      pageCache.clear();
      deps.onContentChange?.();
    },
  };
  // Each domain's services under its own context key (server/<domain>/context.ts).
  const contexts: ContextEntry[] = [
    [requestsContext, { requests, retentionMonths: deps.retentionMonths ?? config.retentionMonths, wakeOutbox, keys, personErasers: domains.personErasers, fileErasers: domains.fileErasers, todayVisits: domains.todayVisits, postTitle: async (slug: string) => (await blog.posts()).find((p) => p.slug === slug)?.title ?? null }],
    [clinicContext, clinic],
    [blogContext, blog],
    [galleryContext, gallery],
    [accountsContext, deps.accounts ?? noAccounts],
    [bookingContext, booking],
    [depositsContext, domains.deposits],
    [mediaContext, deps.media ?? null],
    [intakeContext, intake],
    [visitFormsContext, domains.visitForms],
  ] as unknown as ContextEntry[];
  /** This request's editor preview (a draft in place of what is published), set by the shell's prepare. */
  const previewOf = (req: Request): Preview | undefined => req.res?.locals.preview as Preview | undefined;
  const withPreview = (req: Request): ContextEntry[] => {
    const preview = previewOf(req);
    if (!preview) return contexts;
    const swap: [unknown, unknown][] = [
      [clinicContext, preview.clinic],
      [blogContext, preview.blog],
      [galleryContext, preview.gallery],
    ];
    return contexts.map((entry) => {
      const replaced = swap.find(([key, value]) => key === entry[0] && value);
      return replaced ? ([entry[0], replaced[1]] as unknown as ContextEntry) : entry;
    });
  };
  // The practitioners' private calendar feeds: the token is the key (no sign-in), never cached.
  app.use(calendarFeedRoute({ booking, logger }));
  // Downloads of the staff area (CSV of the list, one person's JSON), under the same checks as its pages.
  app.use(staffDownloads({ getUser, store, logger, exporters: domains.personExporters }));
  // The editor's picture uploads (the picture pipeline, then the media store and its library).
  app.use(mediaUploadRoute({ getUser, db: store.db, store: deps.media ?? null, logger }));
  // The messaging providers' webhooks: their own raw body (the signature is over the exact bytes).
  app.use(
    messagesWebhooks({
      store,
      logger,
      whatsapp: deps.messaging?.whatsapp ?? { provider: 'sink' },
      sms: deps.messaging?.sms ?? { provider: 'sink' },
      replies: { booking, publicOrigin: config.publicOrigin, now: () => booking.now() },
      now: () => booking.now(),
    }),
  );
  // The month's deposits as CSV for the accountant (staff only).
  app.use(paymentsCsvRoute({ deposits: domains.deposits, getUser, logger }));
  // Paystack's webhook (deposits, issue 48): its raw body, the signature checked first.
  app.use(paystackWebhookRoute({ deposits: domains.deposits, logger }));
  // Without PAYSTACK_SECRET_KEY: the local stand-in's checkout page (development, tests).
  if (domains.paystackStandIn) app.use(domains.paystackStandIn.router);
  // A booking's calendar file, by its manage link (no account).
  app.use(calendarDownload({ booking, clinic, publicOrigin: config.publicOrigin }));
  // The patient's copy of their new-patient answers, by the manage link and the form's session.
  app.use(intakeDownload({ intake, clinic }));
  // The manage link's short address in messages: a redirect to the manage page.
  app.use(shortManageLink());
  // The new-patient form's short address in messages: a redirect to the form.
  app.use(shortTokenRedirect(SHORT_FORM_ROUTE, formPath));
  // Pages and data requests: the guards, then the form's body as it came (read once, by the action).
  app.use(pageRequestGuards());
  app.use(
    formBody({
      limit: FORM_BODY_LIMIT,
      hardLimit: FORM_BODY_HARD_LIMIT,
      timeoutMs: config.requestTimeoutMs,
      refusal: (status, req) =>
        status === 413
          ? errorPageHtml(413, 'Too much to send', 'This form was far larger than any of ours takes. Please shorten what you wrote and send it again, or call us.', requestIdOf(req))
          : errorPageHtml(408, 'This took too long', 'Your form did not arrive in time. Please send it again.', requestIdOf(req)),
    }),
    wellFormedFormBody(),
  );
  app.use(
    createPageRenderer({
      handler: createStaticHandler(deps.routes ?? createServerRoutes()),
      assets: deps.assets,
      renderTimeoutMs: config.renderTimeoutMs,
      logger,
      getUser,
      context: (req, user) => requestContext(user, { ip: req.ip ?? '', requestId: requestIdOf(req), bodyCut: req.res ? bodyCutOf(req.res) : null }, platform, withPreview(req)),
      head: (context, meta, locals) => {
        const current = clinic.current();
        return current ? seoHead(context, meta, locals as SeoLocals, current.facts) : '';
      },
      // The clinic's facts around the app (read before each render: from memory, but fresh after a
      // change), and where the browser finds the same facts to hydrate with. For an editor's
      // preview (`?preview=<kind>:<id>`), the draft's facts, posts or pictures instead, and a private page.
      shell: {
        prepare: async (req, user) => {
          await clinic.facts();
          const preview = await previewFor(store.db, req, user, { clinic, blog, gallery });
          if (!preview || !req.res) return;
          req.res.locals.preview = preview;
          if (preview.clinic) {
            await preview.clinic.facts();
            keepPreviewFile(preview.clinic.current()!.file);
          }
        },
        wrap: (app, req) => {
          const preview = previewOf(req);
          return (
            <PreviewProvider notice={preview?.notice ?? null}>
              <ClinicFactsProvider facts={(preview?.clinic ?? clinic).current()!.facts}>{app}</ClinicFactsProvider>
            </PreviewProvider>
          );
        },
        boot: (req) => {
          const preview = previewOf(req);
          const { url } = (preview?.clinic ?? clinic).current()!.file;
          return { data: { [FACTS_DATA_ATTRIBUTE]: url, ...(preview ? { [PREVIEW_DATA_ATTRIBUTE]: JSON.stringify(preview.notice) } : {}) }, fetch: [url] };
        },
        isPrivate: (req) => previewOf(req) !== undefined,
      },
    }),
  );

  const onError: ErrorRequestHandler = (err: { status?: number; statusCode?: number; expose?: boolean; message?: string } | null | undefined, req, res, _next) => {
    const raw = err?.status ?? err?.statusCode;
    // Only a client-error status from the error itself is believed (and a missing database's 503); anything else is our fault.
    const status = err instanceof StoreUnavailableError ? 503 : typeof raw === 'number' && raw >= 400 && raw < 500 ? raw : 500;
    const reference = requestIdOf(req);
    if (status >= 500) logger.error('request error', { requestId: reference, method: req.method, path: req.path, ...errorFields(err) });
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === 503) {
      res.status(503).type('html').send(errorPageHtml(503, 'Temporarily unavailable', 'This part of the site needs the database, which is not available just now. Please try again in a few minutes.', reference));
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
  return Object.assign(front, { express: app });
}
