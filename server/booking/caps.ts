import { and, count, desc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { DEFAULT_BOOKING_LIMITS, type BookingLimits, type Cap } from '../../shared/booking/limits';
import type { BookingRefusalView } from '../../shared/booking/staff/types';
import { DAY_MS, lagosDate, lagosMidnight } from '../../shared/booking/time';
import type { Db, Tx } from '../platform/db/db';
import type { BookingDeps } from './deps';
import { appointmentEvents, appointments, bookingRefusals } from './schema';

/**
 * What one patient may take of the clinic's time online (issue 44, ADR 0042): future visits per
 * phone and per day, moves of one visit a day. Checked inside the booking's (or the move's)
 * transaction, after a lock on the phone, so ten bookings sent at once from one phone count each
 * other: the database decides, as it does for a time taken twice (ADR 0029). Staff are under
 * none of them. The limits per address are the page's (server/booking/pages/book.ts), before
 * anything is read.
 */

/** Any 32-bit number no other code uses as the first advisory-lock key ("ph"): one phone's online bookings. */
const PHONE_LOCK_CLASS = 0x7068;

export const limitsOf = (deps: Pick<BookingDeps, 'limits'>): BookingLimits => deps.limits ?? DEFAULT_BOOKING_LIMITS;

/**
 * The visits one phone holds, as the caps count them: a course of care (issue 46) counts as one
 * (its visits share a `course_id`).
 */
const visitUnits = sql<number>`count(DISTINCT coalesce(${appointments.courseId}, -${appointments.id}))`;

/** Why this phone may not book (or move a visit to) `startsAt` online, or null. Locks the phone until the transaction ends. */
export async function visitCapReached(tx: Tx, deps: Pick<BookingDeps, 'limits'>, phone: string, startsAt: Date, now: Date, exceptAppointmentId: number | null = null): Promise<'too-many-visits' | 'one-a-day' | null> {
  const limits = limitsOf(deps);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PHONE_LOCK_CLASS}, hashtext(${phone}))`);
  const theirs = and(
    eq(appointments.patientPhone, phone),
    eq(appointments.status, 'booked'),
    eq(appointments.createdBy, 'visitor'),
    gt(appointments.startsAt, now),
    exceptAppointmentId === null ? undefined : ne(appointments.id, exceptAppointmentId),
  );
  const dayStart = new Date(lagosMidnight(lagosDate(startsAt)));
  const [held] = await tx
    .select({ future: visitUnits, thatDay: sql<number>`count(*) FILTER (WHERE ${appointments.startsAt} >= ${dayStart.toISOString()}::timestamptz AND ${appointments.startsAt} < ${new Date(dayStart.getTime() + DAY_MS).toISOString()}::timestamptz)` })
    .from(appointments)
    .where(theirs);
  // A move keeps the number of visits: only the day it goes to counts.
  if (exceptAppointmentId === null && Number(held?.future ?? 0) >= limits.futureVisitsPerPhone) return 'too-many-visits';
  if (Number(held?.thatDay ?? 0) >= limits.visitsPerDayPerPhone) return 'one-a-day';
  return null;
}

/**
 * Whether the patient has moved this visit as often as a day allows (the row is locked by the
 * caller). The history's times are the database's (as every event's), so the last 24 hours are too.
 */
export async function movesCapReached(tx: Tx, deps: Pick<BookingDeps, 'limits'>, appointmentId: number): Promise<boolean> {
  const [moves] = await tx
    .select({ n: count() })
    .from(appointmentEvents)
    .where(and(eq(appointmentEvents.appointmentId, appointmentId), eq(appointmentEvents.action, 'moved'), eq(appointmentEvents.actor, 'visitor'), gt(appointmentEvents.at, sql`now() - interval '1 day'`)));
  return Number(moves?.n ?? 0) >= limitsOf(deps).movesPerVisitPerDay;
}

/** Notes that someone hit a limit, for staff: never more than once a minute per limit and phone (or address). */
export async function recordRefusal(db: Db | Tx, refusal: { cap: Cap; phone?: string | null; address?: string | null; appointmentId?: number | null }, now: Date): Promise<void> {
  const who = refusal.phone ? eq(bookingRefusals.phone, refusal.phone) : refusal.address ? eq(bookingRefusals.address, refusal.address) : undefined;
  if (who) {
    const [recent] = await db
      .select({ id: bookingRefusals.id })
      .from(bookingRefusals)
      .where(and(eq(bookingRefusals.cap, refusal.cap), who, gte(bookingRefusals.at, new Date(now.getTime() - 60_000))))
      .limit(1);
    if (recent) return;
  }
  await db.insert(bookingRefusals).values({ cap: refusal.cap, phone: refusal.phone ?? null, address: refusal.address ?? null, appointmentId: refusal.appointmentId ?? null, at: now });
}

/** The refusals of the last `days`, newest first, with the visit's reference for a move (staff). */
export async function recentRefusals(db: Db, now: Date, days = 30, limit = 200): Promise<BookingRefusalView[]> {
  const rows = await db
    .select({ at: bookingRefusals.at, cap: bookingRefusals.cap, phone: bookingRefusals.phone, address: bookingRefusals.address, reference: appointments.reference })
    .from(bookingRefusals)
    .leftJoin(appointments, eq(appointments.id, bookingRefusals.appointmentId))
    .where(gt(bookingRefusals.at, new Date(now.getTime() - days * DAY_MS)))
    .orderBy(desc(bookingRefusals.at), desc(bookingRefusals.id))
    .limit(limit);
  return rows.map((r) => ({ at: r.at.toISOString(), cap: r.cap, phone: r.phone, address: r.address, reference: r.reference }));
}

/** Refusals older than `days` by the booking's clock (their `at` is its time, as recentRefusals reads them), gone (the retention job). */
export async function pruneRefusals(db: Db, now: Date, days = 90): Promise<number> {
  const gone = await db
    .delete(bookingRefusals)
    .where(lt(bookingRefusals.at, new Date(now.getTime() - days * DAY_MS)))
    .returning({ id: bookingRefusals.id });
  return gone.length;
}

/** A person's refusals, gone with them (erasure). */
export async function eraseRefusalsOf(tx: Tx, phone: string | null): Promise<void> {
  if (phone) await tx.delete(bookingRefusals).where(inArray(bookingRefusals.phone, [phone]));
}

/**
 * Why this phone may not book a course of visits at `starts` online, or null: the course counts
 * as one against the future visits (its first visit's check), and each of its days against the
 * visits a day (the later visits' checks count no future visits: 0 is no visit's id).
 */
export async function courseCapReached(tx: Tx, deps: Pick<BookingDeps, 'limits'>, phone: string, starts: readonly Date[], now: Date): Promise<'too-many-visits' | 'one-a-day' | null> {
  for (const [i, startsAt] of starts.entries()) {
    const capped = await visitCapReached(tx, deps, phone, startsAt, now, i === 0 ? null : 0);
    if (capped) return capped;
  }
  return null;
}
