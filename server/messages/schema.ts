import { messageStatus, type MessageStatus } from '../../shared/messages/types';
import { bigint, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { requests } from '../requests/schema';
import { appointments, waitlistOffers } from '../booking/schema';
import type { Channel } from './channel';

// Drizzle's view of the messages tables (server/platform/db/migrations/0006_messages.sql is the
// source of truth; tests/integration/messages-queue.test.ts runs every query on both engines).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const MESSAGE_STATUSES = messageStatus.values;
export type { MessageStatus };

/** 'confirmation' | 'change' | 'cancellation' | 'no_show' | 'reminder_24h' | 'reminder_90m'… */
export type MessageRowKind = string;

export const messages = pgTable('messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** A visit's message; null for a waitlist offer's (offer_id, migration 0012). */
  appointmentId: bigint('appointment_id', { mode: 'number' }).references(() => appointments.id, { onDelete: 'cascade' }),
  offerId: bigint('offer_id', { mode: 'number' }).references(() => waitlistOffers.id, { onDelete: 'cascade' }),
  /** The answer to a patient's reply (migration 0014); null otherwise. A row is a visit's, an offer's or a reply's. */
  replyId: bigint('reply_id', { mode: 'number' }).references((): AnyPgColumn => messageReplies.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<MessageRowKind>().notNull(),
  channel: text('channel').$type<Channel>().notNull(),
  destination: text('destination'),
  status: text('status').$type<MessageStatus>().notNull(),
  dueAt: ts('due_at').notNull(),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: ts('locked_until'),
  provider: text('provider'),
  providerId: text('provider_id'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  deliveredAt: ts('delivered_at'),
  readAt: ts('read_at'),
});

export type MessageRow = typeof messages.$inferSelect;

/** Inbound provider events already applied (migration 0007): a replay is applied once. */
export const webhookEvents = pgTable('webhook_events', {
  provider: text('provider').$type<'whatsapp' | 'termii'>().notNull(),
  eventId: text('event_id').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

export const messageOptOuts = pgTable('message_opt_outs', {
  destination: text('destination').notNull(),
  channel: text('channel').$type<Channel>().notNull(),
  at: ts('at').notNull().defaultNow(),
  source: text('source').$type<'whatsapp-inbound' | 'sms-inbound' | 'provider-refusal' | 'staff'>().notNull(),
});

/** What a reply did (migration 0014). */
export type ReplyOutcome = 'confirmed' | 'cancelled' | 'inside-notice' | 'not-open' | 'no-visit' | 'unknown-number' | 'not-understood';

/** A patient's reply to a message (issue 46, ADR 0050): one row per inbound message, its provider's id unique. */
export const messageReplies = pgTable('message_replies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider').$type<'whatsapp' | 'termii'>().notNull(),
  providerMessageId: text('provider_message_id').notNull(),
  channel: text('channel').$type<'whatsapp' | 'sms'>().notNull(),
  fromPhone: text('from_phone').notNull(),
  receivedAt: ts('received_at').notNull(),
  intent: text('intent').$type<'confirm' | 'cancel'>(),
  appointmentId: bigint('appointment_id', { mode: 'number' }).references(() => appointments.id, { onDelete: 'set null' }),
  outcome: text('outcome').$type<ReplyOutcome>().notNull(),
  answer: text('answer').notNull(),
  requestId: bigint('request_id', { mode: 'number' }).references(() => requests.id, { onDelete: 'set null' }),
});

export type MessageReplyRow = typeof messageReplies.$inferSelect;
