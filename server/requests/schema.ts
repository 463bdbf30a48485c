import { sql } from 'drizzle-orm';
import { KINDS, STATUSES, type RequestKind, type RequestStatus } from '../../shared/requests/kinds';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Drizzle's view of the tables created by migrations/*.sql (the SQL is the source of truth;
// keep both in step, the store tests run every query against both engines).

export type { RequestKind, RequestStatus } from '../../shared/requests/kinds';
const REQUEST_KINDS = KINDS as [RequestKind, ...RequestKind[]];
const REQUEST_STATUSES = STATUSES as [RequestStatus, ...RequestStatus[]];

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const requests = pgTable(
  'requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: REQUEST_KINDS }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('new'),
    /** Bumped by every staff change: an update that names a stale version is refused (409). */
    version: integer('version').notNull().default(1),
    /**
     * HMAC of the submission (server/requests/keys.ts) while it may still be a resend: cleared
     * when the request is closed, marked spam or erased, and a day after it came (repo.ts).
     */
    idempotencyKey: text('idempotency_key').unique(),
    name: text('name'),
    email: text('email'),
    /** E.164, e.g. +2348001234567. */
    phone: text('phone'),
    /** Everything else the form sent (may hold health details: never put it in an e-mail). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    visitAt: ts('visit_at'),
    note: text('note'),
    publishedAt: ts('published_at'),
    erasedAt: ts('erased_at'),
  },
  (t) => [
    check('requests_phone_check', sql`${t.phone} IS NULL OR ${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    // The staff list's order and filters, and its search (migrations/0005_inbox_scale.sql).
    index('requests_created_id_idx').on(t.createdAt, t.id),
    index('requests_status_created_id_idx').on(t.status, t.createdAt, t.id),
    index('requests_kind_created_id_idx').on(t.kind, t.createdAt, t.id),
    index('requests_kind_status_created_id_idx').on(t.kind, t.status, t.createdAt, t.id),
    index('requests_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('requests_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('requests_phone_idx').on(t.phone),
    index('requests_reference_prefix_idx').using('btree', sql`${t.reference} text_pattern_ops`),
  ],
);

export const requestEvents = pgTable(
  'request_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    /** 'visitor', 'system' or a staff member's uid. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status', { enum: REQUEST_STATUSES }),
    toStatus: text('to_status', { enum: REQUEST_STATUSES }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.at)],
);


export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull().default('pending'),
  confirmToken: text('confirm_token').unique(),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  confirmedAt: ts('confirmed_at'),
  unsubscribedAt: ts('unsubscribed_at'),
});

/** Who unsubscribed, as a salted hash of the address only (server/requests/keys.ts `email`). */
export const newsletterSuppressions = pgTable('newsletter_suppressions', {
  emailHash: text('email_hash').primaryKey(),
  /** The link's token, so that a second click still answers "unsubscribed". */
  unsubscribeToken: text('unsubscribe_token').unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
