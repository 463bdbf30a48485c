import { eq, sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/db';
import type { Store } from '../db/store';
import { errorFields } from '../http/error-fields';
import type { Logger } from '../http/logger';
import { startPoller } from '../poller';
import { claimDue, exponentialBackoff, sendEach, type QueueOptions } from '../queue';
import type { Mail, MailAttachment, MailTransport } from './transport';

/**
 * The mail outbox: every e-mail the site sends is a row written in the transaction of what it
 * is about (a request, a booking, a newsletter sign-up), sent afterwards by the worker below, on
 * any instance, at least once. The domains write their texts; this is only the queue.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

// Drizzle's view of the table (migrations 0001 and 0004 are the source of truth: request_id
// references requests, a topic is 'newsletter' or none).
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The request the mail is about (erased with it), or null. */
    requestId: bigint('request_id', { mode: 'number' }),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** What a mail is about when it belongs to no request ('newsletter'), or null. */
    topic: text('topic').$type<'newsletter'>(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A worker's lease: while in the future, no other worker takes the row. */
    lockedUntil: ts('locked_until'),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** Adds one mail to the outbox, inside the caller's transaction: a request's, or one about a topic (the newsletter's). */
export async function queueMail(tx: Tx, mail: Mail, about: { requestId?: number | null; topic?: 'newsletter' | null } = {}): Promise<void> {
  await tx.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments ?? null, requestId: about.requestId ?? null, topic: about.topic ?? null });
}

/** Defaults: 10 rows a round, a 60 s lease (longer than an SMTP timeout), 8 attempts, then failed; 30 s doubling, at most 1 h. */
export type OutboxOptions = QueueOptions;

export const defaultBackoffMs = exponentialBackoff(30_000);

export interface OutboxRound {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * One round: claims due rows (server/platform/queue.ts: SKIP LOCKED and a lease, so concurrent
 * workers on any instance never take the same row), sends each, and records the outcome. A
 * failure is retried later with exponential back-off, then marked failed. Delivery is at least
 * once: a worker that dies after sending but before recording lets the lease expire and the
 * mail go again.
 */
export async function processOutbox(store: Store, transport: MailTransport, logger: Logger, options: OutboxOptions = {}): Promise<OutboxRound> {
  const { batchSize = 10, leaseMs = 60_000, maxAttempts = 8, backoffMs = defaultBackoffMs } = options;
  const { db } = store;
  const claimed = await claimDue(db, outbox, { ready: ['pending'], batchSize, leaseMs });
  const round: OutboxRound = { claimed: claimed.length, sent: 0, failed: 0 };
  // One mail at a time: an SMTP server takes them in turn anyway.
  await sendEach(
    claimed,
    1,
    async (row) => {
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
    },
    (row, error) => logger.error('mail round failed on a row', { outboxId: row.id, ...errorFields(error) }),
  );
  return round;
}

export interface OutboxWorker {
  /** Runs a round now (call it right after storing a request) instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Polls the outbox every `pollMs` (default 5 s) and whenever woken. */
export function startOutboxWorker(options: { store: Store; transport: MailTransport; logger: Logger; pollMs?: number } & OutboxOptions): OutboxWorker {
  const { store, transport, logger, pollMs = 5000 } = options;
  const batchSize = options.batchSize ?? 10;
  const poller = startPoller({
    pollMs,
    batchSize,
    logger,
    label: 'outbox',
    drain: () => processOutbox(store, transport, logger, { ...options, batchSize }),
  });
  return {
    wake: poller.wake,
    async stop() {
      await poller.stop();
      transport.close?.();
    },
  };
}
