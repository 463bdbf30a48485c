import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outbox } from '../../server/platform/mail/outbox';
import { rateLimits } from '../../server/platform/db/rate-limit';
import { requests } from '../../server/requests/schema';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';
import { emulatorClient } from '../support/auth-emulator-client';
import { killIfRunning, startServerProcess, type ServerProcess } from './fixtures/server-process';

// Scale-out on one machine: two real app processes (the bundled test server) share one PostgreSQL database
// and one Auth Emulator, as two instances behind a load balancer would. Needs PostgreSQL: skipped
// without it, unless REQUIRE_POSTGRES=1 (then the global setup fails instead).

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no pooling: a draining instance closes its sockets). */
function send(port: number, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The contact form, posted without JavaScript as a browser behind the balancer (TRUST_PROXY=1) at `address`. */
function postContact(port: number, address: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ _form: 'contact', ...fields }).toString();
  return send(port, 'POST', '/contact?_data=%2Fcontact', { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address }, body);
}

const contact = (i: number | string) => ({ name: `Chidi ${i}`, email: `chidi${i}@example.com`, phone: '', subject: 'Hours', message: `Are you open on Sunday? (${i})` });

const referenceOf = (a: Answer) => (JSON.parse(a.body) as { data: { status: string; reference?: string } }).data;

describe.runIf(testEngines().includes('postgres'))('two instances on one PostgreSQL database', () => {
  let t: TestStore;
  let a: ServerProcess;
  let b: ServerProcess;
  let portA: number;
  let portB: number;
  const dataDirs: string[] = [];
  const host = inject('authEmulatorHost');
  const projectId = inject('authProjectId');

  beforeAll(async () => {
    t = await openTestStore('postgres');
    const instance = () => {
      // Its own scratch DATA_DIR (mail files); the database is the shared one.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-scale-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: t.databaseUrl!,
        // Instances behind one balancer share the secret of their keys, or a resend through the
        // other one would not be recognised (each would otherwise keep its own in its DATA_DIR).
        FORM_KEY_SECRET: 'scale-out-test-secret-of-32-characters-at-least',
        TRUST_PROXY: '1',
        LOG_REQUESTS: 'false',
        // The window must outlast the test's /readyz check on A after the 'shutting down' line
        // (a 1 s window was tight on a loaded machine); production's is 3 s.
        SHUTDOWN_DRAIN_MS: '4000',
        SHUTDOWN_TIMEOUT_MS: '15000',
        FIREBASE_AUTH_EMULATOR_HOST: host,
        FIREBASE_PROJECT_ID: projectId,
        FIREBASE_WEB_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      });
    };
    a = instance();
    b = instance();
    [portA, portB] = await Promise.all([a.port(), b.port()]);
    for (const s of [a, b]) expect(s.lines.find((l) => l.msg === 'opening the store')?.engine).toBe('postgres');
  }, 120_000); // two processes starting at once: slow on a loaded machine

  afterAll(async () => {
    for (const s of [a, b]) if (s) killIfRunning(s.proc);
    await Promise.all([a?.exit, b?.exit]);
    await t?.cleanup();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('requests sent through both are stored once each, the same submission on A then B is one request, and each mail goes out once', async () => {
    const address = '203.0.113.10';
    const sent = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => postContact(i % 2 ? portA : portB, address, contact(i))));
    for (const r of sent) expect(r.status, r.body).toBe(200);
    const references = sent.map((r) => referenceOf(r).reference!);
    for (const ref of references) expect(ref).toMatch(/^MSG-[A-Z0-9]{5}$/);
    expect(new Set(references).size).toBe(6);

    // The same submission (a retry, another tab) through A, then B: one request, one reference.
    const first = await postContact(portA, address, contact('again'));
    const again = await postContact(portB, address, contact('again'));
    expect(referenceOf(again)).toEqual({ ...referenceOf(first), status: 'sent' });
    // And at the same moment through both.
    const both = await Promise.all([postContact(portA, address, contact('race')), postContact(portB, address, contact('race'))]);
    expect(referenceOf(both[0]!).reference).toBe(referenceOf(both[1]!).reference);

    const expected = [...references, referenceOf(first).reference!, referenceOf(both[0]!).reference!];
    const stored = await t.store.db.select({ reference: requests.reference }).from(requests);
    expect(stored.map((r) => r.reference).sort()).toEqual([...expected].sort());

    // Both outbox workers run; each notice is claimed by one of them and written once.
    const mailed = (ref: string) => (l: Record<string, unknown>) => l.msg === 'mail written to a file (no SMTP_URL set)' && String(l.subject).includes(ref);
    await Promise.all(expected.map((ref) => Promise.any([a.line(mailed(ref)), b.line(mailed(ref))])));
    for (const ref of expected) expect([...a.lines, ...b.lines].filter(mailed(ref)), ref).toHaveLength(1);
    // The worker logs the delivery before it marks the row sent: wait for the mark.
    const unsent = async () => {
      const mails = await t.store.db.select({ sentAt: outbox.sentAt }).from(outbox);
      expect(mails).toHaveLength(expected.length);
      return mails.filter((m) => m.sentAt === null).length;
    };
    await expect.poll(unsent, { timeout: 10_000, interval: 100 }).toBe(0);
  });

  it('the form limit is shared: hits on A and B add up, and the 21st is refused on either', async () => {
    const address = '198.51.100.7';
    // 20 submissions from one address, half through each instance, all at once.
    const allowed = await Promise.all(Array.from({ length: 20 }, (_, i) => postContact(i % 2 ? portA : portB, address, contact(`limit-${i}`))));
    expect(allowed.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const port of [portA, portB]) {
      const refused = await postContact(port, address, contact('one-too-many'));
      expect(refused.status).toBe(429);
      expect(referenceOf(refused).status).toBe('limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const [row] = await t.store.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, `form:${address}`));
    expect(row?.count).toBe(22);
    // Another address is not affected.
    expect((await postContact(portB, '198.51.100.8', contact('other-address'))).status).toBe(200);
  });

  it('a sign-in made on A gives a session cookie that B recognises', async () => {
    const emulator = emulatorClient(host, projectId);
    const { idToken } = await emulator.signUp(`scale.${Date.now()}@example.com`, 'correct-horse-7', 'Hauwa Scale');
    const origin = `http://127.0.0.1:${portA}`;
    const signIn = await send(portA, 'POST', '/api/session', { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' }, JSON.stringify({ idToken }));
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = ([] as string[])
      .concat(signIn.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('session='))
      ?.split(';')[0];
    expect(cookie).toBeTruthy();

    const onB = await send(portB, 'GET', '/', { cookie: cookie! });
    expect(onB.status).toBe(200);
    expect(onB.body).toContain('Hauwa Scale');
    expect(onB.body).toContain('action="/api/session/logout"');
    const anonymous = await send(portB, 'GET', '/');
    expect(anonymous.body).not.toContain('Hauwa Scale');
  });

  it('A drained with SIGTERM while B keeps answering 200 throughout; A exits 0', { timeout: 60_000 }, async () => {
    let draining = true;
    const statuses: number[] = [];
    const failures: string[] = [];
    // A client on B all through A's drain: readiness (the database) and a page render.
    const poller = (async () => {
      for (let i = 0; draining || statuses.length < 4; i++) {
        try {
          statuses.push((await send(portB, 'GET', i % 2 ? '/readyz' : '/contact')).status);
        } catch (error) {
          failures.push((error as NodeJS.ErrnoException).code ?? String(error));
        }
      }
    })();
    await new Promise<void>((resolve) => {
      const wait = () => (statuses.length > 0 ? resolve() : setImmediate(wait));
      wait();
    });

    a.proc.kill('SIGTERM');
    await a.line((l) => l.msg === 'shutting down');
    const atSignal = statuses.length;
    // The balancer's view during the window: A not ready, B ready.
    expect((await send(portA, 'GET', '/readyz')).status).toBe(503);
    expect((await send(portB, 'GET', '/readyz')).status).toBe(200);
    await a.line((l) => l.msg === 'store closed');
    const { code } = await a.exit;
    const duringDrain = statuses.length - atSignal;
    draining = false;
    await poller;

    expect(code).toBe(0);
    expect(a.lines.find((l) => l.msg === 'stopped')?.reason).toBe('all connections closed');
    expect(a.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(failures).toEqual([]);
    // B answered while A was draining, not only before and after.
    expect(duringDrain).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200), statuses.join()).toBe(true);

    // B alone still stores requests in the shared database.
    const after = await postContact(portB, '203.0.113.99', contact('after-drain'));
    expect(after.status).toBe(200);
    const [row] = await t.store.db.select({ n: sql<number>`count(*)::int` }).from(requests).where(eq(requests.reference, referenceOf(after).reference!));
    expect(row?.n).toBe(1);
    expect(b.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
