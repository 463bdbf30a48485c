import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/db';
import { loadMigrations, migrate } from '../../server/platform/db/migrate';
import { hitRateLimit } from '../../server/platform/db/rate-limit';
import { outbox } from '../../server/platform/mail/outbox';
import { newsletterSubscribers, newsletterSuppressions, requestEvents, requests } from '../../server/requests/schema';
import { formKeys } from '../../server/requests/keys';
import { openStore, type Store } from '../../server/platform/db/store';
import { migrationSteps } from '../../server/app/store';
import { memoryTransport } from '../../server/platform/mail/transport';
import { processOutbox } from '../../server/platform/mail/outbox';
import { REFERENCE_PATTERN } from '../../shared/requests/kinds';
import { approvedComments, confirm, subscribe, unsubscribe } from '../../server/requests/repo';
import { submit } from '../support/submit';
import { silentLogger } from '../../server/platform/http/logger';
import { copyPgliteTemplate, openTestStore, testEngines, type TestStore } from '../support/test-store';
import { makeTestApp } from '../support/test-app';

const ORIGIN = 'https://clinic.example';
const notify = { to: 'inbox@clinic.example', publicOrigin: ORIGIN };
const keys = formKeys('store-test-secret-of-32-characters-at-least');
let keySeq = 0;
const key = () => `key-${process.pid}-${Date.now()}-${++keySeq}`;

describe.each(testEngines())('the store on %s', (engine) => {
  let t: TestStore;
  let store: Store;
  beforeAll(async () => {
    t = await openTestStore(engine);
    store = t.store;
    expect(store.engine).toBe(engine);
  });
  afterAll(() => t?.cleanup());
  // Each case starts from empty tables, so counts are exact.
  beforeEach(async () => {
    await store.db.execute(sql`TRUNCATE requests, request_events, outbox, rate_limits, newsletter_subscribers RESTART IDENTITY CASCADE`);
  });

  const countOf = async (table: typeof requests | typeof outbox | typeof requestEvents) => (await store.db.select({ n: count() }).from(table))[0]!.n;

  it('stores a submission once, with its history event and one notification that carries no health details', async () => {
    await store.ping();
    const result = await submit(store, {
      kind: 'appointment',
      idempotencyKey: key(),
      name: 'Amina Bello',
      email: 'amina@example.com',
      phone: '+2348001234567',
      payload: { service: 'Spinal adjustment', message: 'Sharp lower back pain since Tuesday', consent: true },
      notify,
    });
    expect(result.duplicate).toBe(false);
    expect(result.reference).toMatch(REFERENCE_PATTERN);
    expect(result.reference).toMatch(/^APT-/);
    const [row] = await store.db.select().from(requests);
    expect(row).toMatchObject({ reference: result.reference, kind: 'appointment', status: 'new', version: 1, name: 'Amina Bello', phone: '+2348001234567' });
    expect(row!.payload).toEqual({ service: 'Spinal adjustment', message: 'Sharp lower back pain since Tuesday', consent: true });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(await countOf(requestEvents)).toBe(1);
    const mails = await store.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: notify.to, status: 'pending', attempts: 0, requestId: row!.id });
    expect(mails[0]!.text).toContain(`${ORIGIN}/staff/requests/${result.reference}`);
    expect(mails[0]!.subject).toContain(result.reference);
    for (const secret of ['back pain', 'Amina', 'amina@example.com', '+234', 'Spinal']) {
      expect(mails[0]!.text).not.toContain(secret);
      expect(mails[0]!.subject).not.toContain(secret);
    }
  });

  it('answers /readyz from the database: 200 when it answers, 503 when it does not', async () => {
    expect((await request(makeTestApp({ store })).get('/readyz')).status).toBe(200);
    const down: Store = { ...store, ping: () => Promise.reject(new Error('down')) };
    const res = await request(makeTestApp({ store: down })).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a phone number that is not E.164', async () => {
    await expect(submit(store, { kind: 'contact', idempotencyKey: key(), phone: '0800 123 4567', payload: {}, notify: null })).rejects.toThrow();
    expect(await countOf(requests)).toBe(0);
  });

  it('answers the same idempotency key with the first reference and stores nothing new, also when sent concurrently', async () => {
    const k = key();
    const input = { kind: 'contact' as const, idempotencyKey: k, name: 'Ada', payload: { message: 'Hello' }, notify };
    const first = await submit(store, input);
    const again = await submit(store, { ...input, payload: { message: 'Hello (sent twice)' } });
    expect(again).toEqual({ reference: first.reference, duplicate: true });

    const k2 = key();
    const racing = await Promise.all(Array.from({ length: 8 }, () => submit(store, { ...input, idempotencyKey: k2 })));
    expect(new Set(racing.map((r) => r.reference)).size).toBe(1);
    expect(racing.filter((r) => !r.duplicate)).toHaveLength(1);

    expect(await countOf(requests)).toBe(2);
    expect(await countOf(outbox)).toBe(2);
    expect(await countOf(requestEvents)).toBe(2);
  });

  it('queues exactly one outbox row per request, with prefixes by kind', async () => {
    const kinds = ['appointment', 'contact', 'quote', 'comment', 'order'] as const;
    const refs = [];
    for (const kind of kinds) refs.push((await submit(store, { kind, idempotencyKey: key(), payload: {}, notify })).reference);
    expect(refs.map((r) => r.split('-')[0])).toEqual(['APT', 'MSG', 'QTE', 'CMT', 'ORD']);
    const rows = await queryRows<{ reference: string; n: number }>(
      store.db,
      sql`SELECT r.reference, count(o.id)::int AS n FROM requests r LEFT JOIN outbox o ON o.request_id = r.id GROUP BY r.reference`,
    );
    expect(rows).toHaveLength(kinds.length);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('two concurrent workers send each mail exactly once', async () => {
    await store.db.insert(outbox).values(Array.from({ length: 30 }, (_, i) => ({ to: `p${i}@example.com`, subject: `mail ${i}`, text: 'hello' })));
    const a = memoryTransport();
    const b = memoryTransport();
    const drain = async (transport: typeof a) => {
      for (;;) {
        const round = await processOutbox(store, transport, silentLogger, { batchSize: 3 });
        if (round.claimed === 0) return;
      }
    };
    await Promise.all([drain(a), drain(b), drain(a)]);
    const subjects = [...a.sent, ...b.sent].map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    const rows = await store.db.select().from(outbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt && r.lockedUntil === null)).toBe(true);
  });

  it('backs off after a failed send, retries when due, and gives up after the last attempt', async () => {
    await store.db.insert(outbox).values({ to: 'p@example.com', subject: 'retry me', text: 'hello' });
    const transport = memoryTransport();
    transport.failNext(2);
    const options = { maxAttempts: 2, backoffMs: (n: number) => n * 60_000 };

    expect(await processOutbox(store, transport, silentLogger, options)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    const [row] = await queryRows<{ status: string; attempts: number; wait_s: number; last_error: string }>(
      store.db,
      sql`SELECT status, attempts, extract(epoch FROM next_attempt_at - now())::float8 AS wait_s, last_error FROM outbox`,
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'simulated send failure' });
    expect(Number(row!.wait_s)).toBeGreaterThan(50);
    expect(Number(row!.wait_s)).toBeLessThanOrEqual(60);
    // Not due yet: nothing to do.
    expect((await processOutbox(store, transport, silentLogger, options)).claimed).toBe(0);

    await store.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await processOutbox(store, transport, silentLogger, options)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    const [failed] = await store.db.select().from(outbox);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    await store.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect((await processOutbox(store, transport, silentLogger, options)).claimed).toBe(0);
    expect(transport.sent).toHaveLength(0);

    // A mail that fails once and then goes through ends as sent.
    await store.db.insert(outbox).values({ to: 'q@example.com', subject: 'second try', text: 'hello' });
    transport.failNext(1);
    await processOutbox(store, transport, silentLogger, { backoffMs: () => 0 });
    await processOutbox(store, transport, silentLogger, { backoffMs: () => 0 });
    const [sent] = await store.db.select().from(outbox).where(eq(outbox.subject, 'second try'));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(transport.sent.map((m) => m.subject)).toEqual(['second try']);
  });

  it('counts rate-limit hits, refuses past the limit with a retry-after, and shares the count between concurrent callers', async () => {
    const opts = { limit: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(store, 'form:1.2.3.4', opts));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(50);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await hitRateLimit(store, 'form:5.6.7.8', opts)).allowed).toBe(true);

    const burst = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(store, 'burst', { limit: 5, windowMs: 60_000 })));
    expect(burst.filter((r) => r.allowed)).toHaveLength(5);

    // Once the window has passed, the count starts again.
    await store.db.execute(sql`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = 'form:1.2.3.4'`);
    expect(await hitRateLimit(store, 'form:1.2.3.4', opts)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
  });

  it('applies migrations once: running them again changes nothing, and an edited migration is refused', async () => {
    const migrations = [...loadMigrations(), ...migrationSteps].sort((a, b) => a.name.localeCompare(b.name));
    expect(await migrate(store.db, silentLogger, migrations)).toEqual([]);
    await Promise.all([migrate(store.db, silentLogger, migrations), migrate(store.db, silentLogger, migrations)]);
    const rows = await queryRows<{ name: string }>(store.db, sql`SELECT name FROM schema_migrations ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    const edited = migrations.map((m, i) => (i === 0 ? { ...m, checksum: 'changed' } : m));
    await expect(migrate(store.db, silentLogger, edited)).rejects.toThrow(/was changed after it was applied/);
  });

  it('runs the newsletter double opt-in without revealing whether an address is subscribed', async () => {
    const first = await subscribe(store, { email: ' Reader@Example.com ', publicOrigin: ORIGIN });
    expect(first.confirmToken).toBeTruthy();
    const [mail] = await store.db.select().from(outbox);
    expect(mail!.to).toBe('reader@example.com');
    expect(mail!.text).toContain(`${ORIGIN}/newsletter/confirm?token=${first.confirmToken}`);
    // Asking again while pending sends a fresh link; the old one stops working.
    const second = await subscribe(store, { email: 'reader@example.com', publicOrigin: ORIGIN });
    expect(await confirm(store, keys, first.confirmToken!)).toBe(false);
    expect(await confirm(store, keys, second.confirmToken!)).toBe(true);
    expect(await confirm(store, keys, second.confirmToken!)).toBe(false);
    // Subscribed already: a mail to the address itself, nothing the asker can see.
    expect(await subscribe(store, { email: 'reader@example.com', publicOrigin: ORIGIN })).toEqual({ confirmToken: null });
    expect(await countOf(outbox)).toBe(3);
    const [sub] = await store.db.select().from(newsletterSubscribers);
    expect(sub).toMatchObject({ status: 'confirmed', email: 'reader@example.com' });
    expect(await unsubscribe(store, keys, sub!.unsubscribeToken)).toBe(true);
    expect(await unsubscribe(store, keys, 'no-such-token')).toBe(false);
    // Only a salted hash of the address is kept (issue 34): the row itself is gone.
    expect(await store.db.select().from(newsletterSubscribers)).toEqual([]);
    expect(await store.db.select().from(newsletterSuppressions)).toEqual([expect.objectContaining({ emailHash: keys.email('reader@example.com') })]);
  });

  it('lists only published comments of the post', async () => {
    const a = await submit(store, { kind: 'comment', idempotencyKey: key(), name: 'Tunde', payload: { postId: 'posture-at-work', comment: 'Useful, thanks' }, notify });
    await submit(store, { kind: 'comment', idempotencyKey: key(), name: 'Spam', payload: { postId: 'posture-at-work', comment: 'buy now' }, notify });
    await submit(store, { kind: 'comment', idempotencyKey: key(), name: 'Other', payload: { postId: 'other-post', comment: 'Hi' }, notify });
    expect(await approvedComments(store, 'posture-at-work')).toEqual([]);
    await store.db.update(requests).set({ publishedAt: sql`now()` }).where(eq(requests.reference, a.reference));
    const shown = await approvedComments(store, 'posture-at-work');
    expect(shown).toEqual([{ reference: a.reference, name: 'Tunde', payload: { postId: 'posture-at-work', comment: 'Useful, thanks' }, publishedAt: expect.any(Date) }]);
  });
});

describe('the embedded database lock file', () => {
  // Opens PGlite twice (seconds each on a loaded machine: 12 s seen, close to the 20 s default).
  it('refuses a second opener with a one-line message, and takes over a lock whose process has died', { timeout: 60_000 }, async () => {
    const dataDir = copyPgliteTemplate();
    try {
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(path.join(dataDir, 'db.lock'), JSON.stringify({ pid: dead }));
      const store = await openStore({ dataDir, logger: silentLogger });
      const second = openStore({ dataDir, logger: silentLogger });
      await expect(second).rejects.toThrow(/^The embedded database .* is in use by this process \(lock file .*db\.lock\); stop that process, or set DATABASE_URL/);
      await expect(second).rejects.not.toThrow(/\n/);
      await store.close();

      // A live process holding it (here: our parent) is refused too.
      writeFileSync(path.join(dataDir, 'db.lock'), JSON.stringify({ pid: process.ppid }));
      await expect(openStore({ dataDir, logger: silentLogger })).rejects.toThrow(`in use by process ${process.ppid}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
