import { bigint, customType, date, integer, jsonb, pgTable, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';
import { locations, practitioners, services } from '../clinic/schema';
import { requests } from '../requests/schema';
import type { AppointmentStatus, ReminderChannel, VisitKind } from '../../shared/booking/types';
import { CHANNELS, KINDS, STATUSES } from '../../shared/booking/types';
import type { Cap } from '../../shared/booking/limits';
import { exceptionKind, type ExceptionKind } from '../../shared/booking/staff/types';
import { RHYTHMS, type CourseRhythm } from '../../shared/booking/course';

// Drizzle's view of the booking tables (server/platform/db/migrations/0003_booking.sql is the
// source of truth; the booking tests run every query on both engines).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A break inside a working interval, `HH:MM` on the location's clock. */
export interface Break {
  start: string;
  end: string;
}

/** A half-open time range [from, to), as tstzrange. */
export interface Range {
  from: Date;
  to: Date;
}

/**
 * tstzrange as a pair of moments. Written as the canonical '[from,to)' literal; read from the
 * engines' text form, e.g. `["2026-12-01 08:00:00+00","2026-12-01 09:10:00+00")`.
 */
export const tstzrange = customType<{ data: Range; driverData: string }>({
  dataType: () => 'tstzrange',
  toDriver: (r) => `[${r.from.toISOString()},${r.to.toISOString()})`,
  fromDriver: (v) => {
    const m = /^\[\s*"?([^",]+)"?\s*,\s*"?([^",)]+)"?\s*\)$/.exec(v);
    if (!m) throw new Error(`unexpected tstzrange ${v}`);
    return { from: new Date(m[1]!), to: new Date(m[2]!) };
  },
});

export const workingPlans = pgTable('working_plans', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  practitionerId: text('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' }),
  locationId: text('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  weekday: smallint('weekday').notNull(),
  starts: time('starts').notNull(),
  ends: time('ends').notNull(),
  breaks: jsonb('breaks').$type<Break[]>().notNull().default([]),
  validFrom: date('valid_from').notNull(),
  validTo: date('valid_to'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  closedAt: ts('closed_at'),
  closedBy: text('closed_by'),
});

export const EXCEPTION_KINDS = exceptionKind.values as [ExceptionKind, ...ExceptionKind[]];
export type { ExceptionKind };

export const scheduleExceptions = pgTable('schedule_exceptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  practitionerId: text('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' }),
  onDate: date('on_date').notNull(),
  kind: text('kind', { enum: EXCEPTION_KINDS }).notNull(),
  locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
  starts: time('starts'),
  ends: time('ends'),
  breaks: jsonb('breaks').$type<Break[]>().notNull().default([]),
  note: text('note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  removedAt: ts('removed_at'),
  removedBy: text('removed_by'),
});

export const closures = pgTable('closures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  locationId: text('location_id').references(() => locations.id, { onDelete: 'cascade' }),
  onDate: date('on_date').notNull(),
  starts: time('starts'),
  ends: time('ends'),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  removedAt: ts('removed_at'),
  removedBy: text('removed_by'),
});

/** A course of visits booked at once (migration 0011, course.ts). */
export const courses = pgTable('courses', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull().unique(),
  practitionerId: text('practitioner_id')
    .notNull()
    .references(() => practitioners.id),
  serviceId: text('service_id')
    .notNull()
    .references(() => services.id),
  rhythm: text('rhythm', { enum: RHYTHMS as [CourseRhythm, ...CourseRhythm[]] }).notNull(),
  visits: smallint('visits').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  manageVersion: integer('manage_version').notNull().default(1),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type CourseRow = typeof courses.$inferSelect;

const APPOINTMENT_STATUSES = STATUSES as [AppointmentStatus, ...AppointmentStatus[]];

export const appointments = pgTable('appointments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull().unique(),
  practitionerId: text('practitioner_id')
    .notNull()
    .references(() => practitioners.id),
  serviceId: text('service_id')
    .notNull()
    .references(() => services.id),
  locationId: text('location_id')
    .notNull()
    .references(() => locations.id),
  visitKind: text('visit_kind', { enum: KINDS as [VisitKind, ...VisitKind[]] }).notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  blocked: tstzrange('blocked').notNull(),
  status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
  holdExpiresAt: ts('hold_expires_at'),
  patientName: text('patient_name'),
  patientPhone: text('patient_phone'),
  patientEmail: text('patient_email'),
  patientUid: text('patient_uid'),
  reminderChannel: text('reminder_channel', { enum: CHANNELS as [ReminderChannel, ...ReminderChannel[]] })
    .notNull()
    .default('none'),
  remindersConsentAt: ts('reminders_consent_at'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  manageVersion: integer('manage_version').notNull().default(1),
  version: integer('version').notNull().default(1),
  requestId: bigint('request_id', { mode: 'number' }).references(() => requests.id, { onDelete: 'set null' }),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  cancelledAt: ts('cancelled_at'),
  /** The patient confirmed the visit (a reply to a reminder, migration 0014); null until then. */
  confirmedAt: ts('confirmed_at'),
  /** The phone proven (a code, or staff took it): messages may go to it. */
  phoneProvenAt: ts('phone_proven_at'),
  /** The address proven (the confirmation's link, or staff took it): mail beyond the confirmation may go to it. */
  emailProvenAt: ts('email_proven_at'),
  /** A visit of a course (migration 0011): the course, its place in it and the course's size as booked. */
  courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'set null' }),
  courseSeq: smallint('course_seq'),
  courseSize: smallint('course_size'),
});

export type AppointmentRow = typeof appointments.$inferSelect;

export const appointmentEvents = pgTable('appointment_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  appointmentId: bigint('appointment_id', { mode: 'number' })
    .notNull()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  at: ts('at').notNull().defaultNow(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status', { enum: APPOINTMENT_STATUSES }),
  toStatus: text('to_status', { enum: APPOINTMENT_STATUSES }),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
});

export const calendarFeeds = pgTable('calendar_feeds', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  practitionerId: text('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' }),
  tokenSha256: text('token_sha256').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
  revokedBy: text('revoked_by'),
});

/** One-time codes sent to a phone (migration 0008, phone-proof.ts): the code's salted HMAC only. */
export const phoneCodes = pgTable('phone_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  phone: text('phone').notNull(),
  channel: text('channel').$type<'whatsapp' | 'sms'>().notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** A signed-in patient's proven phones. */
export const patientPhones = pgTable('patient_phones', {
  uid: text('uid').notNull(),
  phone: text('phone').notNull(),
  provenAt: ts('proven_at').notNull(),
});

/** Who hit a limit, for staff (limits.ts). */
export const bookingRefusals = pgTable('booking_refusals', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: ts('at').notNull().defaultNow(),
  cap: text('cap').$type<Cap>().notNull(),
  phone: text('phone'),
  address: text('address'),
  appointmentId: bigint('appointment_id', { mode: 'number' }).references(() => appointments.id, { onDelete: 'cascade' }),
});

// --- The waitlist (migration 0012, server/booking/waitlist.ts) ------------------------------------

export type WaitlistChannel = 'whatsapp' | 'sms' | 'email';
export type WaitlistEnd = 'taken' | 'left' | 'staff' | 'lapsed';
export type OfferStatus = 'pending' | 'taken' | 'gone' | 'expired';

export const waitlistEntries = pgTable('waitlist_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  manageVersion: integer('manage_version').notNull().default(1),
  serviceId: text('service_id')
    .notNull()
    .references(() => services.id),
  visitKind: text('visit_kind', { enum: KINDS as [VisitKind, ...VisitKind[]] }).notNull(),
  practitionerId: text('practitioner_id').references(() => practitioners.id, { onDelete: 'cascade' }),
  days: smallint('days').notNull(),
  parts: smallint('parts').notNull(),
  untilDate: date('until_date').notNull(),
  patientName: text('patient_name').notNull(),
  patientPhone: text('patient_phone').notNull(),
  patientEmail: text('patient_email'),
  channel: text('channel').$type<WaitlistChannel>().notNull(),
  consentAt: ts('consent_at').notNull(),
  holdingAppointmentId: bigint('holding_appointment_id', { mode: 'number' }).references(() => appointments.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
  endedAt: ts('ended_at'),
  endedReason: text('ended_reason').$type<WaitlistEnd>(),
});

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

export const waitlistRounds = pgTable('waitlist_rounds', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  cause: text('cause').notNull(),
  freed: jsonb('freed').$type<{ practitionerId: string | null; locationId: string | null; from: string; to: string | null }[]>().notNull(),
  offers: integer('offers').notNull(),
  at: ts('at').notNull(),
});

export const waitlistOffers = pgTable('waitlist_offers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  entryId: bigint('entry_id', { mode: 'number' })
    .notNull()
    .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
  roundId: bigint('round_id', { mode: 'number' }).references(() => waitlistRounds.id, { onDelete: 'set null' }),
  offeredBy: text('offered_by').notNull(),
  practitionerId: text('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' }),
  locationId: text('location_id')
    .notNull()
    .references(() => locations.id),
  startsAt: ts('starts_at').notNull(),
  status: text('status').$type<OfferStatus>().notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  decidedAt: ts('decided_at'),
  /** The sweep saw it expire (migration 0014): its time's next round is made, or not needed. */
  followedAt: ts('followed_at'),
  appointmentId: bigint('appointment_id', { mode: 'number' }).references(() => appointments.id, { onDelete: 'set null' }),
});

export type WaitlistOfferRow = typeof waitlistOffers.$inferSelect;
