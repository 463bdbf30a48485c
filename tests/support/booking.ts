import { visitMessages } from '../../server/messages/queue';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Store } from '../../server/platform/db/store';
import type { BookingActor, BookingDeps } from '../../server/booking/deps';
import { proofCookie, type PhoneCodeSender } from '../../server/booking/phone-proof';
import { DEFAULT_BOOKING_LIMITS, type BookingLimits } from '../../shared/booking/limits';
import { DEFAULT_BOOKING_RULES, type BookingRules } from '../../shared/booking/rules';
import type { BookingForm } from '../../shared/booking/schemas';
import { bookingReference } from '../../shared/booking/reference';
import { lagosMoment } from '../../shared/booking/time';
import { appointments, closures, scheduleExceptions, workingPlans, type Break } from '../../server/booking/schema';
import type { AppointmentStatus, VisitKind } from '../../shared/booking/types';
import { openTestStore, type Engine, type TestStore } from './test-store';

/** The booking tests' secret (injected: never the development file, never production's). */
export const TEST_SECRET = 'test-booking-secret-0123456789abcdef0123456789';
export const ORIGIN = 'https://clinic.example';
export const INBOX = 'inbox@clinic.example';

/** Monday 30 November 2026, 05:00 in Abuja: the tests' "now" unless a case says otherwise. */
export const NOW = new Date(lagosMoment('2026-11-30', '05:00'));

export function bookingDeps(store: Store, overrides: Partial<BookingDeps> & { rules?: Partial<BookingRules> } = {}): BookingDeps {
  const { rules, ...rest } = overrides;
  return { store, rules: { ...DEFAULT_BOOKING_RULES, ...rules }, secret: TEST_SECRET, publicOrigin: ORIGIN, clinicInbox: INBOX, now: () => NOW, limits: WIDE_LIMITS, codes: memoryCodes(), listeners: [visitMessages()], ...rest };
}

/** Empty booking tables (the seed's plans and holidays too): each case sets up what it needs. */
export async function clearBooking(store: Store) {
  await store.db.execute(sql`TRUNCATE courses, appointments, appointment_events, working_plans, schedule_exceptions, closures, calendar_feeds, outbox RESTART IDENTITY CASCADE`);
  await store.db.execute(sql`UPDATE locations SET status = 'planned' WHERE id <> 'abuja'`);
}

export interface BookingStore {
  /** The file's store (set once the file's beforeAll has run). */
  readonly store: Store;
  /** Its TestStore: the database URL and data directory, for server processes. */
  readonly test: TestStore;
}

/**
 * The set-up of a booking test file, inside its `describe.each(testEngines())`: a store of its
 * own on `engine`, opened before the file's tests and closed after them, and before each test
 * empty booking tables (clearBooking), the tables in `alsoEmpty` emptied too, and `plans` set.
 * A beforeEach the file registers after this call runs after it, on the emptied store.
 */
export function useBookingStore(engine: Engine, { plans = [], alsoEmpty = [] }: { plans?: readonly PlanSpec[]; alsoEmpty?: readonly string[] } = {}): BookingStore {
  let t: TestStore | undefined;
  beforeAll(async () => {
    t = await openTestStore(engine);
  });
  afterAll(() => t?.cleanup());
  beforeEach(async () => {
    await clearBooking(t!.store);
    if (alsoEmpty.length) await t!.store.db.execute(sql.raw(`TRUNCATE ${alsoEmpty.join(', ')} RESTART IDENTITY CASCADE`));
    await addPlans(t!.store, plans);
  });
  return {
    get store() {
      return t!.store;
    },
    get test() {
      return t!;
    },
  };
}

let keys = 0;
export const newKey = (label = 'k') => `${label}-${process.pid}-${randomBytes(6).toString('hex')}-${++keys}`;

export interface PlanSpec {
  practitioner: string;
  location?: string;
  weekday: number;
  starts: string;
  ends: string;
  breaks?: Break[];
  validFrom?: string;
  validTo?: string | null;
}

export async function addPlans(store: Store, plans: readonly PlanSpec[]) {
  if (!plans.length) return;
  await store.db.insert(workingPlans).values(
    plans.map((p) => ({
      practitionerId: p.practitioner,
      locationId: p.location ?? 'abuja',
      weekday: p.weekday,
      starts: p.starts,
      ends: p.ends,
      breaks: p.breaks ?? [],
      validFrom: p.validFrom ?? '2026-01-01',
      validTo: p.validTo ?? null,
      createdBy: 'test',
      ...(p.validTo ? { closedAt: new Date(), closedBy: 'test' } : {}),
    })),
  );
}

export interface ExceptionSpec {
  practitioner: string;
  date: string;
  kind: 'time_off' | 'extra_hours' | 'replace_day';
  location?: string | null;
  starts?: string;
  ends?: string;
  breaks?: Break[];
}

export async function addExceptions(store: Store, list: readonly ExceptionSpec[]) {
  if (!list.length) return;
  await store.db.insert(scheduleExceptions).values(
    list.map((e) => ({
      practitionerId: e.practitioner,
      onDate: e.date,
      kind: e.kind,
      locationId: e.kind === 'time_off' ? null : (e.location ?? 'abuja'),
      starts: e.starts ?? null,
      ends: e.ends ?? null,
      breaks: e.breaks ?? [],
      createdBy: 'test',
    })),
  );
}

export interface ClosureSpec {
  date: string;
  location?: string | null;
  starts?: string;
  ends?: string;
}

export async function addClosures(store: Store, list: readonly ClosureSpec[]) {
  if (!list.length) return;
  await store.db.insert(closures).values(list.map((c) => ({ locationId: c.location ?? null, onDate: c.date, starts: c.starts ?? null, ends: c.ends ?? null, name: 'Test closure', createdBy: 'test' })));
}

export interface AppointmentSpec {
  practitioner: string;
  date: string;
  starts: string;
  /** Visit minutes. */
  minutes: number;
  buffer?: number;
  status?: AppointmentStatus;
  holdExpiresAt?: Date;
}

/** Rows written directly (the situation a case starts from), not through `book`. */
export async function addAppointments(store: Store, list: readonly AppointmentSpec[]) {
  for (const a of list) {
    const start = new Date(lagosMoment(a.date, a.starts));
    const end = new Date(start.getTime() + a.minutes * 60_000);
    const blockedTo = new Date(end.getTime() + (a.buffer ?? 0) * 60_000);
    const status = a.status ?? 'booked';
    await store.db.insert(appointments).values({
      reference: bookingReference(randomBytes(5)),
      practitionerId: a.practitioner,
      serviceId: '1',
      locationId: 'abuja',
      visitKind: 'follow_up',
      startsAt: start,
      endsAt: end,
      blocked: { from: start, to: blockedTo },
      status,
      holdExpiresAt: status === 'held' ? (a.holdExpiresAt ?? new Date(NOW.getTime() + 7 * 60_000)) : null,
      patientName: status === 'held' ? null : 'Test Patient',
      patientPhone: status === 'held' ? null : '+2348031234567',
      cancelledAt: status === 'cancelled' ? NOW : null,
      idempotencyKey: newKey('fixture'),
      createdBy: 'test',
    });
  }
}

/** A booking form as the schema makes it. */
export function bookingForm(overrides: Partial<Omit<BookingForm, 'startsAt'>> & { date?: string; time?: string; startsAt?: Date } = {}): BookingForm {
  const { date = '2026-12-01', time = '09:00', startsAt, ...rest } = overrides;
  return {
    serviceId: '1',
    visitKind: 'follow_up' as VisitKind,
    practitionerId: 'adaeze-okafor',
    startsAt: startsAt ?? new Date(lagosMoment(date, time)),
    patient: { name: 'Amina Bello', phone: '+2348031234567', email: 'amina@example.com' },
    reminders: { channel: 'whatsapp', consent: true },
    idempotencyKey: newKey('book'),
    ...rest,
  };
}

/** The phone bookingForm() books with. */
export const PHONE = '+2348031234567';

/**
 * A visitor who proved their phone (a code typed back, or a proof remembered): the core books a
 * visitor only with the phone they proved (issue 44). Tests of the proof itself use the pages.
 */
export const visitor = (uid: string | null = null, phone: string = PHONE): BookingActor => ({ kind: 'visitor', uid, provenPhone: phone });

/** Codes "sent" in memory: what a phone would have received. */
export function memoryCodes(answer: (message: { channel: 'whatsapp' | 'sms'; to: string }) => 'sent' | 'failed' = () => 'sent') {
  const sent: { id: string; channel: 'whatsapp' | 'sms'; to: string; code: string; minutes: number }[] = [];
  return {
    sent,
    /** The newest code sent to `phone`. */
    last: (phone: string = PHONE) => [...sent].reverse().find((m) => m.to === phone)?.code ?? null,
    async send(message: (typeof sent)[number]) {
      const outcome = answer(message);
      if (outcome === 'sent') sent.push(message);
      return outcome;
    },
  } satisfies PhoneCodeSender & { sent: unknown[]; last: (phone?: string) => string | null };
}

/** The Cookie header of a browser that proved `phone` (signed with the booking tests' secret; the test app's origin is http). */
export const provenCookie = (phone: string = PHONE, secret: string = TEST_SECRET) => proofCookie(secret, undefined, phone, false, new Date(), 90).split(';')[0]!;

/**
 * Limits so wide that a test about something else is never under one: the tests of the caps
 * (booking-abuse.test.ts) use the defaults.
 */
export const WIDE_LIMITS: BookingLimits = { ...DEFAULT_BOOKING_LIMITS, futureVisitsPerPhone: 1000, visitsPerDayPerPhone: 1000, movesPerVisitPerDay: 1000, codesPerPhonePerHour: 1000 };
