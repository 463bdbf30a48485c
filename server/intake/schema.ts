import { bigint, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { IntakeDefinition } from '../../shared/intake/definition';
import { appointments } from '../booking/schema';

// Drizzle's view of the new-patient form tables (server/platform/db/migrations/0010_intake.sql is
// the source of truth; the intake tests run every query on both engines).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const intakeVersions = pgTable('intake_versions', {
  version: integer('version').primaryKey(),
  definition: jsonb('definition').$type<IntakeDefinition>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  createdByName: text('created_by_name').notNull(),
});

export const FORM_STATUSES = ['draft', 'submitted', 'withdrawn'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export const intakeForms = pgTable('intake_forms', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  appointmentId: bigint('appointment_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  kekId: text('kek_id').notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  dobCheck: text('dob_check').notNull(),
  answers: text('answers').notNull(),
  flag: text('flag').notNull(),
  status: text('status', { enum: FORM_STATUSES }).notNull().default('draft'),
  sections: smallint('sections').notNull().default(0),
  consentVersion: integer('consent_version'),
  submittedAt: ts('submitted_at'),
  treatmentWithdrawnAt: ts('treatment_withdrawn_at'),
  dataWithdrawnAt: ts('data_withdrawn_at'),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  lockedUntil: ts('locked_until'),
  sessionVersion: integer('session_version').notNull().default(1),
  flagNotifiedAt: ts('flag_notified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type IntakeFormRow = typeof intakeForms.$inferSelect;

export const intakeReads = pgTable('intake_reads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  formId: bigint('form_id', { mode: 'number' })
    .notNull()
    .references(() => intakeForms.id, { onDelete: 'cascade' }),
  readerUid: text('reader_uid').notNull(),
  readerName: text('reader_name').notNull(),
  readerRole: text('reader_role', { enum: ['admin', 'practitioner'] }).notNull(),
  at: ts('at').notNull().defaultNow(),
});
