import { and, eq, sql } from 'drizzle-orm';
import type { BookResult, BookingFailure, HoldResult } from '../../shared/booking/results';
import { managePath } from '../../shared/booking/results';
import type { BookingForm } from '../../shared/booking/schemas';
import { MINUTE_MS } from '../../shared/booking/time';
import type { VisitKind } from '../../shared/booking/types';
import { fullAddressOf } from '../../shared/clinic/site-facts';
import { locations, practitioners } from '../clinic/schema';
import { loadClinicDetails } from '../clinic/details';
import type { Tx } from '../platform/db/db';
import { markRequestBooked, queueMail } from '../requests/repo';
import { actorOf, clock, isStaff, toView, type BookingActor, type BookingDeps } from './deps';
import { clinicBookingNotice, patientBookingMail, type BookingChange } from './mails';
import { manageTokenExpiry, signToken, verifyToken } from './manage-token';
import { placeVisit } from './place-visit';
import { nearestFreeTimes } from './repo';
import { appointmentEvents, appointments, type AppointmentRow } from './schema';

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

/** Tells the outbox and the messages worker that something is due now. */
export function wakeAll(deps: BookingDeps) {
  deps.wake?.();
  deps.messages?.wake();
}

export function manageTokenOf(deps: BookingDeps, row: AppointmentRow): string {
  return signToken(deps.secret, { purpose: 'manage', appointmentId: row.id, version: row.manageVersion, expiresAt: manageTokenExpiry(row.startsAt) });
}

/** Rolls the transaction back with an expected failure (a request that vanished meanwhile). */
class Abort extends Error {
  constructor(readonly failure: BookingFailure) {
    super(failure.reason);
  }
}

/**
 * Queues the patient's mail (when they gave an address) and, for a change the patient made, the
 * clinic's notice: in the caller's transaction, so a booking never exists without them.
 */
export async function queueBookingMails(tx: Tx, deps: BookingDeps, change: BookingChange, row: AppointmentRow, byPatient: boolean, now: Date) {
  if (byPatient && deps.clinicInbox) await queueMail(tx, clinicBookingNotice(change, row.reference, deps.publicOrigin, deps.clinicInbox), row.requestId);
  if (!row.patientEmail || !row.patientName) return;
  const [facts] = await tx
    .select({ practitioner: practitioners.name, street: locations.street, area: locations.area, city: locations.city, region: locations.region, countryCode: locations.countryCode, mapHref: locations.mapHref, name: locations.name, id: locations.id })
    .from(practitioners)
    .innerJoin(locations, eq(locations.id, row.locationId))
    .where(eq(practitioners.id, row.practitionerId));
  await queueMail(
    tx,
    patientBookingMail(change, {
      to: row.patientEmail,
      name: row.patientName,
      reference: row.reference,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      practitionerName: facts?.practitioner ?? '',
      address: facts ? fullAddressOf(facts) : '',
      phone: (await loadClinicDetails(tx)).phones[0].display,
      manageLink: `${deps.publicOrigin}${managePath(manageTokenOf(deps, row))}`,
      publicOrigin: deps.publicOrigin,
      sequence: row.version,
      now,
    }),
    row.requestId,
  );
}

export interface BookOptions {
  /** Staff turning a call-back request into this booking: it is marked booked in the same transaction. */
  requestReference?: string | null;
}

/**
 * Books a visit in one transaction: the free-slot check, the row (the exclusion constraint
 * deciding any race), its history event, the request it came from (if any) and the mails. The
 * same idempotency key again answers the first booking (duplicate: true). A conflict or a time
 * that is not free answers with the three nearest free times.
 */
export async function book(deps: BookingDeps, form: BookingForm, actor: BookingActor, options: BookOptions = {}): Promise<BookResult> {
  const now = clock(deps);
  let outcome: { row: AppointmentRow; duplicate: boolean } | BookingFailure;
  try {
    outcome = await deps.store.db.transaction(async (tx) => {
      await lockKey(tx, form.idempotencyKey);
      const first = await rowByKey(tx, form.idempotencyKey);
      if (first) return { row: first, duplicate: true };
      const placed = await placeVisit(tx, deps, {
        serviceId: form.serviceId,
        visitKind: form.visitKind,
        practitionerId: form.practitionerId,
        startsAt: form.startsAt,
        asStaff: isStaff(actor),
        now,
        write: async (sp, at) => {
          const [row] = await sp
            .insert(appointments)
            .values({
              reference: at.reference,
              practitionerId: at.practitionerId,
              serviceId: form.serviceId,
              locationId: at.locationId,
              visitKind: form.visitKind,
              startsAt: at.startsAt,
              endsAt: at.endsAt,
              blocked: { from: at.startsAt, to: at.blockedUntil },
              status: 'booked',
              ...patientColumns(form, actor, now),
              idempotencyKey: form.idempotencyKey,
              createdBy: actorOf(actor),
            })
            .returning();
          return row!;
        },
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
      await queueBookingMails(tx, deps, 'booked', row, actor.kind === 'visitor', now);
      await deps.messages?.changed(tx, row, 'booked', now);
      return { row, duplicate: false };
    });
  } catch (error) {
    if (error instanceof Abort) return error.failure;
    throw error;
  }
  if ('ok' in outcome) return withAlternatives(deps, outcome, form, now);
  if (!outcome.duplicate) wakeAll(deps);
  return { ok: true, appointment: toView(outcome.row), manageToken: manageTokenOf(deps, outcome.row), duplicate: outcome.duplicate };
}

function patientColumns(form: Pick<BookingForm, 'patient' | 'reminders'>, actor: BookingActor, now: Date) {
  return {
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
      write: async (sp, at) => {
        const [row] = await sp
          .insert(appointments)
          .values({
            reference: at.reference,
            practitionerId: at.practitionerId,
            serviceId: input.serviceId,
            locationId: at.locationId,
            visitKind: input.visitKind,
            startsAt: at.startsAt,
            endsAt: at.endsAt,
            blocked: { from: at.startsAt, to: at.blockedUntil },
            status: 'held',
            holdExpiresAt: expiresAt,
            patientUid: actor.kind === 'visitor' ? actor.uid : null,
            idempotencyKey: input.holdKey,
            createdBy: actorOf(actor),
          })
          .returning();
        return row!;
      },
    });
    if (placed.ok) await tx.insert(appointmentEvents).values({ appointmentId: placed.row.id, actor: actorOf(actor), action: 'held', toStatus: 'held', detail: { until: expiresAt.toISOString() } });
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
      if (held) await tx.delete(appointments).where(eq(appointments.id, held.id));
      return null;
    }
    const [row] = await tx
      .update(appointments)
      .set({ status: 'booked', holdExpiresAt: null, ...patientColumns(form, actor, now), idempotencyKey: form.idempotencyKey, version: sql`${appointments.version} + 1`, updatedAt: now })
      .where(eq(appointments.id, held.id))
      .returning();
    await tx.insert(appointmentEvents).values({ appointmentId: row!.id, actor: actorOf(actor), action: 'booked', fromStatus: 'held', toStatus: 'booked', detail: eventDetail(actor, { startsAt: row!.startsAt.toISOString(), practitionerId: row!.practitionerId }) });
    await queueBookingMails(tx, deps, 'booked', row!, actor.kind === 'visitor', now);
    await deps.messages?.changed(tx, row!, 'booked', now);
    return { row: row!, duplicate: false };
  });
  if (!outcome) return book(deps, form, actor);
  if (!outcome.duplicate) wakeAll(deps);
  return { ok: true, appointment: toView(outcome.row), manageToken: manageTokenOf(deps, outcome.row), duplicate: outcome.duplicate };
}

/** Gives a held time back (the visitor went back to choose another). true when there was one. */
export async function releaseHold(deps: BookingDeps, holdToken: string): Promise<boolean> {
  const check = verifyToken(deps.secret, holdToken, 'hold', clock(deps));
  if (!check.ok) return false;
  const deleted = await deps.store.db
    .delete(appointments)
    .where(and(eq(appointments.id, check.claims.appointmentId), eq(appointments.status, 'held')))
    .returning({ id: appointments.id });
  return deleted.length > 0;
}

/**
 * Staff turn a call-back request (APT-…) into a booking: the booking and the request's change
 * to 'booked' (through the requests domain's markRequestBooked) in one transaction. An unknown
 * request books nothing ('not-found').
 */
export function bookFromRequest(deps: BookingDeps, requestReference: string, form: BookingForm, actor: Extract<BookingActor, { kind: 'staff' }>): Promise<BookResult> {
  return book(deps, form, actor, { requestReference });
}
