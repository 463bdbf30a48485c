import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app/app';
import { ConfigError, loadConfig } from '../../server/app/config';
import { authCspSources, createAdminAuth, type AdminHandle } from '../../server/platform/session/firebase';
import { silentLogger } from '../../server/platform/http/logger';
import { createSession, type SessionOptions } from '../../server/platform/session/session';
import { emulatorClient, forgeSigned, reissueUnsigned } from '../support/auth-emulator-client';
import { makeTestApp, TEST_RENDER_TIMEOUT_MS, testAssets } from '../support/test-app';

const host = inject('authEmulatorHost');
const projectId = inject('authProjectId');
const emulator = emulatorClient(host, projectId);
const handles: AdminHandle[] = [];

/** The real app wired to the emulator, as server/main.ts wires it. */
function sessionApp(overrides: Partial<SessionOptions> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', RENDER_TIMEOUT_MS: TEST_RENDER_TIMEOUT_MS, FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId });
  const handle = createAdminAuth(config.auth)!;
  handles.push(handle);
  const session = createSession({ auth: config.auth, admin: handle.auth, secureCookies: false, logger: silentLogger, ...overrides });
  return createApp({ config, assets: testAssets, logger: silentLogger, publicDir: 'public', api: session.api, getUser: session.getUser, csp: authCspSources(config.auth) });
}

const ORIGIN = 'http://clinic.test';
const post = (app: ReturnType<typeof sessionApp>, path: string) => request(app).post(path).set('Host', 'clinic.test').set('Origin', ORIGIN).set('Sec-Fetch-Site', 'same-origin');

let n = 0;
async function freshUser(displayName = 'Amina Bello') {
  const email = `patient${++n}.${Date.now()}@example.com`;
  const { idToken, localId } = await emulator.signUp(email, 'correct-horse-7', displayName);
  return { email, idToken, uid: localId };
}

function sessionCookieOf(res: request.Response): string {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('session='));
  expect(header, 'a session cookie is set').toBeTruthy();
  return header!;
}

// No emulator.clear() between tests: every user here has a unique e-mail, and the emulator is
// shared with other test files running at the same time (clearing it deleted their users).
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
});

describe('POST /api/session', () => {
  it('turns a valid fresh ID token into an httpOnly, SameSite=Lax session cookie that ends with the browser', async () => {
    const app = sessionApp();
    const { idToken, uid } = await freshUser();
    const res = await post(app, '/api/session').send({ idToken });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ uid, displayName: 'Amina Bello', email: expect.stringContaining('@example.com') });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires/); // not remembered: a browser-session cookie
    expect(cookie).not.toMatch(/; Secure/); // tests run over http
  });

  it('"remember me" gives a cookie with a bounded lifetime of 5 days', async () => {
    const app = sessionApp();
    const { idToken } = await freshUser();
    const res = await post(app, '/api/session').send({ idToken, remember: true });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toMatch(/Max-Age=432000/);
  });

  it('outside local development the cookie is Secure and __Host- prefixed', async () => {
    const app = sessionApp({ secureCookies: true });
    const { idToken } = await freshUser();
    const res = await post(app, '/api/session').send({ idToken });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-session='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
  });

  it('refuses a forged token (signed by someone else, for another project, or garbage) with 401', async () => {
    const app = sessionApp();
    const { idToken } = await freshUser();
    for (const token of [forgeSigned(idToken), forgeSigned(idToken, { aud: 'someone-else', iss: 'https://securetoken.google.com/someone-else' }), 'x'.repeat(40), `${idToken}tampered`]) {
      const res = await post(app, '/api/session').send({ idToken: token });
      expect(res.status, token.slice(0, 30)).toBe(401);
      expect(res.body.error).toMatch(/sign in again/i);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses an expired token with 401', async () => {
    const app = sessionApp();
    const { idToken } = await freshUser();
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = reissueUnsigned(idToken, { iat: hourAgo - 60, auth_time: hourAgo - 60, exp: hourAgo });
    const res = await post(app, '/api/session').send({ idToken: expired });
    expect(res.status).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a stale sign-in (more than 5 minutes old) with 401', async () => {
    const sixMinutesLater = () => Date.now() + 6 * 60 * 1000;
    const app = sessionApp({ now: sixMinutesLater });
    const { idToken } = await freshUser();
    const res = await post(app, '/api/session').send({ idToken });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/too old/);
    // The same token is accepted while the sign-in is recent.
    expect((await post(sessionApp(), '/api/session').send({ idToken })).status).toBe(200);
  });

  it('refuses cross-site POSTs with 403 (Origin of another site, Sec-Fetch-Site, or no origin at all)', async () => {
    const app = sessionApp();
    const { idToken } = await freshUser();
    const attempts = [
      request(app).post('/api/session').set('Host', 'clinic.test').set('Origin', 'https://evil.example').send({ idToken }),
      request(app).post('/api/session').set('Host', 'clinic.test').set('Sec-Fetch-Site', 'cross-site').send({ idToken }),
      request(app).post('/api/session').set('Host', 'clinic.test').set('Origin', 'null').send({ idToken }),
      request(app).post('/api/session').set('Host', 'clinic.test').send({ idToken }),
      request(app).post('/api/session/logout').set('Host', 'clinic.test').set('Origin', 'https://evil.example'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatch(/cross-site/i);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('rate limits sign-in attempts with 429', async () => {
    const app = sessionApp({ rateLimit: { windowMs: 60_000, limit: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(app, '/api/session').send({ idToken: 'y'.repeat(40) })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await post(app, '/api/session').send({ idToken: 'y'.repeat(40) });
    expect(limited.body.error).toMatch(/too many/i);
    expect(limited.headers['ratelimit-policy'] ?? limited.headers['ratelimit']).toBeTruthy();
  });

  it('takes only a small JSON body', async () => {
    const app = sessionApp();
    expect((await post(app, '/api/session').set('content-type', 'application/json').send(JSON.stringify({ idToken: 'z'.repeat(20_000) }))).status).toBe(413);
    expect((await post(app, '/api/session').type('form').send('idToken=abc')).status).toBe(415);
    expect((await post(app, '/api/session').send({ token: 'abc' })).status).toBe(400);
  });
});

describe('session cookie on every render', () => {
  it('a server render with a valid cookie shows the user name and a sign-out control, never cacheable by shared caches', async () => {
    const app = sessionApp();
    const { idToken } = await freshUser('Chidi Okafor');
    const cookie = sessionCookieOf(await post(app, '/api/session').send({ idToken })).split(';')[0]!;
    const res = await request(app).get('/about-us-does-not-matter').set('Cookie', cookie);
    const home = await request(app).get('/').set('Cookie', cookie);
    for (const page of [res, home]) {
      expect(page.text).toContain('Chidi Okafor');
      expect(page.text).toContain('action="/api/session/logout"');
      expect(page.headers['cache-control']).toBe('private, no-store');
    }
    // The hydration data carries the same user, so the browser renders the same header.
    expect(home.text).toMatch(/<script type="application\/json" id="__session"[^>]*>\{"uid":"[^"]+","displayName":"Chidi Okafor"/);
    const anonymous = await request(app).get('/');
    expect(anonymous.text).not.toContain('Chidi Okafor');
    expect(anonymous.text).toContain('href="/login?returnTo=%2F"');
  });

  it('an invalid cookie renders signed out and is cleared', async () => {
    const app = sessionApp();
    const res = await request(app).get('/').set('Cookie', 'session=not-a-real-session-cookie');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('action="/api/session/logout"');
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join()).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('sign-out clears the cookie, revokes the session, and the next render is signed out', async () => {
    const app = sessionApp();
    const { idToken } = await freshUser('Ngozi Eze');
    const cookie = sessionCookieOf(await post(app, '/api/session').send({ idToken })).split(';')[0]!;
    expect((await request(app).get('/').set('Cookie', cookie)).text).toContain('Ngozi Eze');
    // Revocation has a one-second granularity: sign out in a later second than the sign-in.
    await new Promise((r) => setTimeout(r, 1100));

    const out = await post(app, '/api/session/logout').set('Cookie', cookie).set('Referer', `${ORIGIN}/services?x=1`).set('Accept', 'text/html');
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/services?x=1');
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).join()).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);

    // The browser no longer sends the cookie; and a copy of it no longer works either (refresh tokens revoked).
    expect((await request(app).get('/')).text).not.toContain('Ngozi Eze');
    const replay = await request(app).get('/').set('Cookie', cookie);
    expect(replay.text).not.toContain('Ngozi Eze');
    expect(replay.text).not.toContain('action="/api/session/logout"');
  });

  it('sign-out from another site page sends the visitor home, not to a foreign address', async () => {
    const app = sessionApp();
    const out = await post(app, '/api/session/logout').set('Referer', 'https://evil.example/phish').set('Accept', 'text/html');
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/');
  });
});

describe('modes', () => {
  it('with no identity service the pages render and the session endpoints answer 503 with a clear message', async () => {
    const app = makeTestApp(); // as `npm run dev:server`: no Firebase settings, no emulator
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.auth.mode).toBe('unavailable');
    const session = createSession({ auth: config.auth, admin: null, secureCookies: false, logger: silentLogger });
    const withApi = createApp({ config, assets: testAssets, logger: silentLogger, api: session.api, getUser: session.getUser });
    for (const path of ['/login', '/register']) expect((await request(app).get(path)).status).toBe(200);
    const res = await request(withApi).post('/api/session').set('Sec-Fetch-Site', 'same-origin').send({ idToken: 'a'.repeat(40) });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/no identity service is configured/);
    const logout = await request(withApi).post('/api/session/logout').set('Sec-Fetch-Site', 'same-origin');
    expect(logout.status).toBe(503);
    const cfg = await request(withApi).get('/api/auth-config');
    expect(cfg.body).toEqual({ mode: 'unavailable', message: expect.stringMatching(/no identity service/) });
  });

  it('refuses to start in production while an emulator host is set, or without complete Firebase settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set but NODE_ENV is production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'development', FIREBASE_PROJECT_ID: 'clinic-prod' })).toThrow(/missing FIREBASE_WEB_API_KEY, FIREBASE_AUTH_DOMAIN/);
    const real = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'clinic-prod',
      FIREBASE_WEB_API_KEY: 'AIzaSyExampleExampleExample',
      FIREBASE_AUTH_DOMAIN: 'clinic-prod.firebaseapp.com',
      GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase.json',
      DATABASE_URL: 'postgres://clinic@db:5432/clinic',
      FORM_KEY_SECRET: 'session-test-secret-of-32-characters-at-least',
    });
    expect(real.auth.mode).toBe('firebase');
  });

  it('the CSP allows exactly the identity hosts of the mode', async () => {
    const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
    const emulatorCsp = (await request(sessionApp()).get('/login')).headers['content-security-policy'] as string;
    expect(directive(emulatorCsp, 'connect-src')).toContain(`http://${host}`);
    expect(directive(emulatorCsp, 'frame-src')).toContain("'self'");
    expect(emulatorCsp).not.toMatch(/googleapis|apis\.google\.com|firebaseapp/);
    const plainCsp = (await request(makeTestApp()).get('/login')).headers['content-security-policy'] as string;
    expect(directive(plainCsp, 'connect-src')).not.toContain(host);
    expect(directive(plainCsp, 'frame-src')).not.toContain("'self'");
    const real = loadConfig({
      NODE_ENV: 'test',
      FIREBASE_PROJECT_ID: 'clinic-prod',
      FIREBASE_WEB_API_KEY: 'AIzaSyExampleExampleExample',
      FIREBASE_AUTH_DOMAIN: 'clinic-prod.firebaseapp.com',
      GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase.json',
    });
    expect(authCspSources(real.auth)).toEqual({
      connectSrc: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
      scriptSrc: ['https://apis.google.com'],
      frameSrc: ['https://clinic-prod.firebaseapp.com'],
    });
  });
});
