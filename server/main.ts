import type { RequestHandler } from 'express';
import type { ClientAssets } from './assets';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
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

  const app = createApp({ config, logger, ...options, api: session.api, getUser: session.getUser, csp: authCspSources(config.auth) });
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
    server.close((error) => {
      if (error) logger.error('close failed', { error: error.message });
      process.exit(error ? 1 : 0);
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
