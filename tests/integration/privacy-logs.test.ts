import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../server/platform/http/logger';
import type { SessionUser } from '../../shared/platform/session';
import { makeTestApp } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// Issue 34, defect 1: a value someone typed never reaches a log line. A NUL byte (which
// PostgreSQL text cannot hold) is a 422 at its field, not a failed query; a real database
// failure is a 503 whose log line names the error's class and SQLSTATE, not the query's parameters.

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };

/** Values distinctive enough that finding any of them in a log line is certain to be a leak. */
const person = { name: 'Zainab Quillfeather', email: 'zainab.quillfeather@example.com', phone: '0803 765 4321', subject: 'Knee', message: 'Sharp pain in my left knee since the match' };
const secrets = [person.name, 'Quillfeather', person.email, '7654321', 'Sharp pain in my left knee'];

describe.each(testEngines())('nothing personal in the logs on %s', (engine) => {
  let t: TestStore;
  const lines: string[] = [];
  const logger = createLogger((line) => lines.push(line));
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    app = makeTestApp({ store: t.store, requests: undefined, logger, getUser: async () => staff });
  });
  afterAll(() => t?.cleanup());
  beforeEach(() => {
    lines.length = 0;
    // What React Router's error boundaries print goes to the process's stderr too: a log line like any other.
    for (const method of ['error', 'warn', 'info', 'log'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}\n${JSON.stringify(a.cause ?? null)}` : String(a))).join(' '));
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  const leaks = () => lines.filter((line) => secrets.some((s) => line.includes(s)));

  it.each(['message', 'name', 'subject', 'email', 'phone'] as const)('a NUL byte in %s is a 422 at that field with everything typed kept; nothing is logged', async (field) => {
    const typed = { ...person, [field]: `${person[field]}\u0000x` };
    const res = await request(app).post('/contact?_data=%2Fcontact').type('form').send(typed);
    expect(res.status).toBe(422);
    expect(res.body.data.status).toBe('invalid');
    expect(res.body.data.errors[field]).toMatch(/character/);
    expect(res.body.data.values).toEqual(typed);
    const page = await request(app).post('/contact').type('form').send(typed);
    expect(page.status).toBe(422);
    expect(page.text).toContain('Sharp pain in my left knee');
    expect(leaks()).toEqual([]);
  });

  it('a NUL byte in the staff search, a note or a person’s address is refused or ignored, never a failed query', async () => {
    const search = await request(app).get(`/staff?q=${encodeURIComponent('Zainab Quillfeather\u0000')}`);
    expect(search.status).toBe(200);
    const people = await request(app).get(`/staff/people?email=${encodeURIComponent('zainab.quillfeather@example.com\u0000')}`);
    expect(people.status).toBe(200);
    const erase = await request(app).post('/staff/people').type('form').send({ intent: 'erase', email: 'zainab.quillfeather@example.com\u0000', confirm: 'yes' });
    expect(erase.status).toBe(422);
    const stored = await request(app).post('/contact?_data=%2Fcontact').type('form').send(person);
    const reference = stored.body.data.reference as string;
    const note = await request(app).post(`/staff/requests/${reference}`).type('form').send({ intent: 'note', version: 1, note: 'Quillfeather called\u0000' });
    expect(note.status).toBe(422);
    expect(note.text).toContain('invisible control character');
    expect((await request(app).get(`/staff/requests/${reference}%00`)).status).toBe(404);
    const token = await request(app).post('/newsletter/confirm').type('form').send({ token: 'Quillfeather\u0000' });
    expect(token.status).toBe(400);
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    expect(leaks()).toEqual([]);
  });

  describe('when the database fails', () => {
    let broken: TestStore;
    let down: ReturnType<typeof makeTestApp>;
    beforeAll(async () => {
      broken = await openTestStore(engine);
      // Every write to requests and every read of it fails inside PostgreSQL, after the
      // parameters were bound: what an outage or a timeout looks like to the code.
      await broken.store.db.execute(sql`ALTER TABLE requests ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
      // STABLE and without arguments: PostgreSQL checks it once per query, even over no rows.
      await broken.store.db.execute(sql`CREATE FUNCTION refuse_reads() RETURNS boolean STABLE LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'reads refused' USING ERRCODE = '57014'; END $$`);
      down = makeTestApp({ store: broken.store, requests: undefined, logger, getUser: async () => staff });
    });
    afterAll(() => broken?.cleanup());

    it('a form is a 503 with everything typed; the log names the error’s class, SQLSTATE and request id only', async () => {
      const res = await request(down).post('/contact').set('X-Request-Id', 'req-privacy-1').type('form').send(person);
      expect(res.status).toBe(503);
      expect(res.text).toContain('value="Zainab Quillfeather"');
      const logged = lines.filter((l) => l.includes('req-privacy-1') && l.includes('"level":"error"'));
      expect(logged.length).toBeGreaterThan(0);
      expect(JSON.parse(logged[0]!)).toMatchObject({ requestId: 'req-privacy-1', code: '23514', errorClass: expect.stringMatching(/Error/) });
      expect(leaks()).toEqual([]);
    });

    it('a staff search, its data request and the people page fail without logging what was searched', async () => {
      await broken.store.db.execute(sql`ALTER TABLE requests DROP CONSTRAINT refuse_all`);
      await broken.store.db.execute(sql`ALTER TABLE requests RENAME TO requests_kept`);
      await broken.store.db.execute(sql`CREATE VIEW requests AS SELECT * FROM requests_kept WHERE refuse_reads()`);
      try {
        const paths = [
          `/staff?q=${encodeURIComponent(person.name)}`,
          `/staff?q=${encodeURIComponent(person.name)}&_data=%2Fstaff`,
          `/staff/people?email=${encodeURIComponent(person.email)}`,
          `/staff/export.csv?q=${encodeURIComponent(person.name)}`,
        ];
        for (const path of paths) {
          const res = await request(down).get(path);
          expect(res.status, path).toBeGreaterThanOrEqual(500);
        }
        const exported = await request(down).post('/staff/people/export.json').type('form').send({ email: person.email });
        expect(exported.status).toBeGreaterThanOrEqual(500);
        expect(lines.some((l) => l.includes('"code":"57014"'))).toBe(true);
        expect(leaks()).toEqual([]);
      } finally {
        await broken.store.db.execute(sql`DROP VIEW requests`);
        await broken.store.db.execute(sql`ALTER TABLE requests_kept RENAME TO requests`);
      }
    });
  });
});
