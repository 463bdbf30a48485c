import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { book } from '../../server/booking/book';
import { appointments } from '../../server/booking/schema';
import { queryRows } from '../../server/platform/db/db';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines, type TestStore } from '../support/test-store';
import { bookingDeps, bookingForm, NOW, useBookingStore, visitor } from '../support/booking';

// Instances racing on one PostgreSQL database: what makes a double booking impossible is the
// database, not the process. Needs PostgreSQL: skipped without it (REQUIRE_POSTGRES=1 fails instead).

interface Racer {
  ready: Promise<void>;
  done: Promise<Record<string, number>>;
  go(): void;
}

function startRacer(env: Record<string, string>): Racer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/fixtures/booking-racer.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout! });
  const waiting = new Map<string, (v: Record<string, unknown>) => void>();
  lines.on('line', (line) => {
    try {
      const msg = JSON.parse(line) as { phase: string };
      waiting.get(msg.phase)?.(msg as Record<string, unknown>);
    } catch {
      // not one of ours
    }
  });
  const phase = (name: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      waiting.set(name, resolve);
      void once(child, 'exit').then(([code]) => reject(new Error(`racer exited (${String(code)}) before '${name}':\n${stderr}`)));
    });
  const ready = phase('ready').then(() => undefined);
  const done = phase('done').then((m) => m.tally as Record<string, number>);
  return { ready, done, go: () => child.stdin!.end('go\n') };
}

describe.runIf(testEngines().includes('postgres'))('booking across processes on one PostgreSQL database', () => {
  const db = useBookingStore('postgres', { plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let t: TestStore;
  beforeEach(() => {
    t = db.test;
  });

  it('two processes, each with its own pool, racing 50 attempts each for one time: one booking, 99 conflicts', { timeout: 120_000 }, async () => {
    const env = { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir, ATTEMPTS: '50', TIME: '10:30', NOW: NOW.toISOString() };
    const racers = [startRacer(env), startRacer(env)];
    await Promise.all(racers.map((r) => r.ready));
    for (const r of racers) r.go();
    const tallies = await Promise.all(racers.map((r) => r.done));
    const total = (key: string) => tallies.reduce((n, tally) => n + (tally[key] ?? 0), 0);
    expect(total('booked')).toBe(1);
    expect(total('conflict')).toBe(99);
    const rows = await t.store.db.select().from(appointments);
    expect(rows.map((r) => [r.status, r.startsAt.toISOString()])).toEqual([['booked', new Date(lagosMoment('2026-12-01', '10:30')).toISOString()]]);
  });

  it('the constraint is the last guard: a booking whose check passed (the other row not yet committed) waits, then answers a conflict', { timeout: 60_000 }, async () => {
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      const start = new Date(lagosMoment('2026-12-01', '09:00'));
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO appointments (reference, practitioner_id, service_id, location_id, visit_kind, starts_at, ends_at, blocked, status, patient_name, patient_phone, idempotency_key, created_by)
         VALUES ('BK-UNCMT', 'adaeze-okafor', '1', 'abuja', 'follow_up', $1, $2, tstzrange($1, $3), 'booked', 'Other', '+2348031234567', 'other-connection-key', 'test')`,
        [start, new Date(start.getTime() + 30 * 60_000), new Date(start.getTime() + 40 * 60_000)],
      );
      // The booking reads no busy time (the row is not committed) and reaches its INSERT, which
      // waits on the other transaction's index entry…
      const racing = book(bookingDeps(t.store), bookingForm({ time: '09:15' }), visitor());
      const waitingOnLock = async () => {
        for (let i = 0; i < 200; i++) {
          // (Its statement text is not reliable under the extended protocol: wait on what it waits for.)
          const { rows } = await other.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND wait_event = 'transactionid'`,
          );
          if (Number(rows[0]!.n) > 0) return true;
          await new Promise((r) => setTimeout(r, 25));
        }
        return false;
      };
      expect(await waitingOnLock()).toBe(true);
      // …and when that one commits, the exclusion constraint refuses it (23P01): a conflict.
      await other.query('COMMIT');
      const result = await racing;
      expect(result).toMatchObject({ ok: false, reason: 'conflict' });
      expect(await queryRows(t.store.db, sql`SELECT count(*)::int AS n FROM appointments`)).toEqual([{ n: 1 }]);
    } finally {
      await other.end();
    }
  });
});
