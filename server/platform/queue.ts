import { and, asc, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './db/db';

/**
 * The send queues' claim, lease and back-off, once: the mail outbox (server/platform/mail/outbox.ts)
 * and the patient messages (server/messages/worker.ts) are tables of rows to send, each with a
 * status, the time of its next attempt, a lease (locked_until) and a count of attempts.
 *
 * A row is due when its status is one the queue sends from, its next attempt has come, and no
 * live lease holds it. A round claims a batch of due rows with FOR UPDATE SKIP LOCKED and, in the
 * same statement, leases them and counts the attempt: workers on any number of instances never
 * take the same row, and a worker that dies mid-send leaves its lease to run out, after which
 * another takes the row again (delivery at least once). A failed attempt waits an exponential
 * back-off before the next. Each queue decides what a result means for its rows.
 */

/** How a queue's worker claims and retries (each queue has its defaults). */
export interface QueueOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** How long a claimed row stays its worker's: longer than one send may take. */
  leaseMs?: number;
  /** Attempts before a row counts as refused. */
  maxAttempts?: number;
  /** Wait after the n-th failed attempt (exponentialBackoff). */
  backoffMs?: (attempts: number) => number;
}

/** The columns a queue's table has, under these names. */
export type QueueTable = PgTable & { id: PgColumn; status: PgColumn; nextAttemptAt: PgColumn; lockedUntil: PgColumn; attempts: PgColumn };

export interface ClaimOptions<T extends QueueTable> {
  /** The statuses a due row may have ('pending'; 'scheduled' and a 'sending' whose lease ran out). */
  ready: readonly string[];
  batchSize: number;
  /** How long a claimed row stays its worker's: longer than one send may take. */
  leaseMs: number;
  /** The clock (tests move it); without it, the database's. */
  now?: Date | undefined;
  /** More columns set on a claimed row (a status of its own while it is sent). */
  set?: PgUpdateSetSource<T>;
}

/** Claims and leases the due rows (oldest due first), counting the attempt; answers them. */
export async function claimDue<T extends QueueTable>(db: Db, table: T, options: ClaimOptions<T>): Promise<T['$inferSelect'][]> {
  const now = options.now ?? sql`now()`;
  const leaseEnd = options.now ? new Date(options.now.getTime() + options.leaseMs) : sql`now() + make_interval(secs => ${options.leaseMs}::double precision / 1000)`;
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(inArray(table.status, [...options.ready]), lte(table.nextAttemptAt, now), or(isNull(table.lockedUntil), lt(table.lockedUntil, now))))
    .orderBy(asc(table.nextAttemptAt), asc(table.id))
    .limit(options.batchSize)
    .for('update', { skipLocked: true });
  const claimed = (await db
    .update(table)
    .set({ ...options.set, lockedUntil: leaseEnd, attempts: sql`${table.attempts} + 1` } as PgUpdateSetSource<T>)
    .where(inArray(table.id, due))
    .returning()) as (T['$inferSelect'] & { id: number; nextAttemptAt: Date })[];
  // UPDATE … RETURNING keeps no order.
  return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
}

/** The wait before the attempt after `attempts` failed ones: `firstMs`, doubling, at most `maxMs` (an hour). */
export const exponentialBackoff =
  (firstMs: number, maxMs = 60 * 60_000) =>
  (attempts: number): number =>
    Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);

/**
 * Sends each claimed row, `concurrency` at a time, oldest first. A row whose handling throws (a
 * bug, the database gone) is reported and left to its lease: it is tried again once that runs out.
 */
export async function sendEach<R>(rows: readonly R[], concurrency: number, send: (row: R) => Promise<void>, failed: (row: R, error: unknown) => void): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      try {
        await send(row);
      } catch (error) {
        failed(row, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
}
