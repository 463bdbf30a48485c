import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/db';
import type { Store } from '../../server/platform/db/store';
import { where, type RequestFilters } from '../../server/requests/staff/repo';
import type { SessionUser } from '../../shared/platform/session';
import type { StaffListData } from '../../shared/requests/staff/types';
import { seedRequests } from '../../scripts/inbox-seed';
import { submit } from '../support/submit';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';
import { makeTestApp } from '../support/test-app';

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const SEEDED = 12_000;

/**
 * The staff inbox past the old limits (issue 34): 12,000 requests, more than the old CSV cap
 * and the count's cap. Keyset paging, the search's index-friendly shape, the count's label and
 * the streamed export, on both engines.
 */
describe.each(testEngines())('the staff inbox at scale on %s', (engine) => {
  let t: TestStore;
  let store: Store;
  let app: ReturnType<typeof makeTestApp>;
  let person: { reference: string };
  let total = 0;

  beforeAll(async () => {
    t = await openTestStore(engine);
    store = t.store;
    app = makeTestApp({ store, requests: undefined, getUser: async () => staff });
    await seedRequests(store, SEEDED);
    // Rows that share one creation time to the microsecond: the id orders them, and paging must not skip or repeat one.
    await store.db.execute(sql`UPDATE requests SET created_at = timestamptz '2026-01-05 10:00:00.123456+00' WHERE kind = 'comment' AND id % 7 = 0`);
    person = await submit(store, { kind: 'contact', idempotencyKey: randomUUID(), name: 'Zebedee Quartermaine', email: 'zq@example.com', phone: '+2348099876543', payload: { subject: 'Opening hours', message: 'Hello' }, notify: null });
    [{ n: total } = { n: 0 }] = await queryRows<{ n: number }>(store.db, sql`SELECT count(*)::int AS n FROM requests`);
  }, 120_000);
  afterAll(() => t?.cleanup());

  const data = async (path: string): Promise<StaffListData> => {
    const res = await request(app).get(`${path}${path.includes('?') ? '&' : '?'}_data=%2Fstaff`);
    expect(res.status, path).toBe(200);
    return (res.body as { data: StaffListData }).data;
  };

  // Some hundred page requests there and back: 20 s (the default limit) was not enough on a loaded machine.
  it('keyset paging walks every row exactly once, older from the newest page and newer from the oldest', { timeout: 180_000 }, async () => {
    const [{ n: comments } = { n: 0 }] = await queryRows<{ n: number }>(store.db, sql`SELECT count(*)::int AS n FROM requests WHERE kind = 'comment'`);
    expect(comments).toBeGreaterThan(200);
    const forward: string[] = [];
    let page: StaffListData | null = await data('/staff?kind=comment');
    expect(page.paging).toMatchObject({ newest: null, newer: null });
    for (let guard = 0; page && guard < 1000; guard++) {
      forward.push(...page.rows.map((r) => r.reference));
      expect(page.rows.every((r) => r.kind === 'comment')).toBe(true);
      page = page.paging.older === null ? null : await data(`/staff${page.paging.older}`);
    }
    expect(forward).toHaveLength(comments);
    expect(new Set(forward).size).toBe(comments);

    const pagesBack: string[][] = [];
    page = await data('/staff?kind=comment&last=1');
    expect(page.paging).toMatchObject({ older: null, oldest: null });
    for (let guard = 0; page && guard < 1000; guard++) {
      pagesBack.push(page.rows.map((r) => r.reference));
      page = page.paging.newer === null ? null : await data(`/staff${page.paging.newer}`);
    }
    // Page by page from the oldest, each newest first: read in reverse, the same list as walking forward.
    expect(pagesBack.reverse().flat()).toEqual(forward);
  });

  it('the links are plain links with the filters kept: paging works without JavaScript', async () => {
    const first = await request(app).get('/staff?kind=comment');
    expect(first.text).toMatch(/<span class="is-disabled">Newest<\/span>/);
    const older = /<a rel="next" href="(\/staff\?kind=comment&amp;after=\d+_\d+)">Older<\/a>/.exec(first.text)?.[1];
    expect(older).toBeDefined();
    expect(first.text).toContain('<a href="/staff?kind=comment&amp;last=1">Oldest</a>');
    const second = await request(app).get(older!.replaceAll('&amp;', '&'));
    expect(second.status).toBe(200);
    expect(second.text).toMatch(/<a href="\/staff\?kind=comment">Newest<\/a>/);
    expect(second.text).toMatch(/<a rel="prev" href="\/staff\?kind=comment&amp;before=\d+_\d+">Newer<\/a>/);
    // A cursor that is not one is the newest page, not an error.
    expect((await request(app).get('/staff?after=yesterday')).status).toBe(200);
  });

  it('finds one person among thousands by part of the name, the phone as typed, part of it, and the reference', async () => {
    for (const q of ['quarterm', 'Zebedee Quartermaine', '0809 987 6543', '+234 809 987 6543', '9876543', person.reference.toLowerCase(), person.reference.slice(0, 7)]) {
      const found = await data(`/staff?q=${encodeURIComponent(q)}`);
      expect(found.rows.map((r) => r.reference), q).toContain(person.reference);
    }
    const one = await data(`/staff?q=${person.reference}`);
    expect(one.count).toEqual({ n: 1, capped: false, cap: 1000 });
    expect((await data('/staff?q=Nobody%20Atall')).rows).toEqual([]);
  });

  it('each search and filter is one the indexes can answer (no table scan when one is possible)', async () => {
    // A search is checked for being indexable at all (no table scan, no walk of the list's
    // order: bitmap scans of the expected indexes); a filter for handing rows over in the list's order.
    const plan = async (filters: RequestFilters) =>
      store.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        if (filters.q) await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN SELECT id FROM requests WHERE ${where(filters) ?? sql`true`} ORDER BY created_at DESC, id DESC LIMIT 21`);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const cases: [RequestFilters, RegExp[]][] = [
      [{ q: 'Quartermaine' }, [/Bitmap Index Scan on requests_name_trgm_idx/, /Bitmap Index Scan on requests_reference_prefix_idx/]],
      [{ q: 'quarter maine' }, [/Bitmap Index Scan on requests_name_trgm_idx/]],
      [{ q: '9876543' }, [/Bitmap Index Scan on requests_phone_trgm_idx/]],
      [{ q: '0809 987 6543' }, [/Bitmap Index Scan on requests_phone(_trgm)?_idx/]],
      [{ q: person.reference }, [/Bitmap Index Scan on requests_reference_prefix_idx/]],
      [{ kind: 'appointment', status: 'new' }, [/Index (Only )?Scan Backward using requests_kind_status_created_id_idx/]],
      [{ status: 'new' }, [/Index (Only )?Scan Backward using requests_status_created_id_idx/]],
      // A tenth of the rows: walking the whole list's order and skipping the others is as cheap.
      [{ kind: 'quote' }, [/Index (Only )?Scan Backward using requests_(kind_(status_)?)?created_id_idx/]],
      [{}, [/Index (Only )?Scan Backward using requests_created_id_idx/]],
    ];
    for (const [filters, indexes] of cases) {
      const text = await plan(filters);
      expect(text, JSON.stringify(filters)).not.toMatch(/Seq Scan/);
      for (const index of indexes) expect(text, JSON.stringify(filters)).toMatch(index);
    }
  });

  it('the count says whether it is exact or stopped at its cap', async () => {
    const all = (await request(app).get('/staff')).text.replaceAll('<!-- -->', '');
    expect(all).toContain('More than 10,000 requests');
    expect(all).toContain('(counting stops at 10,000)');
    expect((await data('/staff')).count).toEqual({ n: 10_000, capped: true, cap: 10_000 });
    const [{ n: quotes } = { n: 0 }] = await queryRows<{ n: number }>(store.db, sql`SELECT count(*)::int AS n FROM requests WHERE kind = 'quote'`);
    const byKind = (await request(app).get('/staff?kind=quote')).text.replaceAll('<!-- -->', '');
    expect(byKind).toMatch(new RegExp(`data-testid="count">${quotes.toLocaleString('en')} requests, newest first, 20 on this page<`));
    expect(byKind).not.toContain('counting stops');
    // A search counts to 1,000: "o" is in most names.
    expect((await data('/staff?q=o')).count).toEqual({ n: 1000, capped: true, cap: 1000 });
  });

  it('the CSV export streams every matching row, past the old 10,000 cap, newest first', async () => {
    const res = await request(app).get('/staff/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-length']).toBeUndefined(); // streamed, not built whole
    const lines = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"Reference","Received \(UTC\)"/);
    expect(lines).toHaveLength(total + 1);
    const references = lines.slice(1).map((l) => /^"([^"]+)"/.exec(l)?.[1]);
    expect(new Set(references).size).toBe(total);
    expect(references[0]).toBe(person.reference);
    const quotes = await request(app).get('/staff/export.csv?kind=quote');
    const quoteLines = quotes.text.trimEnd().split('\r\n').slice(1);
    expect(quoteLines.length).toBeGreaterThan(500);
    expect(quoteLines.every((l) => l.includes('"Quote"'))).toBe(true);
  }, 60_000);
});
