import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWiring } from '../../server/app/store';
import { queryRows } from '../../server/platform/db/db';
import { silentLogger } from '../../server/platform/http/logger';
import { createPageCache } from '../../server/platform/page-cache';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../../shared/requests/kinds';
import { facts } from '../support/clinic-facts';
import { makeTestApp } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

describe.each(testEngines())('the clinic’s facts are data (%s)', (engine) => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore(engine);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  it('a new database holds the practitioners, services, locations and opening hours of the seed after start', async () => {
    const count = async (table: string) => Number((await queryRows<{ n: string }>(db.store.db, sql.raw(`SELECT count(*)::text AS n FROM ${table}`)))[0]!.n);
    expect(await count('practitioners')).toBe(facts.practitioners.length);
    expect(await count('services')).toBe(facts.services.length);
    expect(await count('locations')).toBe(facts.locations.length);
    expect(await count('opening_hours')).toBe(facts.hours.length);
    const bookable = await queryRows<{ id: string }>(db.store.db, sql`SELECT id FROM practitioners WHERE bookable ORDER BY sort`);
    expect(bookable.map((r) => r.id)).toEqual(['adaeze-okafor', 'ibrahim-musa', 'funmilayo-adeyemi', 'chinedu-eze', 'tunde-bakare']);
  });

  it('a practitioner’s new title in the database shows on /doctors once the page cache empties, which the change itself causes', async () => {
    const pageCache = createPageCache({ maxBytes: 8 * 1024 * 1024, buildId: 'test' });
    const content = contentWiring(db.store, { pageCache, logger: silentLogger, intervalMs: 100 });
    try {
      const app = makeTestApp({ store: db.store, clinic: content.clinic, pageCache, onContentChange: content.onContentChange });
      const first = await request(app).get('/doctors');
      expect(first.text).toContain('Head Doctor');
      expect(first.text).not.toContain('Principal Chiropractor &amp; Founder');
      await request(app).get('/doctors');
      expect(pageCache.stats()).toMatchObject({ entries: 1, hits: 1 });

      // Straight in the database, as an operator (or another instance) would change it.
      await db.store.db.execute(sql`UPDATE practitioners SET title = 'Principal Chiropractor & Founder' WHERE id = 'adaeze-okafor'`);
      await expect.poll(async () => (await request(app).get('/doctors')).text, { timeout: 5000, interval: 100 }).toContain('Principal Chiropractor &amp; Founder');
      expect((await request(app).get('/doctors')).text).not.toContain('Head Doctor');
    } finally {
      content.stop();
      await db.store.db.execute(sql`UPDATE practitioners SET title = 'Head Doctor' WHERE id = 'adaeze-okafor'`);
    }
  });

  it('the kinds and statuses table is what the database’s CHECK constraints allow', async () => {
    const checks = await queryRows<{ def: string }>(
      db.store.db,
      sql`SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid WHERE t.relname = 'requests' AND c.contype = 'c'`,
    );
    const allowed = (column: string) => {
      const def = checks.map((c) => c.def).find((d) => d.includes(`(${column} = ANY`) || d.includes(`${column} =`));
      expect(def, column).toBeDefined();
      return [...def!.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]).sort();
    };
    expect(allowed('kind')).toEqual(Object.keys(REQUEST_KINDS).sort());
    expect(allowed('status')).toEqual(Object.keys(REQUEST_STATUSES).sort());
  });
});
