import { createApp, type App, type AppDeps } from '../../server/app/app';
import type { ClientAssets } from '../../server/platform/render/assets';
import { loadConfig } from '../../server/app/config';
import type { AdminAuth } from '../../server/platform/session/firebase';
import { silentLogger } from '../../server/platform/http/logger';
import { memoryRequests } from './memory-requests';
import { memoryRateLimitStore } from '../../server/platform/http/rate-limit';

/** Assets stand-in: tests read the server HTML, they do not load the client bundle. */
export const testAssets: ClientAssets = {
  forPages: (keys) => ({ entryScripts: ['/assets/entry.js'], preloads: keys.map((k) => `/assets/${k}.js`), styles: ['/assets/entry.css'] }),
};

/**
 * The render timeout only guards against a hang here: generous, since renders share a loaded
 * machine (streaming.test.tsx's page waits for the test to read its shell), yet below the test
 * timeout. foundation.test.tsx tests the timeout itself with a short one.
 */
export const TEST_RENDER_TIMEOUT_MS = '10000';

/**
 * The app for a test. Its forms store into memory (with their rate limit in memory too) unless
 * the test passes `requests` (`undefined`: the store's, and then the limit is the store's).
 */
export function makeTestApp(overrides: Partial<AppDeps> = {}): App {
  const config = loadConfig({ NODE_ENV: 'test', RENDER_TIMEOUT_MS: TEST_RENDER_TIMEOUT_MS });
  const inMemory = !('requests' in overrides) ? { requests: memoryRequests(), rateLimitStore: memoryRateLimitStore() } : {};
  return createApp({ config, assets: testAssets, logger: silentLogger, publicDir: 'public', ...inMemory, ...overrides });
}

const rejected = (what: string) => Promise.reject(Object.assign(new Error(`bad ${what}`), { code: 'auth/argument-error' }));

/** An identity service that turns every token and cookie down, as it would forged ones. */
export const rejectingAdmin: AdminAuth = {
  verifyIdToken: () => rejected('token'),
  verifySessionCookie: () => rejected('cookie'),
  createSessionCookie: () => rejected('token'),
  revokeRefreshTokens: async () => {},
  getUser: async () => ({}),
  createUser: () => rejected('user'),
  deleteUser: () => rejected('user'),
};
