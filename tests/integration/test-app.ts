import type { Express } from 'express';
import { createApp, type AppDeps } from '../../server/app';
import type { ClientAssets } from '../../server/assets';
import { loadConfig } from '../../server/config';
import type { AdminAuth } from '../../server/firebase';
import { silentLogger } from '../../server/logger';
import { memoryEnquiries } from '../support/memory-enquiries';

/** Assets stand-in: tests read the server HTML, they do not load the client bundle. */
export const testAssets: ClientAssets = {
  forPages: (keys) => ({ entryScripts: ['/assets/entry.js'], preloads: keys.map((k) => `/assets/${k}.js`), styles: ['/assets/entry.css'] }),
};

export function makeTestApp(overrides: Partial<AppDeps> = {}): Express {
  const config = loadConfig({ NODE_ENV: 'test', RENDER_TIMEOUT_MS: '1000' });
  return createApp({ config, assets: testAssets, logger: silentLogger, publicDir: 'public', enquiries: memoryEnquiries(), ...overrides });
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
};
