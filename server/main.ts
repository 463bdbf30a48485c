import { createServer, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import type { ClientAssets } from './platform/render/assets';
import { createAccountService } from './accounts/account-service';
import { resolveBookingSecret } from './booking/secret';
import { createApp } from './app/app';
import { composeDomains } from './app/domains';
import { checkCredentialsFile, ConfigError, loadConfig, type Config } from './app/config';
import { formKeySecret } from './app/form-key-secret';
import { formKeys } from './requests/keys';
import { pruneRateLimits, storeRateLimits } from './platform/db/rate-limit';
import { expireIdempotencyKeys } from './requests/repo';
import type { Store } from './platform/db/store';
import { contentWiring, openAppStore } from './app/store';
import { createPageCache } from './platform/page-cache';
import { startPoller } from './platform/poller';
import { createMailTransport } from './platform/mail/transport';
import { startOutboxWorker } from './platform/mail/outbox';
import { createChannels, MessagingConfigError, parseMessagingConfig, type MessagingConfig } from './messages/config';
import { startMessagesWorker } from './messages/worker';
import { codeSender } from './messages/codes';
import { authCspSources, createAdminAuth } from './platform/session/firebase';
import { createDrainState, installShutdown } from './platform/http/lifecycle';
import { errorFields } from './platform/http/error-fields';
import { createLogger, type Logger, type LogFields } from './platform/http/logger';
import { createSession } from './platform/session/session';
import { startRetentionJob } from './requests/staff/retention';
import { openMediaStore, parseMediaConfig, type MediaStore } from './platform/media';
import { IntakeKeyError, type IntakeKeyring } from './intake/crypto';
import { checkIntakeKeys, resolveIntakeKeyring } from './intake/keys';
import { startIntakeRetention } from './intake/retention';

export interface StartOptions {
  assets: ClientAssets;
  clientDir?: string;
  publicDir?: string;
  devMiddleware?: RequestHandler;
  /** Extra /readyz check (e.g. the database); see AppDeps. */
  readinessCheck?: () => Promise<void>;
}

/** Reads the configuration, builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT (server/platform/http/lifecycle.ts). */
export async function start(options: StartOptions): Promise<Server> {
  const logger = createLogger();
  let config: Config;
  let messaging: MessagingConfig;
  try {
    config = loadConfig();
    checkCredentialsFile(config.auth);
    // WHATSAPP_*, SMS_*, MESSAGES_*: a partial provider set stops the start (server/messages/config.ts).
    messaging = parseMessagingConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MessagingConfigError) {
      logger.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The store: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database in
  // DATA_DIR/db. Pending migrations are applied before the server listens.
  logger.info('opening the store', { engine: config.store.databaseUrl ? 'postgres' : 'pglite', ...(config.store.databaseUrl ? {} : { dataDir: config.store.dataDir }) });
  let store: Store;
  try {
    store = await openAppStore({ databaseUrl: config.store.databaseUrl, dataDir: config.store.dataDir, logger });
  } catch (error) {
    logger.error((error as Error).message);
    process.exit(1);
  }
  const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.store.dataDir, logger });
  logger.info('mail', { transport: transport.kind, ...(transport.kind === 'files' ? { dir: `${config.store.dataDir}/outbox` } : {}) });
  if (transport.kind === 'files' && config.isProduction) logger.error('SMTP_URL is not set: mail is only written to files, nobody receives it');
  // Bookings: manage links are signed with BOOKING_SECRET (kept in DATA_DIR outside production;
  // production refuses to start without one, as without FORM_KEY_SECRET: links signed with a key
  // made up at start would die at the next one).
  let bookingSecret: string;
  try {
    bookingSecret = resolveBookingSecret({ configured: config.booking.secret, dataDir: config.store.dataDir, isProduction: config.isProduction });
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    await store.close();
    process.exit(1);
  }
  // New-patient forms: INTAKE_KEK (kept in DATA_DIR outside production; production refuses to
  // start without it), and no form wrapped by a key this server lacks (a wrong key would leave
  // them unreadable: production refuses that too, development says so).
  let intakeKeys: IntakeKeyring;
  try {
    intakeKeys = resolveIntakeKeyring({ configured: config.intake.kek, previous: config.intake.previousKeks, dataDir: config.store.dataDir, isProduction: config.isProduction });
    const problem = await checkIntakeKeys(store.db, intakeKeys, config.isProduction);
    if (problem) logger.error(problem);
  } catch (error) {
    logger.error(error instanceof IntakeKeyError || error instanceof ConfigError ? error.message : 'the new-patient form keys could not be checked', error instanceof IntakeKeyError ? {} : errorFields(error));
    await store.close();
    process.exit(1);
  }
  const outboxWorker = startOutboxWorker({ store, transport, logger });
  // Salts the keys made from what people type (FORM_KEY_SECRET, or one kept in DATA_DIR in development).
  const secret = formKeySecret(config.formKeySecret, config.store.dataDir);
  // Patient messages (confirmations, reminders…): each channel's adapter as configured, the local
  // sink (DATA_DIR/messages/<channel>.jsonl) for any without a provider; e-mail through SMTP when set.
  const channels = createChannels(messaging, { dataDir: config.store.dataDir, logger, sendMail: transport.kind === 'smtp' ? (mail) => transport.send(mail) : null });
  // The domains and their links (server/app/domains.ts), with the workers they wake: the messages
  // worker is started next (it links a first visit's form, domains.visitForms); no visit changes
  // before the server listens, so its wake is never called before it is there. One-time codes go
  // out through the same channels (WhatsApp's authentication template, or SMS; the sinks in development).
  const domains = composeDomains({
    config,
    store,
    bookingSecret,
    formKeys: formKeys(secret),
    intakeKeys,
    wakeOutbox: outboxWorker.wake,
    wakeMessages: () => messagesWorker.wake(),
    schedule: messaging.schedule,
    codes: codeSender(channels, logger),
    logger,
  });
  const { booking, deposits } = domains;
  // Deposits (issue 48): Paystack with PAYSTACK_SECRET_KEY; the local stand-in otherwise, which
  // production refuses while any service takes a deposit (no money would move).
  const depositRules = await deposits.rules();
  logger.info('deposits', { payments: deposits.provider, services: depositRules.length });
  if (config.isProduction && deposits.provider === 'stand-in' && depositRules.length) {
    logger.error(`Deposits are switched on for ${depositRules.map((r) => r.serviceId).join(', ')} but PAYSTACK_SECRET_KEY is not set: production does not take payments through the local stand-in. Set PAYSTACK_SECRET_KEY (sk_live_…), or remove the deposit rules.`);
    await store.close();
    process.exit(1);
  }
  // The messages worker, beside the outbox's; it signs the manage links it sends with the booking key.
  const messagesWorker = startMessagesWorker({ store, channels, secret: bookingSecret, publicOrigin: config.publicOrigin, logger, schedule: messaging.schedule, leaseMs: messaging.timeoutMs + 30_000, forms: domains.visitForms });
  // Closed requests older than RETENTION_MONTHS are deleted daily (and with `npm run retention`);
  // with them, codes a day old, refusals 90 days old and webhook events 30 days old.
  const retention = startRetentionJob({ store, months: config.retentionMonths, keys: formKeys(secret), logger, also: domains.housekeeping });
  // New-patient forms INTAKE_RETENTION_MONTHS after their visit (and with `npm run retention`).
  const intakeRetention = startIntakeRetention({ store, months: config.intake.retentionMonths, logger });

  // Identity service: the emulator, real Firebase, or none (sign-in pages render, the session endpoints answer 503).
  const admin = createAdminAuth(config.auth);
  // Limits live in the store, so several instances share them.
  const rateLimitStore = storeRateLimits(store);
  const session = createSession({ auth: config.auth, admin: admin?.auth ?? null, secureCookies: config.isProduction, logger, rateLimitStore });
  logger.info('identity service', {
    mode: config.auth.mode,
    ...(config.auth.mode === 'emulator' ? { emulator: config.auth.emulatorHost, project: config.auth.projectId } : {}),
    ...(config.auth.mode === 'firebase' ? { project: config.auth.projectId } : {}),
  });

  // Public content (the clinic's facts, published comments) changed, here or on another instance:
  // every instance polls the database's content version and empties what it keeps in memory.
  const pageCache = createPageCache({ maxBytes: config.pageCacheBytes, buildId: options.assets.buildId ?? 'dev' });
  const content = contentWiring(store, { pageCache, logger });

  // Lapsed holds are deleted, and their times said freed, within a minute.
  const holdSweep = startPoller({ pollMs: 60_000, batchSize: 100, logger, label: 'hold sweep', drain: async () => ({ claimed: await booking.sweepLapsedHolds() }) });
  // Refunds Paystack did not answer are sent again every minute; once a day the payments are
  // reconciled with the bookings (payments without a booking, bookings without a payment).
  const refunds = startPoller({ pollMs: 60_000, batchSize: 1_000_000, logger, label: 'deposit refunds', drain: async () => ({ claimed: await deposits.processRefunds() }) });
  const reconciliation = startPoller({
    pollMs: 24 * 60 * 60_000,
    batchSize: 1,
    logger,
    label: 'deposit reconciliation',
    drain: async () => {
      const r = await deposits.reconcile();
      const found = r.paymentsWithoutBooking.length + r.bookingsWithoutPayment.length + r.refundsStuck.length;
      const log = (fields: LogFields) => (found ? logger.error('deposit reconciliation found payments to look at', fields) : logger.info('deposit reconciliation', fields));
      log({ paymentsWithoutBooking: r.paymentsWithoutBooking.map((p) => p.reference).join(' '), bookingsWithoutPayment: r.bookingsWithoutPayment.map((b) => b.reference).join(' '), refundsStuck: r.refundsStuck.length, settledNow: r.settledNow });
      return { claimed: 0 };
    },
  });
  // The waitlist's offers let expire (the next round for their time) and entries past their last day (ADR 0050).
  const waitlistSweep = startPoller({ pollMs: 60_000, batchSize: 100, logger, label: 'waitlist sweep', drain: async () => ({ claimed: (await booking.sweepWaitlist()).expired }) });
  // Hourly: rate-limit windows that ended long ago, and the forms' idempotency keys past their day.
  const housekeeping = startPoller({
    pollMs: 60 * 60_000,
    batchSize: 1,
    logger,
    label: 'housekeeping',
    drain: async () => {
      await pruneRateLimits(store);
      await expireIdempotencyKeys(store);
      return { claimed: 0 };
    },
  });

  // Uploaded pictures: DATA_DIR/media, or S3-compatible storage when MEDIA_S3_* are set (ADR 0037).
  let media: MediaStore;
  try {
    media = openMediaStore(parseMediaConfig(process.env), config.store.dataDir);
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    await store.close();
    process.exit(1);
  }

  const drain = createDrainState();
  const app = createApp({
    config,
    logger,
    ...options,
    api: session.api,
    getUser: session.getUser,
    csp: authCspSources(config.auth),
    store,
    clinic: content.clinic,
    blog: content.blog,
    gallery: content.gallery,
    media,
    pageCache,
    onContentChange: content.onContentChange,
    wakeOutbox: outboxWorker.wake,
    formKeySecret: secret,
    domains,
    ...(admin ? { accounts: createAccountService(admin.auth) } : {}),
    isDraining: drain.isDraining,
    rateLimitStore,
    messaging: { whatsapp: messaging.whatsapp, sms: messaging.sms },
  });
  const server = createServer(
    {
      // Node's defaults let a client hold a socket for 300 s by trickling its body a byte at a
      // time (60 s for its headers): each slow client costs a connection and its memory.
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      // How often Node checks those deadlines (30 s by default, which would stretch them).
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  const stop = installShutdown({
    server,
    drain,
    logger,
    drainMs: config.shutdownDrainMs,
    timeoutMs: config.shutdownTimeoutMs,
    // Requests are done: let the mail round in progress finish, then close the database.
    beforeExit: async () => {
      retention.stop();
      intakeRetention.stop();
      content.stop();
      await holdSweep.stop();
      await refunds.stop();
      await reconciliation.stop();
      await waitlistSweep.stop();
      await housekeeping.stop();
      await outboxWorker.stop();
      await messagesWorker.stop();
      await store.close();
      logger.info('store closed');
    },
  });
  await listen(server, config, logger);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return server;
}

/** Resolves once the port is really bound; a taken port ends the process with one line saying what to do. */
function listen(server: Server, config: Config, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
        const command = config.isProduction ? 'npm start' : 'npm run dev';
        const why = error.code === 'EADDRINUSE' ? 'is already in use (another server running?)' : 'may not be used by this user';
        logger.error(`Port ${config.port} on ${config.host} ${why}. Choose another port, e.g. PORT=${config.port === 3001 ? 3002 : 3001} ${command}`);
      } else {
        logger.error('server error', errorFields(error));
      }
      process.exit(1);
    };
    server.once('error', onError);
    server.listen(config.port, config.host, () => {
      server.off('error', onError);
      server.on('error', (error) => logger.error('server error', errorFields(error)));
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      logger.info('listening', { url: `http://localhost:${port}`, env: config.env, node: process.version });
      resolve();
    });
  });
}
