import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app/app';
import { loadConfig } from '../../server/app/config';
import { createAdminAuth, type AdminAuth, type AdminHandle } from '../../server/platform/session/firebase';
import { silentLogger } from '../../server/platform/http/logger';
import { memoryRateLimitStore, type RateLimitStore } from '../../server/platform/http/rate-limit';
import { createSession, type SessionOptions } from '../../server/platform/session/session';
import { emulatorClient } from '../support/auth-emulator-client';
import { rejectingAdmin, testAssets } from '../support/test-app';

const EXPIRED = /session=;.*Expires=Thu, 01 Jan 1970/;
const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).join();

function limitedApp(options: Partial<SessionOptions> & { admin?: AdminAuth | null; trustProxy?: number } = {}) {
  const { admin = rejectingAdmin, trustProxy = 0, ...rest } = options;
  const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: String(trustProxy), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', FIREBASE_PROJECT_ID: 'demo-limits' });
  const session = createSession({ auth: config.auth, admin, secureCookies: false, logger: silentLogger, ...rest });
  return createApp({ config, assets: testAssets, logger: silentLogger, api: session.api, getUser: session.getUser });
}
type App = ReturnType<typeof limitedApp>;
const signIn = (app: App, idToken = 'y'.repeat(40)) => request(app).post('/api/session').set('Host', 'clinic.test').set('Sec-Fetch-Site', 'same-origin').send({ idToken });
const signOut = (app: App) => request(app).post('/api/session/logout').set('Host', 'clinic.test').set('Sec-Fetch-Site', 'same-origin').set('Accept', 'application/json');

describe('memoryRateLimitStore', () => {
  it('counts per key in a fixed window and says how long to wait', async () => {
    let t = 1_000_000;
    const store = memoryRateLimitStore({ now: () => t });
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await store.hit('k', 2, 60_000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, false]);
    expect(hits[2]!.retryAfterSeconds).toBe(60);
    expect((await store.hit('other', 2, 60_000)).allowed).toBe(true);
    t += 59_500;
    expect(await store.hit('k', 2, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    t += 500;
    expect((await store.hit('k', 2, 60_000)).allowed).toBe(true);
  });

  it('stays bounded under a flood of distinct keys', async () => {
    const store = memoryRateLimitStore({ maxKeys: 100 });
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 5, 60_000);
    // The newest keys are still counted.
    for (let i = 0; i < 5; i++) await store.hit('k999', 5, 60_000);
    expect((await store.hit('k999', 5, 60_000)).allowed).toBe(false);
  });
});

describe('sign-out', () => {
  it('is never rate limited and always expires the cookie', async () => {
    const app = limitedApp({ rateLimit: { limit: 2, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) await signIn(app);
    expect((await signIn(app)).status).toBe(429);
    for (let i = 0; i < 40; i++) {
      const res = await signOut(app).set('Cookie', 'session=a.b.c');
      expect(res.status).toBe(200);
      expect(setCookies(res)).toMatch(EXPIRED);
    }
  });

  it('expires the cookie even when the identity service is missing', async () => {
    const res = await signOut(limitedApp({ admin: null })).set('Cookie', 'session=a.b.c');
    expect(res.status).toBe(503);
    expect(setCookies(res)).toMatch(EXPIRED);
  });
});

describe('sign-in per client address', () => {
  it('answers 429 with Retry-After once the address is over its limit', async () => {
    const app = limitedApp({ rateLimit: { limit: 2, windowMs: 120_000 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(app)).status);
    expect(statuses).toEqual([401, 401, 429]);
    const res = await signIn(app);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(100);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(res.headers['ratelimit-policy']).toMatch(/q=2;w=120/);
  });

  it('behind a proxy (TRUST_PROXY) counts the forwarded client address, not the proxy', async () => {
    const app = limitedApp({ rateLimit: { limit: 1, windowMs: 60_000 }, trustProxy: 1 });
    const from = (ip: string) => signIn(app).set('X-Forwarded-For', ip);
    expect((await from('203.0.113.7')).status).toBe(401);
    expect((await from('203.0.113.7')).status).toBe(429);
    expect((await from('203.0.113.8')).status).toBe(401);
    // Without trust, the header is ignored: everything comes from the proxy's address.
    const direct = limitedApp({ rateLimit: { limit: 1, windowMs: 60_000 }, trustProxy: 0 });
    expect((await signIn(direct).set('X-Forwarded-For', '198.51.100.1')).status).toBe(401);
    expect((await signIn(direct).set('X-Forwarded-For', '198.51.100.2')).status).toBe(429);
  });

  it('counts an IPv6 client by its /64', async () => {
    const app = limitedApp({ rateLimit: { limit: 1, windowMs: 60_000 }, trustProxy: 1 });
    const from = (ip: string) => signIn(app).set('X-Forwarded-For', ip);
    expect((await from('2001:db8:1:2::1')).status).toBe(401);
    expect((await from('2001:db8:1:2:ffff::9')).status).toBe(429); // same /64
    expect((await from('2001:db8:1:3::1')).status).toBe(401); // next /64
    expect((await from('::ffff:192.0.2.1')).status).toBe(401);
    expect((await from('192.0.2.1')).status).toBe(429); // the same IPv4 client, mapped or not
  });

  it('uses the injected store, and lets sign-in through (logged) when the store fails', async () => {
    const keys: string[] = [];
    const recording: RateLimitStore = {
      async hit(key) {
        keys.push(key);
        return { allowed: true, retryAfterSeconds: 0 };
      },
    };
    await signIn(limitedApp({ rateLimitStore: recording }));
    expect(keys).toEqual([expect.stringMatching(/^signin-address:/)]);
    const broken: RateLimitStore = { hit: () => Promise.reject(new Error('database down')) };
    expect((await signIn(limitedApp({ rateLimitStore: broken }))).status).toBe(401);
  });
});

describe('sign-in per account (emulator)', () => {
  const host = inject('authEmulatorHost');
  const projectId = inject('authProjectId');
  const emulator = emulatorClient(host, projectId);
  const handles: AdminHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  it('limits sessions started for one account, whatever the address, with Retry-After', async () => {
    const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId });
    const handle = createAdminAuth(config.auth)!;
    handles.push(handle);
    const session = createSession({ auth: config.auth, admin: handle.auth, secureCookies: false, logger: silentLogger, accountRateLimit: { limit: 2, windowMs: 300_000 } });
    const app = createApp({ config, assets: testAssets, logger: silentLogger, api: session.api, getUser: session.getUser });
    const email = `limit.${Date.now()}@example.com`;
    const { idToken } = await emulator.signUp(email, 'correct-horse-7', 'Limit Test');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(app, idToken).set('X-Forwarded-For', `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const res = await signIn(app, idToken).set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/this account/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(200);
    // Another account from the same address is not affected.
    const other = await emulator.signUp(`other.${Date.now()}@example.com`, 'correct-horse-7', 'Other');
    expect((await signIn(app, other.idToken).set('X-Forwarded-For', '203.0.113.9')).status).toBe(200);
  });
});
