import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { checkCredentialsFile, ConfigError, loadConfig } from '../../server/app/config';
import { formKeySecret } from '../../server/app/form-key-secret';
import { createLogger } from '../../server/platform/http/logger';
import { makeTestApp } from '../support/test-app';

const realFirebase = {
  FIREBASE_PROJECT_ID: 'clinic-prod',
  FIREBASE_WEB_API_KEY: 'AIzaSyExampleExampleExample',
  FIREBASE_AUTH_DOMAIN: 'clinic-prod.firebaseapp.com',
  GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase.json',
  // Production also needs its database (checked, not connected, by loadConfig)…
  DATABASE_URL: 'postgres://clinic:secret@db.internal:5432/clinic',
  // …and the secret that salts the keys made from what people type.
  FORM_KEY_SECRET: 'operations-test-secret-of-32-characters-at-least',
};

function recordingLogger() {
  const lines: { level: string; line: Record<string, unknown> }[] = [];
  const logger = createLogger((line, level) => lines.push({ level, line: JSON.parse(line) as Record<string, unknown> }));
  return { lines, logger };
}

const Boom = () => {
  throw new Error('secret detail');
};
const faulty: RouteObject[] = [{ id: 'root', path: '/', children: [{ id: 'boom', path: '/boom', Component: Boom }, { id: 'ok', path: '/ok', Component: () => 'fine' }] }];

describe('request ids', () => {
  it('keeps a sane incoming X-Request-Id and returns it; replaces an unsafe or long one', async () => {
    const app = makeTestApp();
    expect((await request(app).get('/healthz').set('X-Request-Id', 'lb-1234.abc_DEF')).headers['x-request-id']).toBe('lb-1234.abc_DEF');
    for (const bad of ['a b', '<script>', 'x'.repeat(129), '']) {
      const id = (await request(app).get('/healthz').set('X-Request-Id', bad)).headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const [a, b] = await Promise.all([request(app).get('/'), request(app).get('/')]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect((await request(app).get('/%E0%A4%A')).headers['x-request-id']).toBeTruthy();
  });

  it('is in every request log line', async () => {
    const { lines, logger } = recordingLogger();
    const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'true' });
    const app = makeTestApp({ config, logger });
    await request(app).get('/').set('X-Request-Id', 'req-1');
    await request(app).get('/no-such-page').set('X-Request-Id', 'req-2');
    const requests = lines.filter((l) => l.line.msg === 'request');
    expect(requests.map((l) => [l.line.requestId, l.line.status])).toEqual([
      ['req-1', 200],
      ['req-2', 404],
    ]);
  });

  it('the development log shows page requests, not the modules the Vite middleware serves', async () => {
    const { lines, logger } = recordingLogger();
    const config = loadConfig({ NODE_ENV: 'development', LOG_REQUESTS: 'true' });
    const vite: import('express').RequestHandler = (req, res, next) => (req.path.startsWith('/@') || req.path.startsWith('/shared/') ? res.type('text/javascript').send('//') : next());
    const app = makeTestApp({ config, logger, devMiddleware: vite });
    await request(app).get('/@vite/client');
    await request(app).get('/shared/root.tsx');
    await request(app).get('/about');
    expect(lines.filter((l) => l.line.msg === 'request').map((l) => l.line.path)).toEqual(['/about']);
  });

  it('a 5xx is logged with its request id, even with request logging off, and the 500 page shows it as a reference', async () => {
    const { lines, logger } = recordingLogger();
    const app = makeTestApp({ routes: faulty, logger });
    const res = await request(app).get('/boom').set('X-Request-Id', 'support-42');
    expect(res.status).toBe(500);
    expect(res.text).toContain('Reference: <code>support-42</code>');
    expect(res.text).not.toContain('secret detail');
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.line.requestId).toBe('support-42');
    expect(errors.some((e) => e.line.msg === 'request failed' && e.line.status === 500)).toBe(true);
  });

  it('an error passed to the error handler gives the static 500 page with the reference', async () => {
    const { lines, logger } = recordingLogger();
    const app = makeTestApp({
      logger,
      devMiddleware: (req, _res, next) => (req.path === '/explode' ? next(new Error('db exploded')) : next()),
    });
    const res = await request(app).get('/explode').set('X-Request-Id', 'ref-7');
    expect(res.status).toBe(500);
    expect(res.text).toContain('Reference: <code>ref-7</code>');
    // Logged by class and where it was thrown, never by its message (issue 34: messages carry what people typed).
    const logged = lines.find((l) => l.line.msg === 'request error')?.line;
    expect(logged).toMatchObject({ requestId: 'ref-7', errorClass: 'Error', at: expect.stringContaining('tests/integration/operations.test.ts') });
    expect(JSON.stringify(logged)).not.toContain('db exploded');
  });
});

describe('readiness and health', () => {
  it('/readyz answers 200 normally and 503 at once when draining, while /healthz stays 200; responses then close their connection', async () => {
    let draining = false;
    const app = makeTestApp({ isDraining: () => draining });
    expect((await request(app).get('/readyz')).status).toBe(200);
    expect((await request(app).get('/').set('Connection', 'keep-alive')).headers.connection).toBe('keep-alive');
    draining = true;
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers['cache-control']).toBe('no-store');
    const health = await request(app).get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.connection).toBe('close');
    const page = await request(app).get('/').set('Connection', 'keep-alive');
    expect(page.status).toBe(200);
    expect(page.headers.connection).toBe('close');
  });

  it('/readyz runs the injected readiness check (e.g. the database) and answers 503 when it fails', async () => {
    let up = true;
    const app = makeTestApp({ readinessCheck: async () => (up ? undefined : Promise.reject(new Error('database unreachable'))) });
    expect((await request(app).get('/readyz')).status).toBe(200);
    up = false;
    expect((await request(app).get('/readyz')).status).toBe(503);
    expect((await request(app).get('/healthz')).status).toBe(200);
  });
});

describe('headers and error texts', () => {
  it('X-Frame-Options is DENY, matching frame-ancestors none', async () => {
    const res = await request(makeTestApp()).get('/');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("a page's headers name nothing the browser does already: no directive that only repeats default-src 'self', no X-DNS-Prefetch-Control (ADR 0027)", async () => {
    const res = await request(makeTestApp()).get('/about');
    const csp = (res.headers['content-security-policy'] as string).split(';');
    expect(csp).toContain("default-src 'self'");
    expect(csp.find((d) => d.startsWith('script-src '))).toMatch(/^script-src 'self' 'nonce-/);
    expect(csp).toContain("object-src 'none'");
    for (const name of ['font-src', 'media-src', 'manifest-src', 'worker-src']) expect(csp.find((d) => d.startsWith(`${name} `)), name).toBeUndefined();
    // connect-src only where a mode adds origins to 'self' (here: development's HMR websocket).
    expect(csp).not.toContain("connect-src 'self'");
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it('identity origins (script, API, sign-in frame) are allowed only on the pages that sign people in', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ...realFirebase });
    const app = makeTestApp({
      config,
      csp: { scriptSrc: ['https://apis.google.com'], connectSrc: ['https://identitytoolkit.googleapis.com'], frameSrc: ['https://clinic-prod.firebaseapp.com'] },
    });
    const directive = async (path: string, name: string) => (((await request(app).get(path)).headers['content-security-policy'] as string).split(';').find((d) => d.startsWith(`${name} `)) ?? '');
    for (const path of ['/login', '/register', '/checkout']) {
      expect(await directive(path, 'script-src'), path).toContain('https://apis.google.com');
      expect(await directive(path, 'connect-src'), path).toContain('https://identitytoolkit.googleapis.com');
      expect(await directive(path, 'frame-src'), path).toContain('https://clinic-prod.firebaseapp.com');
    }
    for (const path of ['/', '/about', '/blogs', '/no-such-page']) {
      expect(await directive(path, 'script-src'), path).not.toContain('apis.google.com');
      expect(await directive(path, 'connect-src'), path).not.toContain('identitytoolkit');
      const frames = await directive(path, 'frame-src');
      expect(frames, path).not.toContain('firebaseapp');
      // The video and audio embeds (click to play) keep their frames.
      expect(frames, path).toContain('https://www.youtube-nocookie.com');
    }
  });

  it('a path traversal answers 403 Forbidden; statuses and texts agree', async () => {
    const app = makeTestApp({ clientDir: 'public' });
    const res = await request(app).get('/assets/..%2f..%2fpackage.json');
    expect(res.status).toBe(403);
    expect(res.text).toBe('Forbidden');
    const missing = await request(app).get('/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('Not Found');
  });
});

describe('configuration', () => {
  it('a container never runs as development: CLINIC_CONTAINER refuses anything but production', () => {
    expect(() => loadConfig({ CLINIC_CONTAINER: '1', NODE_ENV: 'development' })).toThrow(/inside the container image/);
    expect(() => loadConfig({ CLINIC_CONTAINER: '1' })).toThrow(ConfigError);
    expect(loadConfig({ CLINIC_CONTAINER: '1', NODE_ENV: 'production', ...realFirebase }).isProduction).toBe(true);
  });

  it('shutdown timings: a drain window in production only, a deadline below Docker’s 10 s', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...realFirebase })).toMatchObject({ shutdownDrainMs: 3000, shutdownTimeoutMs: 8000 });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ shutdownDrainMs: 0, shutdownTimeoutMs: 8000 });
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_TIMEOUT_MS: '2000' })).toMatchObject({ shutdownDrainMs: 500, shutdownTimeoutMs: 2000 });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '2000' })).toThrow(/must be below/);
  });

  it('FORM_KEY_SECRET: required in production; in development a random one is kept in DATA_DIR, readable by its owner only', () => {
    const { FORM_KEY_SECRET: _secret, ...withoutSecret } = realFirebase;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutSecret })).toThrow(/production needs FORM_KEY_SECRET/);
    expect(() => loadConfig({ FORM_KEY_SECRET: 'too short' })).toThrow(/FORM_KEY_SECRET: expected at least 32 characters/);
    expect(loadConfig({}).formKeySecret).toBeNull();
    const dir = mkdtempSync(path.join(tmpdir(), 'clinic-secret-'));
    try {
      const made = formKeySecret(null, dir);
      expect(made.length).toBeGreaterThanOrEqual(32);
      expect(formKeySecret(null, dir)).toBe(made);
      expect(statSync(path.join(dir, 'form-key-secret')).mode & 0o777).toBe(0o600);
      expect(formKeySecret('configured-secret-of-at-least-32-characters', dir)).toBe('configured-secret-of-at-least-32-characters');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('GOOGLE_APPLICATION_CREDENTIALS must name a readable credentials JSON file', () => {
    const { auth } = loadConfig({ NODE_ENV: 'production', ...realFirebase, GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent.json' });
    expect(() => checkCredentialsFile(auth)).toThrow(/GOOGLE_APPLICATION_CREDENTIALS=\/nonexistent.json cannot be read \(ENOENT\)/);
    expect(() => checkCredentialsFile(auth, () => 'not json')).toThrow(/is not valid JSON/);
    expect(() => checkCredentialsFile(auth, () => '[1]')).toThrow(/not a Google credentials file/);
    expect(() => checkCredentialsFile(auth, () => '{"type":"service_account"}')).not.toThrow();
    // Not used (no Firebase mode): not checked.
    expect(() => checkCredentialsFile(loadConfig({ NODE_ENV: 'test', GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent.json' }).auth)).not.toThrow();
  });
});
