import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { pruneRateLimits } from '../platform/db/rate-limit';
import { expireIdempotencyKeys } from './repo';
import { outbox } from './schema';
import type { Store } from '../platform/db/store';
import { errorFields } from '../platform/http/error-fields';
import { startPoller } from '../platform/poller';
import type { Logger } from '../platform/http/logger';
import type { MailTransport } from './mail-transport';

export interface OutboxOptions {
  /** Rows claimed per round (default 10). */
  batchSize?: number;
  /** How long a claimed row is reserved for its worker (default 60 s, longer than an SMTP timeout). */
  leaseMs?: number;
  /** Attempts before a row is marked failed (default 8). */
  maxAttempts?: number;
  /** Wait before attempt n+1 after n failures (default 30 s doubling, at most 1 h). */
  backoffMs?: (attempts: number) => number;
}

export const defaultBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

export interface OutboxRound {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * One round: claims due rows (FOR UPDATE SKIP LOCKED, then a lease in locked_until, so
 * concurrent workers on any instance never take the same row), sends each, and records
 * the outcome. A failure is retried later with exponential back-off, then marked failed.
 * Delivery is at least once: a worker that dies after sending but before recording lets
 * the lease expire and the mail go again.
 */
export async function processOutbox(store: Store, transport: MailTransport, logger: Logger, options: OutboxOptions = {}): Promise<OutboxRound> {
  const { batchSize = 10, leaseMs = 60_000, maxAttempts = 8, backoffMs = defaultBackoffMs } = options;
  const { db } = store;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`), or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`))))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs}::double precision / 1000)`, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();

  const round: OutboxRound = { claimed: claimed.length, sent: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await transport.send({ to: row.to, subject: row.subject, text: row.text, attachments: row.attachments });
      await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(outbox.id, row.id));
      round.sent++;
    } catch (error) {
      // Kept on the row for staff (it goes with the row when the person is erased); the log gets the class and code only: an SMTP refusal quotes the address.
      const message = (error as Error).message?.slice(0, 500) ?? String(error);
      const giveUp = row.attempts >= maxAttempts;
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: message,
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffMs(row.attempts)}::double precision / 1000)`,
        })
        .where(eq(outbox.id, row.id));
      round.failed++;
      logger.error(giveUp ? 'mail failed for good' : 'mail failed, will retry', { outboxId: row.id, attempts: row.attempts, ...errorFields(error) });
    }
  }
  return round;
}

export interface OutboxWorker {
  /** Runs a round now (call it right after storing a request) instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 60 * 60_000;

/** Polls the outbox every `pollMs` (default 5 s) and whenever woken. */
export function startOutboxWorker(options: { store: Store; transport: MailTransport; logger: Logger; pollMs?: number } & OutboxOptions): OutboxWorker {
  const { store, transport, logger, pollMs = 5000 } = options;
  const batchSize = options.batchSize ?? 10;
  let lastPrune = 0;
  const poller = startPoller({
    pollMs,
    batchSize,
    logger,
    label: 'outbox',
    drain: () => processOutbox(store, transport, logger, { ...options, batchSize }),
    after: async () => {
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneRateLimits(store);
        await expireIdempotencyKeys(store);
      }
    },
  });
  return {
    wake: poller.wake,
    async stop() {
      await poller.stop();
      transport.close?.();
    },
  };
}
