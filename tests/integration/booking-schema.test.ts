import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_HOLIDAYS, WORKING_WEEKS } from '../../server/booking/seed';
import { queryRows } from '../../server/platform/db/db';
import type { Store } from '../../server/platform/db/store';
import { ACTIVE_STATUSES, CHANNELS, KINDS, STATUSES } from '../../shared/booking/types';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// The schema as the database holds it (pg_constraint, pg_extension), on both engines, and the
// seed of a new database.

/** The quoted values of a CHECK (or WHERE) definition: "status = ANY (ARRAY['a'::text, …])". */
const quoted = (def: string) => [...def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]!).sort();

describe.each(testEngines())('the booking schema on %s', (engine) => {
  let t: TestStore;
  let store: Store;
  beforeAll(async () => {
    t = await openTestStore(engine);
    store = t.store;
  });
  afterAll(() => t?.cleanup());

  const constraints = (table: string) =>
    queryRows<{ name: string; type: string; def: string }>(
      store.db,
      sql`SELECT conname AS name, contype AS type, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ${table}::regclass ORDER BY conname`,
    );

  it('has the exclusion constraint, over active statuses, on a GiST index with btree_gist', async () => {
    const [extension] = await queryRows<{ extname: string }>(store.db, sql`SELECT extname FROM pg_extension WHERE extname = 'btree_gist'`);
    expect(extension?.extname).toBe('btree_gist');
    const exclusion = (await constraints('appointments')).filter((c) => c.type === 'x');
    expect(exclusion.map((c) => c.name)).toEqual(['appointments_no_overlap']);
    const def = exclusion[0]!.def;
    expect(def).toMatch(/^EXCLUDE USING gist \(practitioner_id WITH =, blocked WITH &&\) WHERE \(/);
    // The WHERE lists exactly the statuses that take time (shared/booking/types.ts).
    expect(quoted(def.slice(def.indexOf('WHERE')))).toEqual([...ACTIVE_STATUSES].sort());
    expect(ACTIVE_STATUSES).not.toContain('cancelled');
  });

  it('checks statuses, visit kinds and reminder channels against the tables in code', async () => {
    const checks = (await constraints('appointments')).filter((c) => c.type === 'c');
    const about = (column: string) => checks.find((c) => c.def.startsWith(`CHECK ((${column} = ANY`))!.def;
    expect(quoted(about('status'))).toEqual([...STATUSES].sort());
    expect(quoted(about('visit_kind'))).toEqual([...KINDS].sort());
    expect(quoted(about('reminder_channel'))).toEqual([...CHANNELS].sort());
  });

  it('seeds each bookable clinician’s week at Abuja, inside the opening hours, and none for the administrators', async () => {
    const plans = await queryRows<{ practitioner_id: string; weekday: number; starts: string; ends: string; breaks: { start: string; end: string }[]; valid_to: string | null }>(
      store.db,
      sql`SELECT practitioner_id, weekday, starts::text AS starts, ends::text AS ends, breaks, valid_to FROM working_plans ORDER BY practitioner_id, weekday`,
    );
    expect([...new Set(plans.map((p) => p.practitioner_id))].sort()).toEqual(Object.keys(WORKING_WEEKS).sort());
    const hours = await queryRows<{ weekday: number; opens: string; closes: string }>(store.db, sql`SELECT weekday, opens::text AS opens, closes::text AS closes FROM opening_hours WHERE location_id = 'abuja'`);
    for (const p of plans) {
      const open = hours.find((h) => h.weekday === p.weekday);
      expect(open, `${p.practitioner_id} on day ${p.weekday}`).toBeDefined();
      expect(p.starts >= open!.opens && p.ends <= open!.closes, `${p.practitioner_id} ${p.starts}-${p.ends}`).toBe(true);
      for (const b of p.breaks) expect(b.start > p.starts.slice(0, 5) && b.end < p.ends.slice(0, 5)).toBe(true);
      expect(p.valid_to).toBeNull();
    }
    // The principal: Sunday to Thursday 09:00–17:00, Friday 09:00–13:00.
    const adaeze = plans.filter((p) => p.practitioner_id === 'adaeze-okafor').map((p) => `${p.weekday} ${p.starts}-${p.ends}`);
    expect(adaeze).toEqual(['0 09:00:00-17:00:00', '1 09:00:00-17:00:00', '2 09:00:00-17:00:00', '3 09:00:00-17:00:00', '4 09:00:00-17:00:00', '5 09:00:00-13:00:00']);
    // Different weeks, each with a break on its long days.
    expect(new Set(Object.values(WORKING_WEEKS).map((w) => JSON.stringify(w))).size).toBe(5);
  });

  it('seeds the fixed public holidays of 2026 and 2027 as clinic-wide closures', async () => {
    const rows = await queryRows<{ on_date: string; name: string; location_id: string | null; starts: string | null }>(store.db, sql`SELECT on_date::text AS on_date, name, location_id, starts FROM closures ORDER BY on_date`);
    expect(rows.map((r) => r.on_date)).toEqual(PUBLIC_HOLIDAYS.map((h) => h.date));
    expect(rows.every((r) => r.location_id === null && r.starts === null)).toBe(true);
    expect(rows.filter((r) => r.name === 'Good Friday').map((r) => r.on_date)).toEqual(['2026-04-03', '2027-03-26']);
  });
});
