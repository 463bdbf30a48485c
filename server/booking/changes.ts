import { eq, sql } from 'drizzle-orm';
import type { BookingFailure, ChangeResult } from '../../shared/booking/results';
import { lagosDate, MINUTE_MS } from '../../shared/booking/time';
import { STAFF_TRANSITIONS, type AppointmentStatus, type ReminderChannel } from '../../shared/booking/types';
import type { Tx } from '../platform/db/db';
import { actorOf, byOf, clock, toView, type BookingDeps, type Changer } from './deps';
import { manageTokenOf, verifyToken } from './manage-token';
import { placeVisit } from './place-visit';
import { nearestFreeTimes } from './repo';
import { appointmentEvents, appointments, type AppointmentRow } from './schema';
import { timeChanged, visitChange } from './time-changes';
import { movesCapReached, recordRefusal, visitCapReached } from './caps';
import { emailProofMatches } from './phone-proof';

/**
 * Changes to an existing booking, each one transaction on the locked row: the patient's (by
 * manage link, up to the cancellation notice) and staff's (any time, naming the version they saw).
 */

/** The row a changer may change, locked until the transaction ends; or why not. */
async function lockedRow(tx: Tx, deps: BookingDeps, changer: Changer, now: Date): Promise<AppointmentRow | BookingFailure> {
  let id: number;
  let manageVersion: number | null = null;
  if (changer.as === 'patient') {
    const check = verifyToken(deps.secret, changer.token, 'manage', now);
    if (!check.ok) return { ok: false, reason: 'bad-token' };
    id = check.claims.appointmentId;
    manageVersion = check.claims.version;
  } else {
    id = changer.appointmentId;
  }
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  if (!row) return { ok: false, reason: changer.as === 'patient' ? 'bad-token' : 'not-found' };
  // A revoked link (manage_version bumped since it was signed) is refused like a forged one.
  if (manageVersion !== null && manageVersion !== row.manageVersion) return { ok: false, reason: 'bad-token' };
  if (changer.as === 'staff' && changer.version !== row.version) return { ok: false, reason: 'stale' };
  return row;
}

const isFailure = (v: AppointmentRow | BookingFailure): v is BookingFailure => 'ok' in v;

/** Inside the cancellation notice, only staff change a visit (the page gives the clinic's phone). */
const tooLate = (deps: BookingDeps, changer: Changer, row: AppointmentRow, now: Date) =>
  changer.as === 'patient' && row.startsAt.getTime() - now.getTime() < deps.rules.cancellationNoticeMinutes * MINUTE_MS;

const detailOf = (changer: Changer, detail: Record<string, unknown>) => (changer.as === 'staff' ? { by: changer.name, ...detail } : detail);

/** The booking a manage link opens (with a fresh link, valid until 30 days after the visit); refused when forged, expired or revoked. */
export async function appointmentByToken(deps: BookingDeps, token: string): Promise<ChangeResult> {
  const now = clock(deps);
  const check = verifyToken(deps.secret, token, 'manage', now);
  if (!check.ok) return { ok: false, reason: 'bad-token' };
  const [row] = await deps.store.db.select().from(appointments).where(eq(appointments.id, check.claims.appointmentId));
  if (!row || row.manageVersion !== check.claims.version || row.status === 'held') return { ok: false, reason: 'bad-token' };
  return { ok: true, appointment: toView(row), manageToken: manageTokenOf(deps.secret, row) };
}

export interface RescheduleInput {
  startsAt: Date;
  /** Another practitioner, or 'any' when the patient chose it; missing (null): the visit's own. Never read as 'any'. */
  practitionerId?: string | null;
}

/**
 * Moves a booking: the same row gets the new time, so the old time is free the moment the
 * transaction commits and the row's history, reference and manage link carry on. The new time
 * goes through the same check and the same constraint as a new booking (its own old time counts
 * as free); a conflict answers with the nearest free times.
 */
export async function reschedule(deps: BookingDeps, changer: Changer, input: RescheduleInput): Promise<ChangeResult> {
  const now = clock(deps);
  let context: { serviceId: string; visitKind: AppointmentRow['visitKind']; practitionerId: string } | null = null;
  let visit: AppointmentRow | null = null;
  const outcome = await deps.store.db.transaction(async (tx): Promise<AppointmentRow | BookingFailure> => {
    const row = await lockedRow(tx, deps, changer, now);
    if (isFailure(row)) return row;
    if (row.status !== 'booked') return { ok: false, reason: 'not-changeable' };
    if (tooLate(deps, changer, row, now)) return { ok: false, reason: 'too-late' };
    const practitionerId = input.practitionerId || row.practitionerId;
    context = { serviceId: row.serviceId, visitKind: row.visitKind, practitionerId };
    visit = row;
    // The same time with the same practitioner (or "any available", which that is) changes nothing:
    // no event, no mail, however often it is sent.
    const sameTime = row.startsAt.getTime() === input.startsAt.getTime();
    if (sameTime && (practitionerId === row.practitionerId || practitionerId === 'any')) return row;
    // The patient moves a visit a few times a day at most, and never onto a day the phone already has one.
    if (changer.as === 'patient') {
      if (await movesCapReached(tx, deps, row.id)) return { ok: false, reason: 'too-many-moves' };
      if (row.patientPhone && row.createdBy === 'visitor') {
        const capped = await visitCapReached(tx, deps, row.patientPhone, input.startsAt, now, row.id);
        if (capped) return { ok: false, reason: capped };
      }
    }
    const placed = await placeVisit(tx, deps, {
      serviceId: row.serviceId,
      visitKind: row.visitKind,
      practitionerId,
      startsAt: input.startsAt,
      asStaff: changer.as === 'staff',
      now,
      exceptAppointmentId: row.id,
      write: async (sp, at) => {
        const [moved] = await sp
          .update(appointments)
          .set({
            practitionerId: at.practitionerId,
            locationId: at.locationId,
            startsAt: at.startsAt,
            endsAt: at.endsAt,
            blocked: { from: at.startsAt, to: at.blockedUntil },
            version: sql`${appointments.version} + 1`,
            updatedAt: now,
          })
          .where(eq(appointments.id, row.id))
          .returning();
        return moved!;
      },
    });
    if (!placed.ok) return placed;
    await tx.insert(appointmentEvents).values({
      appointmentId: row.id,
      actor: actorOf(changer),
      action: 'moved',
      detail: detailOf(changer, { from: row.startsAt.toISOString(), to: placed.row.startsAt.toISOString(), fromPractitioner: row.practitionerId, toPractitioner: placed.row.practitionerId }),
    });
    await timeChanged(tx, deps, visitChange('moved', row, placed.row, byOf(changer), now));
    return placed.row;
  });
  if (isFailure(outcome)) {
    const at = context as { serviceId: string; visitKind: AppointmentRow['visitKind']; practitionerId: string } | null;
    const moved = visit as AppointmentRow | null;
    // Staff see who hit a limit (/staff/booking-limits).
    if (moved && (outcome.reason === 'too-many-moves' || outcome.reason === 'one-a-day')) {
      await recordRefusal(deps.store.db, { cap: outcome.reason === 'too-many-moves' ? 'moves-a-day' : 'visits-a-day', phone: moved.patientPhone, appointmentId: moved.id }, now);
    }
    if ((outcome.reason === 'conflict' || outcome.reason === 'not-free') && at) {
      return { ...outcome, alternatives: await nearestFreeTimes(deps.store.db, { ...at, asStaff: changer.as === 'staff' }, input.startsAt, deps.rules, now) };
    }
    return outcome;
  }
  deps.wake?.();
  return { ok: true, appointment: toView(outcome), manageToken: manageTokenOf(deps.secret, outcome) };
}

/**
 * Cancels a booking (or gives back a hold): its time is free at once. The patient may until the
 * cancellation notice, staff always. Cancelling a cancelled booking changes nothing.
 */
export async function cancel(deps: BookingDeps, changer: Changer): Promise<ChangeResult> {
  const now = clock(deps);
  const outcome = await deps.store.db.transaction((tx) => cancelIn(tx, deps, changer, now));
  if (isFailure(outcome)) return outcome;
  deps.wake?.();
  return { ok: true, appointment: toView(outcome) };
}

/**
 * The cancellation itself, in the caller's transaction: the manage page's (through `cancel`) and
 * a patient's reply to a reminder (server/booking/replies.ts), so both free the time the same
 * way (the one change of time, its listeners, the waitlist's round). `detail` goes into the
 * visit's history (e.g. `{ via: 'whatsapp' }`).
 */
export async function cancelIn(tx: Tx, deps: BookingDeps, changer: Changer, now: Date, detail: Record<string, unknown> = {}): Promise<AppointmentRow | BookingFailure> {
  const row = await lockedRow(tx, deps, changer, now);
  if (isFailure(row)) return row;
  if (row.status === 'cancelled') return row;
  if (row.status !== 'booked' && row.status !== 'held') return { ok: false, reason: 'not-changeable' };
  if (tooLate(deps, changer, row, now)) return { ok: false, reason: 'too-late' };
  const [cancelled] = await tx
    .update(appointments)
    .set({ status: 'cancelled', holdExpiresAt: null, cancelledAt: now, version: sql`${appointments.version} + 1`, updatedAt: now })
    .where(eq(appointments.id, row.id))
    .returning();
  await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: actorOf(changer), action: 'cancelled', fromStatus: row.status, toStatus: 'cancelled', detail: detailOf(changer, detail) });
  await timeChanged(tx, deps, visitChange('cancelled', row, cancelled!, byOf(changer), now));
  return cancelled!;
}

/**
 * Staff record what happened: arrived, completed, no-show (and undo a slip, see
 * STAFF_TRANSITIONS). Completed and no-show only once the visit has started; arrived from the
 * visit's day. Cancelling goes through `cancel` (it frees the time and tells the patient).
 */
export async function setStatus(deps: BookingDeps, changer: Extract<Changer, { as: 'staff' }>, status: Exclude<AppointmentStatus, 'held' | 'cancelled'>): Promise<ChangeResult> {
  const now = clock(deps);
  const outcome = await deps.store.db.transaction(async (tx): Promise<AppointmentRow | BookingFailure> => {
    const row = await lockedRow(tx, deps, changer, now);
    if (isFailure(row)) return row;
    if (row.status === status) return row;
    if (!STAFF_TRANSITIONS[row.status].includes(status)) return { ok: false, reason: 'not-changeable' };
    if ((status === 'completed' || status === 'no_show') && now.getTime() < row.startsAt.getTime()) return { ok: false, reason: 'too-early' };
    if (status === 'arrived' && lagosDate(now) < lagosDate(row.startsAt)) return { ok: false, reason: 'too-early' };
    const [changed] = await tx
      .update(appointments)
      .set({ status, version: sql`${appointments.version} + 1`, updatedAt: now })
      .where(eq(appointments.id, row.id))
      .returning();
    await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: changer.uid, action: 'status', fromStatus: row.status, toStatus: status, detail: { by: changer.name } });
    // Every status but cancelled keeps the time: listeners hear it (a no-show's follow-up, and its undoing).
    await timeChanged(tx, deps, visitChange('status', row, changed!, 'staff', now));
    return changed!;
  });
  if (isFailure(outcome)) return outcome;
  deps.wake?.();
  return { ok: true, appointment: toView(outcome) };
}

/**
 * Revokes every manage link given out for a booking (a patient's lost phone, a forwarded
 * mail) by bumping its manage_version, and answers the new link to pass on.
 */
export async function revokeManageLinks(deps: BookingDeps, changer: Extract<Changer, { as: 'staff' }>): Promise<ChangeResult> {
  const now = clock(deps);
  const outcome = await deps.store.db.transaction(async (tx): Promise<AppointmentRow | BookingFailure> => {
    const row = await lockedRow(tx, deps, changer, now);
    if (isFailure(row)) return row;
    const [changed] = await tx
      .update(appointments)
      .set({ manageVersion: sql`${appointments.manageVersion} + 1`, version: sql`${appointments.version} + 1`, updatedAt: now })
      .where(eq(appointments.id, row.id))
      .returning();
    await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: changer.uid, action: 'links-revoked', detail: { by: changer.name } });
    return changed!;
  });
  if (isFailure(outcome)) return outcome;
  return { ok: true, appointment: toView(outcome), manageToken: manageTokenOf(deps.secret, outcome) };
}

/**
 * How the patient is reminded, changed from the manage link (or by staff for them): the channel
 * and the consent's time stored (Nigeria Data Protection Act 2023: consent given or withdrawn
 * at any time); what had not gone yet is cancelled, and with consent the reminders are planned
 * afresh for the visit as it is (no second confirmation). Only for a booked visit.
 */
export async function setReminders(deps: BookingDeps, changer: Changer, input: { channel: ReminderChannel; consent: boolean }): Promise<ChangeResult> {
  const now = clock(deps);
  const outcome = await deps.store.db.transaction(async (tx): Promise<AppointmentRow | BookingFailure> => {
    const row = await lockedRow(tx, deps, changer, now);
    if (isFailure(row)) return row;
    if (row.status !== 'booked') return { ok: false, reason: 'not-changeable' };
    const channel = input.consent ? input.channel : 'none';
    if (channel === 'email' && !row.patientEmail) return { ok: false, reason: 'not-changeable' };
    const [changed] = await tx
      .update(appointments)
      .set({ reminderChannel: channel, remindersConsentAt: channel === 'none' ? null : now, version: sql`${appointments.version} + 1`, updatedAt: now })
      .where(eq(appointments.id, row.id))
      .returning();
    await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: actorOf(changer), action: 'reminders', detail: detailOf(changer, { channel }) });
    // The time stays as it was; the messages listener plans the reminders afresh (or stops them).
    await timeChanged(tx, deps, visitChange('reminders', row, changed!, byOf(changer), now));
    return changed!;
  });
  if (isFailure(outcome)) return outcome;
  deps.wake?.();
  return { ok: true, appointment: toView(outcome) };
}

/**
 * The patient proves their e-mail address with the link in their confirmation (its `proof`):
 * from then on reminders by e-mail, and word of a move or a cancellation, may go there (issue 44:
 * until then, nothing beyond the confirmation). Reminders chosen by e-mail are planned now.
 * Proving it again changes nothing.
 */
export async function proveEmail(deps: BookingDeps, token: string, proof: string): Promise<ChangeResult> {
  const now = clock(deps);
  const changer: Changer = { as: 'patient', token };
  const outcome = await deps.store.db.transaction(async (tx): Promise<AppointmentRow | BookingFailure> => {
    const row = await lockedRow(tx, deps, changer, now);
    if (isFailure(row)) return row;
    if (!emailProofMatches(deps.secret, row.id, row.patientEmail, proof)) return { ok: false, reason: 'bad-token' };
    if (row.emailProvenAt) return row;
    const [changed] = await tx.update(appointments).set({ emailProvenAt: now, version: sql`${appointments.version} + 1`, updatedAt: now }).where(eq(appointments.id, row.id)).returning();
    await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: 'visitor', action: 'email-proven', detail: {} });
    if (changed!.reminderChannel === 'email' && row.status === 'booked') await timeChanged(tx, deps, visitChange('reminders', row, changed!, 'patient', now));
    return changed!;
  });
  if (isFailure(outcome)) return outcome;
  deps.wake?.();
  return { ok: true, appointment: toView(outcome) };
}
