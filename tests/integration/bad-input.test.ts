import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app/app';
import { readCookie } from '../../server/platform/http/cookies';
import { loadConfig } from '../../server/app/config';
import { createAdminAuth, type AdminHandle } from '../../server/platform/session/firebase';
import { createLogger, silentLogger } from '../../server/platform/http/logger';
import { createSession } from '../../server/platform/session/session';
import { rejectingAdmin, TEST_RENDER_TIMEOUT_MS, testAssets } from '../support/test-app';

// Bad cookies and headers, from a browser with a broken cookie jar or from an attacker:
// never a 5xx, the visitor is treated as signed out, and a bad session cookie is expired.

const EXPIRED = /Expires=Thu, 01 Jan 1970/;
const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);

describe('readCookie', () => {
  it('reads a plain value, and reports absent, duplicated, oversized, badly encoded and garbage values', () => {
    expect(readCookie(undefined, 'session')).toEqual({ kind: 'absent' });
    expect(readCookie('other=1; sessionx=2', 'session')).toEqual({ kind: 'absent' });
    expect(readCookie('a=1; session=abc.def-ghi_j; b=2', 'session')).toEqual({ kind: 'ok', value: 'abc.def-ghi_j' });
    expect(readCookie('session=abc.def', 'session')).toEqual({ kind: 'ok', value: 'abc.def' });
    expect(readCookie('__Host-session=%E0%A4%A', '__Host-session')).toMatchObject({ kind: 'bad' });
    expect(readCookie('session=a; session=b', 'session')).toMatchObject({ kind: 'bad', reason: 'duplicated' });
    expect(readCookie(`session=${'a'.repeat(5000)}`, 'session')).toMatchObject({ kind: 'bad', reason: 'oversized' });
    expect(readCookie('session=<script>', 'session')).toMatchObject({ kind: 'bad' });
    expect(readCookie('session=', 'session')).toMatchObject({ kind: 'bad' });
  });
});

describe('bad session cookies against the identity service (emulator)', () => {
  const host = inject('authEmulatorHost');
  const projectId = inject('authProjectId');
  const handles: AdminHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  function sessionApp(secureCookies: boolean) {
    const config = loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId });
    const handle = createAdminAuth(config.auth)!;
    handles.push(handle);
    const errors: string[] = [];
    const logger = createLogger((line, level) => {
      if (level === 'error') errors.push(line);
    });
    const session = createSession({ auth: config.auth, admin: handle.auth, secureCookies, logger });
    return { errors, app: createApp({ config, assets: testAssets, logger, publicDir: 'public', api: session.api, getUser: session.getUser }) };
  }

  const badValues = ['%E0%A4%A', '%', '%zz', 'a'.repeat(5000), 'not a token', '"quoted"', '\u00e9\u00e8', '..', 'a.b.c'];

  it.each([true, false])('pages and sign-out answer normally, signed out, and expire the cookie (secure cookies: %s)', async (secure) => {
    const { app, errors } = sessionApp(secure);
    const name = secure ? '__Host-session' : 'session';
    for (const value of badValues) {
      const page = await request(app).get('/').set('Cookie', `${name}=${value}`);
      expect(page.status, value).toBe(200);
      expect(page.text).not.toContain('action="/api/session/logout"');
      expect(setCookies(page).join(), value).toMatch(EXPIRED);

      const out = await request(app).post('/api/session/logout').set('Host', 'clinic.test').set('Sec-Fetch-Site', 'same-origin').set('Accept', 'application/json').set('Cookie', `${name}=${value}`);
      expect(out.status, value).toBe(200);
      expect(setCookies(out).join()).toMatch(EXPIRED);
    }
    // Two cookies of the same name: ambiguous, so signed out and cleared.
    const dup = await request(app).get('/login').set('Cookie', `${name}=a.b.c; ${name}=d.e.f`);
    expect(dup.status).toBe(200);
    expect(setCookies(dup).join()).toMatch(EXPIRED);
    expect(errors).toEqual([]);
  });

  it('a request with no session cookie is not sent a Set-Cookie', async () => {
    const { app } = sessionApp(false);
    const res = await request(app).get('/').set('Cookie', 'theme=dark');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

// --- Fuzzing --------------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so a failure can be replayed from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['%', '%E0%A4%A', '%zz', '%00', '%C0%AF', '=', ';', ',', ' ', '\t', '"', "'", '\\', '/', '..', '__Host-session', 'session', '*', '[', ']', '::1', 'é', 'ÿ', '\u0080', 'en-GB;q=0.8', 'q=', '1.1.1.1', 'unknown', 'null', 'http://', '@', '#', '?', 'a'.repeat(300)];
/** Characters a client may legally put in a header value (Node refuses control characters itself). */
function headerValue(next: () => number): string {
  let s = '';
  const parts = 1 + Math.floor(next() * 8);
  for (let i = 0; i < parts; i++) {
    if (next() < 0.6) s += PIECES[Math.floor(next() * PIECES.length)];
    else for (let j = Math.floor(next() * 12); j > 0; j--) s += String.fromCharCode(0x20 + Math.floor(next() * 0xdf));
  }
  if (next() < 0.05) s = s.repeat(40);
  return s.trim().replace(/\u007f/g, '') || 'x';
}

const FUZZED_HEADERS = ['Cookie', 'Accept-Language', 'Host', 'Accept', 'Origin', 'Referer', 'Sec-Fetch-Site', 'X-Request-Id', 'X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host', 'User-Agent', 'Content-Type', 'Accept-Encoding', 'If-None-Match', 'Range'];
const TARGETS: [string, string][] = [
  ['GET', '/'],
  ['GET', '/login'],
  ['GET', '/blogs'],
  ['GET', '/no-such-page'],
  ['GET', '/readyz'],
  ['GET', '/favicon.svg'],
  ['HEAD', '/'],
  ['POST', '/'],
  ['POST', '/api/session'],
  ['POST', '/api/session/logout'],
];

describe('fuzzed headers and raw requests', () => {
  let server: Server;
  let port: number;
  const errors: string[] = [];

  beforeAll(async () => {
    // Behind a proxy (TRUST_PROXY=1), so X-Forwarded-* headers are parsed too.
    const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', RENDER_TIMEOUT_MS: TEST_RENDER_TIMEOUT_MS, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', FIREBASE_PROJECT_ID: 'demo-fuzz' });
    const logger = createLogger((line, level) => {
      if (level === 'error') errors.push(line);
    });
    const session = createSession({ auth: config.auth, admin: rejectingAdmin, secureCookies: true, logger, rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
    const app = createApp({ config, assets: testAssets, logger, publicDir: 'public', api: session.api, getUser: session.getUser });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * Sends bytes and returns every status code the server answered with, once the server closes
   * the connection (requests say `Connection: close`; the HTTP parser closes on garbage). A request
   * the server is still waiting on (cut-off headers, a promised body) is given up after `waitMs`:
   * longer than the render timeout, so a render that hangs is seen as its 500, and long enough
   * that a loaded machine rendering many pages at once is not cut off (giving up mid-render is
   * logged as a render failure). It was 3 s with a 2 s render timeout: tight under load.
   */
  function raw(data: string | Buffer, waitMs = Number(TEST_RENDER_TIMEOUT_MS) + 2000): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
      const timer = setTimeout(() => socket.destroy(), waitMs);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve([...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1])));
      });
      socket.write(data);
    });
  }

  it('seeded random header values never give a 5xx', { timeout: 120_000 }, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 15);
    const next = rng(seed);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const [method, path] = TARGETS[Math.floor(next() * TARGETS.length)]!;
      const headers: string[] = [];
      let hasHost = false;
      for (const name of FUZZED_HEADERS) {
        if (next() < 0.45) continue;
        if (name === 'Host') hasHost = true;
        headers.push(`${name}: ${headerValue(next)}`);
      }
      if (!hasHost) headers.push('Host: clinic.test');
      const body = method === 'POST' ? (next() < 0.5 ? '{"idToken":"' + 'x'.repeat(40) + '"}' : 'email=a%40b.c&_form=newsletter') : '';
      const req = `${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body, 'latin1')}\r\nConnection: close\r\n\r\n${body}`;
      const got = await raw(Buffer.from(req, 'latin1'));
      for (const status of got) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, `seed ${seed}, request ${i}:\n${req.slice(0, 2000)}`).toBeLessThan(500);
      }
    }
    // The requests did reach the app (not all refused by the HTTP parser).
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(errors).toEqual([]);
  });

  it('malformed raw requests get a 4xx or a closed connection, never a 5xx, and the server keeps answering', { timeout: 60_000 }, async () => {
    const cases = [
      'GET / HTTP/1.1\r\nHost: x\r\nCookie: __Host-session=%E0%A4%A\r\nConnection: close\r\n\r\n',
      'POST /api/session/logout HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\nCookie: __Host-session=%E0%A4%A\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      `GET / HTTP/1.1\r\nHost: x\r\nCookie: __Host-session=${'%'.repeat(8000)}\r\nConnection: close\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a=b; '.repeat(3000)}\r\nConnection: close\r\n\r\n`,
      'GET / HTTP/1.1\r\nHost: x\r\nCookie: __Host-session=a\r\nCookie: __Host-session=b\r\nConnection: close\r\n\r\n',
      'GET http://evil.example/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET http://[::1/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET //[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET //evil.example/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET /..%2f..%2fpackage.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET /assets/..%2f..%2fpackage.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ::::, 999.1.1.1, [\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: ' + 'en;q='.repeat(2000) + '\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nAccept: */*;q=NaN, text/html;;;\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX-Request-Id: ' + 'z'.repeat(500) + '\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n folded\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nCookie: a=\u00ff\u00fe\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nCookie: session=a\u0000b\r\n\r\n',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\nContent-Length: 11\r\n\r\nemail=a%40b',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nConnection: close\r\n\r\n%E0%A',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded; charset=klingon\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b',
      'POST /api/session HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{"idToken',
      'POST /api/session HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json; charset=utf-7\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n', // body promised, never sent
      'GET / HTTP/1.1\r\nHost: x\r\nCookie: __Host-se', // headers cut off
      'GARBAGE\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003', // a TLS hello on the plain port
    ];
    // No request reaches a parser that warns about it (DEP0170: Node's legacy URL parser, which a
    // later Node makes throw).
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => warnings.push(`${w.code ?? w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const answers = await Promise.all(cases.map((data) => raw(Buffer.from(data, 'latin1'))));
    process.off('warning', onWarning);
    expect(warnings).toEqual([]);
    for (const [i, statuses] of answers.entries()) {
      const data = cases[i]!;
      for (const status of statuses) expect(status, JSON.stringify(data.slice(0, 200))).toBeLessThan(500);
    }
    expect(await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toEqual([200]);
    expect(errors).toEqual([]);
  });
});

describe('without an identity service', () => {
  it('a bad cookie is still ignored and expired', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const session = createSession({ auth: config.auth, admin: null, secureCookies: true, logger: silentLogger });
    const app = createApp({ config, assets: testAssets, logger: silentLogger, api: session.api, getUser: session.getUser });
    const res = await request(app).get('/').set('Cookie', '__Host-session=%E0%A4%A');
    expect(res.status).toBe(200);
    expect(setCookies(res).join()).toMatch(EXPIRED);
  });
});
