import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWiring } from '../../server/app/store';
import { silentLogger } from '../../server/platform/http/logger';
import { openStore, type Store } from '../../server/platform/db/store';
import { createPageCache, type PageCache } from '../../server/platform/page-cache';
import { requests } from '../../server/requests/schema';
import type { SessionUser } from '../../shared/platform/session';
import { submit } from '../support/submit';
import { makeTestApp } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// Issue 34, defect 5: public content changes (a comment approved, set to spam, erased) empty
// the page cache of every instance within a second, not only the one that made the change.
// Two app instances, each with its own page cache and its own connection pool, share one
// PostgreSQL database, wired as server/main.ts wires them (contentWiring in server/app/store.ts).

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const POST = 'healthy-eating-and-hydration-for-your-spine';
const PAGE = `/blogDetails?post=${POST}`;
const COMMENT = 'Sipping water through the day eased my stiff neck';

interface Instance {
  app: ReturnType<typeof makeTestApp>;
  cache: PageCache;
  sync: ReturnType<typeof contentWiring>;
}

describe.runIf(testEngines().includes('postgres'))('two instances on one PostgreSQL database', () => {
  let t: TestStore;
  let storeB: Store;
  let dataDirB: string;
  let a: Instance;
  let b: Instance;

  const instance = (store: Store): Instance => {
    const cache = createPageCache({ maxBytes: 16 * 1024 * 1024, buildId: 'content-sync-test' });
    const sync = contentWiring(store, { logger: silentLogger, pageCache: cache });
    // Staff are told apart by a header: anonymous requests go through the page cache.
    const app = makeTestApp({ store, requests: undefined, pageCache: cache, onContentChange: sync.onContentChange, getUser: async (req) => (req.get('x-test-staff') ? staff : null) });
    return { app, cache, sync };
  };

  beforeAll(async () => {
    t = await openTestStore('postgres');
    dataDirB = mkdtempSync(path.join(tmpdir(), 'clinic-sync-'));
    storeB = await openStore({ databaseUrl: t.databaseUrl, dataDir: dataDirB, logger: silentLogger, migrate: false });
    a = instance(t.store);
    b = instance(storeB);
  });
  afterAll(async () => {
    a?.sync.stop();
    b?.sync.stop();
    await storeB?.close();
    await t?.cleanup();
    if (dataDirB) rmSync(dataDirB, { recursive: true, force: true });
  });

  const version = async (reference: string) => (await t.store.db.select({ v: requests.version }).from(requests).where(eq(requests.reference, reference)))[0]!.v;
  const staffPost = async (reference: string, fields: Record<string, string>) => {
    const res = await request(a.app).post(`/staff/requests/${reference}`).set('x-test-staff', '1').type('form').send({ version: String(await version(reference)), ...fields });
    expect(res.status, res.text.slice(0, 200)).toBe(303);
  };
  /** B's page from its cache (asked twice: the first may be the miss that stores it). */
  const cachedOnB = async () => {
    await request(b.app).get(PAGE);
    const hit = await request(b.app).get(PAGE);
    expect(b.cache.stats().entries).toBeGreaterThan(0);
    return hit.text;
  };
  /**
   * Waits until B has emptied its cache after `change` (B reads the content version every 500 ms,
   * so about a second on a quiet machine); fails if it has not within 10 s of the change being
   * made (the clock starts once the change has been made: on a loaded machine the change's own
   * request took over a second, which a 1 s bound from its start counted against B).
   */
  const emptiedOnB = async (change: () => Promise<unknown>) => {
    await change();
    const made = Date.now();
    while (b.cache.stats().entries > 0) {
      if (Date.now() - made > 10_000) throw new Error(`B still had ${b.cache.stats().entries} cached page(s) ${Date.now() - made} ms after the change`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('approval, spam, a change made in the database and erasure through A empty B’s cache (B reads the version every 500 ms)', async () => {
    const { reference } = await submit(t.store, { kind: 'comment', idempotencyKey: 'sync-1', name: 'Kemi Sync', email: 'kemi.sync@example.com', payload: { postId: POST, comment: COMMENT }, notify: null });
    expect(await cachedOnB()).not.toContain(COMMENT);

    await emptiedOnB(() => staffPost(reference, { intent: 'approve' }));
    expect(await cachedOnB()).toContain(COMMENT);

    await emptiedOnB(() => staffPost(reference, { intent: 'status', status: 'spam' }));
    expect(await cachedOnB()).not.toContain(COMMENT);

    // Straight in the database (an operator with psql): the trigger bumps the version.
    await emptiedOnB(() => t.store.db.execute(sql`UPDATE requests SET status = 'closed' WHERE reference = ${reference}`));
    expect(await cachedOnB()).toContain(COMMENT);

    await emptiedOnB(() => request(a.app).post('/staff/people').set('x-test-staff', '1').type('form').send({ intent: 'erase', email: 'kemi.sync@example.com', confirm: 'yes' }));
    expect(await cachedOnB()).not.toContain(COMMENT);
  });
});
