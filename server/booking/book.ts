import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BookResult, BookingFailure, HoldResult } from '../../shared/booking/results';
import type { BookingForm } from '../../shared/booking/schemas';
import { MINUTE_MS } from '../../shared/booking/time';
import type { VisitKind } from '../../shared/booking/types';
import type { Tx } from '../platform/db/db';
import { markRequestBooked } from '../requests/repo';
import { actorOf, byOf, clock, isStaff, toView, type BookingActor, type BookingDeps } from './deps';
import { manageTokenOf, signToken, verifyToken } from './manage-token';
import { insertVisit, placeVisit } from './place-visit';
import { nearestFreeTimes } from './repo';
import { appointmentEvents, appointments, type AppointmentRow } from './schema';
import { timeChanged, visitChange, visitsGone } from './time-changes';
import { visitCapReached } from './caps';

/** Any 32-bit number no other code uses as the first advisory-lock key ("bk"): booking idempotency keys. */
const KEY_LOCK_CLASS = 0x626b;

/**
 * Attempts with one idempotency key queue behind each other (the second waits for the first to
 * commit, then finds its row): a double tap answers the first booking, never a conflict with
 * itself. Transaction-scoped; a hash collision only makes two unrelated bookings queue.
 */
async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_CLASS}, hashtext(${key}))`);
}

async function rowByKey(tx: Tx, key: string): Promise<AppointmentRow | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.idempotencyKey, key));
  return row;
}

/** Rolls the transaction back with an expected failure (a request that vanished meanwhile). */
class Abort extends Error {
  constructor(readonly failure: BookingFailure) {
    super(failure.reason);
  }
}

export interface BookOptions {
  /** Staff turning a call-back request into this booking: it is marked booked in the same transaction. */
  requestReference?: string | null;
}

/**
 * What a visitor must have before a booking takes time (issue 44): the phone proven, and the
 * phone's visits within the caps (counted after a lock on the phone, in the booking's
 * transaction). Staff are asked for neither.
 */
async function visitorMayBook(tx: Tx, deps: BookingDeps, form: BookingForm, actor: BookingActor, now: Date): Promise<BookingFailure | null> {
  if (actor.kind !== 'visitor') return null;
  if (actor.provenPhone !== form.patient.phone) return { ok: false, reason: 'unproven-phone' };
  const capped = await visitCapReached(tx, deps, form.patient.phone, form.startsAt, now);
  return capped ? { ok: false, reason: capped } : null;
}

/**
 * Books a visit in one transaction: the free-slot check, the row (the exclusion constraint
 * deciding any race), its history event, the request it came from (if any) and the mails. The
 * same idempotency key again answers the first booking (duplicate: true). A conflict or a time
 * that is not free answers with the three nearest free times. A visitor books only with the
 * phone they proved, and within the caps per phone.
 */
export async function book(deps: BookingDeps, form: BookingForm, actor: BookingActor, options: BookOptions = {}): Promise<BookResult> {
  const now = clock(deps);
  let outcome: { row: AppointmentRow; duplicate: boolean } | BookingFailure;
  try {
    outcome = await deps.store.db.transaction(async (tx) => {
      await lockKey(tx, form.idempotencyKey);
      const first = await rowByKey(tx, form.idempotencyKey);
      if (first) return { row: first, duplicate: true };
      const refused = await visitorMayBook(tx, deps, form, actor, now);
      if (refused) return refused;
      const placed = await placeVisit(tx, deps, {
        serviceId: form.serviceId,
        visitKind: form.visitKind,
        practitionerId: form.practitionerId,
        startsAt: form.startsAt,
        asStaff: isStaff(actor),
        now,
        write: (sp, at) =>
          insertVisit(sp, at, {
            serviceId: form.serviceId,
            visitKind: form.visitKind,
            status: 'booked',
            ...patientColumns(form, actor, now),
            idempotencyKey: form.idempotencyKey,
            createdBy: actorOf(actor),
          }),
      });
      if (!placed.ok) return placed;
      let row = placed.row;
      await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: actorOf(actor), action: 'booked', toStatus: 'booked', detail: eventDetail(actor, { startsAt: row.startsAt.toISOString(), practitionerId: row.practitionerId }) });
      if (options.requestReference && actor.kind === 'staff') {
        const marked = await markRequestBooked(tx, { reference: options.requestReference, visitAt: row.startsAt, bookingReference: row.reference, actor });
        if (!marked.ok) throw new Abort({ ok: false, reason: 'not-found' });
        const [linked] = await tx.update(appointments).set({ requestId: marked.requestId }).where(eq(appointments.id, row.id)).returning();
        row = linked!;
      }
      await timeChanged(tx, deps, visitChange('booked', null, row, byOf(actor), now));
      return { row, duplicate: false };
    });
  } catch (error) {
    if (error instanceof Abort) return error.failure;
    throw error;
  }
  if ('ok' in outcome) return withAlternatives(deps, outcome, form, now);
  if (!outcome.duplicate) deps.wake?.();
  return { ok: true, appointment: toView(outcome.row), manageToken: manageTokenOf(deps.secret, outcome.row), duplicate: outcome.duplicate };
}

function patientColumns(form: Pick<BookingForm, 'patient' | 'reminders'>, actor: BookingActor, now: Date) {
  return {
    // Staff took the number and the address from the patient; a visitor proved the phone (the
    // address is proven later, by the link in the confirmation: ADR 0042).
    phoneProvenAt: actor.kind === 'staff' || actor.provenPhone === form.patient.phone ? now : null,
    emailProvenAt: actor.kind === 'staff' && form.patient.email ? now : null,
    patientName: form.patient.name,
    patientPhone: form.patient.phone,
    patientEmail: form.patient.email,
    // A visitor's own account; staff booking on a patient's behalf link no account.
    patientUid: actor.kind === 'visitor' ? actor.uid : null,
    reminderChannel: form.reminders.consent ? form.reminders.channel : ('none' as const),
    remindersConsentAt: form.reminders.consent && form.reminders.channel !== 'none' ? now : null,
  };
}

const eventDetail = (actor: BookingActor, detail: Record<string, unknown>) => (actor.kind === 'staff' ? { by: actor.name, ...detail } : detail);

/** A conflict or a time that is not free comes with the nearest free times (read after the transaction, as they are now). */
async function withAlternatives(deps: BookingDeps, failure: BookingFailure, choice: { serviceId: string; visitKind: VisitKind; practitionerId: string; startsAt: Date }, now: Date): Promise<BookingFailure> {
  if (failure.reason !== 'conflict' && failure.reason !== 'not-free') return failure;
  const alternatives = await nearestFreeTimes(deps.store.db, { serviceId: choice.serviceId, visitKind: choice.visitKind, practitionerId: choice.practitionerId }, choice.startsAt, deps.rules, now);
  return { ...failure, alternatives };
}

export interface HoldInput {
  serviceId: string;
  visitKind: VisitKind;
  practitionerId: string;
  startsAt: Date;
  /** One per chosen time on the page: choosing again (a reload) holds once. */
  holdKey: string;
}

/** A hold's token outlives the hold by this much: a lapsed hold nobody else needed can still be confirmed. */
const HOLD_TOKEN_GRACE_MINUTES = 60;

/**
 * Holds a free time for the rules' hold minutes while the visitor types their details: a row
 * of status 'held', under the same exclusion constraint as a booking. Nobody else can take the
 * time until it lapses; after that, the next booking that needs it deletes it.
 */
export async function hold(deps: BookingDeps, input: HoldInput, actor: BookingActor): Promise<HoldResult> {
  const now = clock(deps);
  const expiresAt = new Date(now.getTime() + deps.rules.holdMinutes * MINUTE_MS);
  const outcome = await deps.store.db.transaction(async (tx) => {
    await lockKey(tx, input.holdKey);
    const first = await rowByKey(tx, input.holdKey);
    if (first) return first.status === 'held' ? { ok: true as const, row: first } : ({ ok: false, reason: 'not-changeable' } as BookingFailure);
    const placed = await placeVisit(tx, deps, {
      ...input,
      asStaff: isStaff(actor),
      now,
      write: (sp, at) =>
        insertVisit(sp, at, {
          serviceId: input.serviceId,
          visitKind: input.visitKind,
          status: 'held',
          holdExpiresAt: expiresAt,
          patientUid: actor.kind === 'visitor' ? actor.uid : null,
          idempotencyKey: input.holdKey,
          createdBy: actorOf(actor),
        }),
    });
    if (placed.ok) {
      await tx.insert(appointmentEvents).values({ appointmentId: placed.row.id, actor: actorOf(actor), action: 'held', toStatus: 'held', detail: { until: expiresAt.toISOString() } });
      await timeChanged(tx, deps, visitChange('held', null, placed.row, byOf(actor), now));
    }
    return placed;
  });
  if (!outcome.ok) return withAlternatives(deps, outcome, input, now);
  const row = outcome.row;
  const holdToken = signToken(deps.secret, { purpose: 'hold', appointmentId: row.id, version: row.manageVersion, expiresAt: new Date(row.holdExpiresAt!.getTime() + HOLD_TOKEN_GRACE_MINUTES * MINUTE_MS) });
  return { ok: true, appointment: toView(row), holdToken, expiresAt: row.holdExpiresAt!.toISOString() };
}

/**
 * Books the held time with the visitor's details. A hold that is still there is turned into
 * the booking even if it has lapsed: nobody else needed the time (anyone who did deleted the
 * hold). A hold that is gone, or was for another time, is released and the form booked as
 * new, which may answer a conflict with the nearest free times.
 */
export async function confirmHold(deps: BookingDeps, holdToken: string, form: BookingForm, actor: BookingActor): Promise<BookResult> {
  const now = clock(deps);
  const check = verifyToken(deps.secret, holdToken, 'hold', now);
  if (!check.ok) return { ok: false, reason: 'bad-token' };
  const outcome = await deps.store.db.transaction(async (tx) => {
    await lockKey(tx, form.idempotencyKey);
    const first = await rowByKey(tx, form.idempotencyKey);
    if (first) return { row: first, duplicate: true };
    const refused = await visitorMayBook(tx, deps, form, actor, now);
    if (refused) return refused;
    const [held] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, check.claims.appointmentId), eq(appointments.status, 'held')))
      .for('update');
    const same =
      held &&
      held.serviceId === form.serviceId &&
      held.visitKind === form.visitKind &&
      held.startsAt.getTime() === form.startsAt.getTime() &&
      (form.practitionerId === 'any' || form.practitionerId === held.practitionerId);
    if (!held || !same) {
      if (held) {
        await tx.delete(appointments).where(eq(appointments.id, held.id));
        await timeChanged(tx, deps, visitChange('hold-released', held, null, byOf(actor), now));
      }
      return null;
    }
    const [row] = await tx
      .update(appointments)
      .set({ status: 'booked', holdExpiresAt: null, ...patientColumns(form, actor, now), idempotencyKey: form.idempotencyKey, version: sql`${appointments.version} + 1`, updatedAt: now })
      .where(eq(appointments.id, held.id))
      .returning();
    await tx.insert(appointmentEvents).values({ appointmentId: row!.id, actor: actorOf(actor), action: 'booked', fromStatus: 'held', toStatus: 'booked', detail: eventDetail(actor, { startsAt: row!.startsAt.toISOString(), practitionerId: row!.practitionerId }) });
    await timeChanged(tx, deps, visitChange('booked', held, row!, byOf(actor), now));
    return { row: row!, duplicate: false };
  });
  if (!outcome) return book(deps, form, actor);
  if ('ok' in outcome) return outcome;
  if (!outcome.duplicate) deps.wake?.();
  return { ok: true, appointment: toView(outcome.row), manageToken: manageTokenOf(deps.secret, outcome.row), duplicate: outcome.duplicate };
}

/** Gives a held time back (the visitor went back to choose another). true when there was one. */
export async function releaseHold(deps: BookingDeps, holdToken: string): Promise<boolean> {
  const now = clock(deps);
  const check = verifyToken(deps.secret, holdToken, 'hold', now);
  if (!check.ok) return false;
  return deps.store.db.transaction(async (tx) => {
    const [held] = await tx
      .delete(appointments)
      .where(and(eq(appointments.id, check.claims.appointmentId), eq(appointments.status, 'held')))
      .returning();
    if (held) await timeChanged(tx, deps, visitChange('hold-released', held, null, 'patient', now));
    return Boolean(held);
  });
}

/**
 * Deletes holds that have lapsed (up to `limit`, oldest first) and says their times freed: a
 * hold nobody confirmed stops being a row the moment a sweep finds it, not only when a booking
 * needs its time. Run every minute by the composition; instances sweep side by side (SKIP
 * LOCKED), each hold once. Answers how many went.
 */
export async function sweepLapsedHolds(deps: BookingDeps, limit = 100): Promise<number> {
  const now = clock(deps);
  return deps.store.db.transaction(async (tx) => {
    const lapsed = tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.status, 'held'), lte(appointments.holdExpiresAt, now)))
      .orderBy(asc(appointments.holdExpiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const gone = await tx.delete(appointments).where(inArray(appointments.id, lapsed)).returning();
    if (gone.length) await timeChanged(tx, deps, visitsGone('hold-lapsed', gone, 'system', now));
    return gone.length;
  });
}

/**
 * Staff turn a call-back request (APT-…) into a booking: the booking and the request's change
 * to 'booked' (through the requests domain's markRequestBooked) in one transaction. An unknown
 * request books nothing ('not-found').
 */
export function bookFromRequest(deps: BookingDeps, requestReference: string, form: BookingForm, actor: Extract<BookingActor, { kind: 'staff' }>): Promise<BookResult> {
  return book(deps, form, actor, { requestReference });
}
