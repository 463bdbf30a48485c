import type { RequestHandler } from 'express';
import type { ClientAssets } from './assets';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openStore, type Store } from './db/store';
import { createMailTransport } from './enquiries/mail-transport';
import { startOutboxWorker } from './enquiries/outbox-worker';
import { authCspSources, createAdminAuth } from './firebase';
import { createLogger } from './logger';
import { createSession } from './session';

export interface StartOptions {
  assets: ClientAssets;
  clientDir?: string;
  publicDir?: string;
  devMiddleware?: RequestHandler;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** Reads the configuration, builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT. */
export async function start(options: StartOptions) {
  const logger = createLogger();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Identity service: the emulator, real Firebase, or none (sign-in pages render, the session endpoints answer 503).
  const admin = createAdminAuth(config.auth);
  const session = createSession({ auth: config.auth, admin: admin?.auth ?? null, secureCookies: config.isProduction, logger });
  logger.info('identity service', {
    mode: config.auth.mode,
    ...(config.auth.mode === 'emulator' ? { emulator: config.auth.emulatorHost, project: config.auth.projectId } : {}),
    ...(config.auth.mode === 'firebase' ? { project: config.auth.projectId } : {}),
  });

  // The store: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database in
  // DATA_DIR/db. Pending migrations are applied before the server listens.
  logger.info('opening the store', { engine: config.store.databaseUrl ? 'postgres' : 'pglite', ...(config.store.databaseUrl ? {} : { dataDir: config.store.dataDir }) });
  let store: Store;
  try {
    store = await openStore({ databaseUrl: config.store.databaseUrl, dataDir: config.store.dataDir, logger });
  } catch (error) {
    logger.error((error as Error).message);
    process.exit(1);
  }
  const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.store.dataDir, logger });
  logger.info('mail', { transport: transport.kind, ...(transport.kind === 'files' ? { dir: `${config.store.dataDir}/outbox` } : {}) });
  if (transport.kind === 'files' && config.isProduction) logger.error('SMTP_URL is not set: mail is only written to files, nobody receives it');
  const outboxWorker = startOutboxWorker({ store, transport, logger });

  const app = createApp({
    config,
    logger,
    ...options,
    api: session.api,
    getUser: session.getUser,
    csp: authCspSources(config.auth),
    store,
    wakeOutbox: outboxWorker.wake,
  });
  const server = app.listen(config.port, config.host, () => {
    logger.info('listening', { url: `http://localhost:${config.port}`, env: config.env });
  });
  server.on('error', (error) => {
    logger.error('server error', { error: error.message });
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop accepting connections; in-flight requests finish, idle keep-alive sockets close.
    server.close(async (error) => {
      if (error) logger.error('close failed', { error: error.message });
      // Requests are done: let the mail round in progress finish, then close the database.
      let closeError: unknown;
      try {
        await outboxWorker.stop();
        await store.close();
        logger.info('store closed');
      } catch (e) {
        closeError = e;
        logger.error('store close failed', { error: (e as Error).message });
      }
      process.exit(error || closeError ? 1 : 0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.error('forced exit after grace period');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return server;
}
