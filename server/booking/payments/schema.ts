import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentStatus, RefundStatus } from '../../../shared/booking/deposits';
import { services } from '../../clinic/schema';
import { appointments } from '../schema';

// Drizzle's view of the deposits' tables (server/platform/db/migrations/0013_deposits.sql is
// the source of truth; tests/integration/deposits.test.ts runs every query on both engines).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const serviceDeposits = pgTable('service_deposits', {
  serviceId: text('service_id')
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  rule: text('rule', { enum: ['first', 'every'] }).notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  policy: text('policy').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

export const payments = pgTable('payments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull().unique(),
  formKey: text('form_key').notNull(),
  holdId: bigint('hold_id', { mode: 'number' }),
  holdToken: text('hold_token'),
  appointmentId: bigint('appointment_id', { mode: 'number' })
    .unique()
    .references(() => appointments.id, { onDelete: 'set null' }),
  serviceId: text('service_id')
    .notNull()
    .references(() => services.id),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull().default('NGN'),
  status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded', 'part-refunded'] }).$type<PaymentStatus>().notNull(),
  outcome: text('outcome', { enum: ['booked', 'late-booked', 'late-refunded', 'refused'] }),
  email: text('email').notNull(),
  booking: jsonb('booking').$type<Record<string, string>>(),
  paystackId: bigint('paystack_id', { mode: 'number' }),
  channel: text('channel'),
  paidAt: ts('paid_at'),
  note: text('note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type PaymentRow = typeof payments.$inferSelect;

export const paymentRefunds = pgTable('payment_refunds', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  paymentId: bigint('payment_id', { mode: 'number' })
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: ['cancelled', 'late', 'staff'] }).notNull(),
  key: text('key').notNull().unique(),
  amountKobo: integer('amount_kobo').notNull(),
  status: text('status', { enum: ['pending', 'sending', 'queued', 'processed', 'failed'] }).$type<RefundStatus>().notNull(),
  paystackId: text('paystack_id'),
  expectedAt: ts('expected_at'),
  error: text('error'),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type RefundRow = typeof paymentRefunds.$inferSelect;
