import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { bookingReference } from '../../shared/booking/reference';
import type { BookingFailure } from '../../shared/booking/results';
import { lagosDate, MINUTE_MS } from '../../shared/booking/time';
import type { VisitKind } from '../../shared/booking/types';
import type { Tx } from '../platform/db/db';
import { freeDays } from './availability';
import { isDeadlock, isExclusionViolation, isUniqueViolation } from './db-errors';
import type { BookingDeps } from './deps';
import { loadAvailability, ruleLimits } from './repo';
import { appointments, type AppointmentRow } from './schema';
import { timeChanged, visitsGone } from './time-changes';

/**
 * The one step that takes time from a practitioner's day, inside the caller's transaction
 * (book, hold, reschedule):
 *  1. the rules (past, notice, horizon; staff skip notice and horizon);
 *  2. the start must be a free slot now, computed exactly as the pages computed it
 *     (availability.ts), else 'not-free' (never a slot) or 'conflict' (a slot, but taken);
 *  3. lapsed holds in the way are deleted (a constraint's predicate cannot call now()), and
 *     their times said freed (time-changes.ts);
 *  4. the write, in a savepoint per practitioner free then: the exclusion constraint is the
 *     last guard, and its refusal (23P01: someone was faster) tries the next practitioner
 *     for "any available", or answers 'conflict'.
 * Two racers can never both win: whatever both read in step 2, only one row of the time can
 * exist. A racer that loses at step 3 (waiting on the other's row lock) then loses at step 4.
 *
 * Before step 3 the transaction takes an advisory lock per practitioner it may book (in one
 * order): without it, two racers that both inserted before either checked wait on each other's
 * uncommitted row inside the exclusion check, and PostgreSQL breaks that deadlock only after
 * deadlock_timeout (1 s) by failing one with 40P01 (found by `npm run bench:booking`). With it
 * the second waits for the first to commit and meets the constraint at once (23P01). The lock
 * serialises only the writes of one practitioner's bookings; the reads stay concurrent.
 */
export interface Placement {
  practitionerId: string;
  locationId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
  reference: string;
}

export interface PlaceVisitArgs {
  serviceId: string;
  visitKind: VisitKind;
  /** A practitioner's id, or 'any'. */
  practitionerId: string;
  startsAt: Date;
  locationId?: string | null;
  asStaff: boolean;
  now: Date;
  /** Moving an appointment: its own time counts as free. */
  exceptAppointmentId?: number | null;
  /** Inserts or updates the row at the placement (inside a savepoint); returns it. */
  write: (sp: Tx, at: Placement) => Promise<AppointmentRow>;
}

/** A new row's columns for its placement: its reference, who, where and when, and the time it takes. */
export const placedColumns = (at: Placement) => ({
  reference: at.reference,
  practitionerId: at.practitionerId,
  locationId: at.locationId,
  startsAt: at.startsAt,
  endsAt: at.endsAt,
  blocked: { from: at.startsAt, to: at.blockedUntil },
});

/** The columns of a new visit besides those its placement gives. */
export type VisitColumns = Omit<typeof appointments.$inferInsert, keyof ReturnType<typeof placedColumns>>;

/** A new visit's row at its placement (a `write` for placeVisit): the placement's columns and the caller's. */
export async function insertVisit(sp: Tx, at: Placement, columns: VisitColumns): Promise<AppointmentRow> {
  const [row] = await sp
    .insert(appointments)
    .values({ ...placedColumns(at), ...columns })
    .returning();
  return row!;
}

export type PlaceResult = { ok: true; row: AppointmentRow } | BookingFailure;

const newReference = () => bookingReference(randomBytes(5));

/** Any 32-bit number no other code uses as the first advisory-lock key ("bp"): a practitioner's bookings. */
const PRACTITIONER_LOCK_CLASS = 0x6270;

export async function placeVisit(tx: Tx, deps: BookingDeps, args: PlaceVisitArgs): Promise<PlaceResult> {
  const { now, startsAt } = args;
  const limits = ruleLimits(deps.rules, now, args.asStaff);
  if (startsAt.getTime() <= now.getTime()) return { ok: false, reason: 'past' };
  if (startsAt.getTime() < limits.earliestStart) return { ok: false, reason: 'too-soon' };
  const date = lagosDate(startsAt);
  if (limits.lastDate !== null && date > limits.lastDate) return { ok: false, reason: 'too-far' };

  const loaded = await loadAvailability(tx, { serviceId: args.serviceId, visitKind: args.visitKind, practitionerId: args.practitionerId, fromDate: date, toDate: date, exceptAppointmentId: args.exceptAppointmentId ?? null }, now);
  if (!loaded.ok) return { ok: false, reason: loaded.reason };
  const query = {
    fromDate: date,
    toDate: date,
    visitMinutes: loaded.visitMinutes,
    bufferMinutes: loaded.service.bufferMinutes,
    stepMinutes: deps.rules.slotStepMinutes,
    earliestStart: limits.earliestStart,
    lastDate: limits.lastDate,
    locationId: args.locationId ?? null,
  };
  const at = startsAt.toISOString();
  const slot = freeDays(loaded.input, query)[0]?.slots.find((s) => s.startsAt === at);
  if (!slot) {
    const onlyTaken = freeDays({ ...loaded.input, busy: [] }, query)[0]?.slots.some((s) => s.startsAt === at);
    return { ok: false, reason: onlyTaken ? 'conflict' : 'not-free' };
  }

  const endsAt = new Date(startsAt.getTime() + loaded.visitMinutes * MINUTE_MS);
  const blockedUntil = new Date(endsAt.getTime() + loaded.service.bufferMinutes * MINUTE_MS);
  const candidates = [slot.practitionerId, ...slot.practitionerIds.filter((id) => id !== slot.practitionerId)];
  for (const id of [...candidates].sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(${PRACTITIONER_LOCK_CLASS}, hashtext(${id}))`);
  const lapsed = await tx
    .delete(appointments)
    .where(
      and(
        inArray(appointments.practitionerId, candidates),
        eq(appointments.status, 'held'),
        lte(appointments.holdExpiresAt, now),
        sql`${appointments.blocked} && tstzrange(${at}::timestamptz, ${blockedUntil.toISOString()}::timestamptz)`,
        args.exceptAppointmentId ? ne(appointments.id, args.exceptAppointmentId) : undefined,
      ),
    )
    .returning();
  if (lapsed.length) await timeChanged(tx, deps, visitsGone('hold-lapsed', lapsed, 'system', now));

  for (const practitionerId of candidates) {
    // A reference drawn twice (32^5 codes) is drawn again; anything else is an answer.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const row = await tx.transaction((sp) => args.write(sp, { practitionerId, locationId: slot.locationId, startsAt, endsAt, blockedUntil, reference: newReference() }));
        return { ok: true, row };
      } catch (error) {
        // 40P01 here is the exclusion check's deadlock between two racers (see above): lost too.
        if (isExclusionViolation(error) || isDeadlock(error)) break;
        if (isUniqueViolation(error) && constraintOf(error) === 'appointments_reference_key') continue;
        throw error;
      }
    }
  }
  return { ok: false, reason: 'conflict' };
}

/** The violated constraint's name, from the driver's error under Drizzle's wrapping. */
export function constraintOf(error: unknown): string | null {
  let e = error as { constraint?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
    e = e.cause as typeof e;
  }
  return null;
}
