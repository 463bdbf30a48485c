import { ACTIVE_STATUSES, type AppointmentStatus } from '../../shared/booking/types';
import type { Tx } from '../platform/db/db';
import { queueCourseMails, queueVisitMails, type BookingChange, type MailDeps } from './mails';
import type { AppointmentRow } from './schema';

/**
 * The one place that says a practitioner's time changed (ADR 0040). Every change the booking
 * domain makes to who is free when calls `timeChanged` once, inside the transaction that made
 * it, and every listener runs there too: what a listener writes (a visit's mails, its messages)
 * commits or rolls back with the change, on whichever instance made it. (The practitioners'
 * calendar feeds need no listener: each fetch reads the visits as they are.)
 *
 * The paths: a booking and a hold confirmed ('booked'), a hold taken ('held'), given back
 * ('hold-released') or lapsed ('hold-lapsed': deleted by the booking that needed its time, or
 * by the sweep), a move, a cancellation (patient's or staff's), a status set by staff, the
 * patient's reminders, a working week, an exception or a closure added or removed, and a
 * person's visits erased.
 */
export type TimeCause =
  | 'booked'
  | 'held'
  | 'hold-released'
  | 'hold-lapsed'
  | 'moved'
  | 'cancelled'
  | 'status'
  | 'reminders'
  | 'plan'
  | 'exception-added'
  | 'exception-removed'
  | 'closure-added'
  | 'closure-removed'
  | 'erased';

/** A stretch of a practitioner's time (null: every practitioner, or every location), up to `to` (null: open-ended). */
export interface TimeSpan {
  practitionerId: string | null;
  locationId: string | null;
  from: Date;
  to: Date | null;
}

/** A visit as it was before the change. */
export type VisitBefore = Pick<AppointmentRow, 'status' | 'practitionerId' | 'locationId' | 'startsAt' | 'blocked'>;

/** One change of time, as its listeners receive it. */
export interface TimeChange {
  cause: TimeCause;
  /** Time that may be free now and was not: a visit's time given back, hours gained. */
  freed: readonly TimeSpan[];
  /** Time that was free and may not be now: a visit's time taken, hours lost. */
  taken: readonly TimeSpan[];
  /** The visit the change is about, as it is now (null: plans, exceptions, closures, lapsed holds, erasure). */
  visit: AppointmentRow | null;
  /** That visit before the change (null: it is new). */
  before: VisitBefore | null;
  /** Who made it: the patient (by the website or a manage link), staff, or the system (a sweep). */
  by: 'patient' | 'staff' | 'system';
  at: Date;
  /**
   * Set when the change is one visit of a course booked, or its remaining visits cancelled, at
   * once (course.ts): the patient hears it once, for the course, with the first (`first`).
   * Unset for a course's visit moved or cancelled alone.
   */
  course?: { first: boolean } | undefined;
}

/**
 * Hears every change of time, inside its transaction. To add one: a file exporting a
 * `TimeListener`, and one entry in the composition's list (server/app/domains.ts). Work that
 * must not hold up the change (offers to many patients) is written here as rows of the
 * listener's own queue, and sent by its worker after the commit, as the messages domain does.
 */
export interface TimeListener {
  /** Named in errors and tests. */
  readonly name: string;
  onTimeChange(tx: Tx, change: TimeChange): Promise<void>;
}

const isActive = (status: AppointmentStatus) => ACTIVE_STATUSES.includes(status);

/** The time a visit keeps from its practitioner's day: the visit and its buffer. */
export const spanOf = (visit: Pick<AppointmentRow, 'practitionerId' | 'locationId' | 'blocked'>): TimeSpan => ({ practitionerId: visit.practitionerId, locationId: visit.locationId, from: visit.blocked.from, to: visit.blocked.to });

const sameSpan = (a: VisitBefore, b: AppointmentRow) => a.practitionerId === b.practitionerId && a.blocked.from.getTime() === b.blocked.from.getTime() && a.blocked.to.getTime() === b.blocked.to.getTime();

/** A change of one visit: what it freed and took follows from its status and time before and after. */
export function visitChange(cause: TimeCause, before: VisitBefore | null, visit: AppointmentRow | null, by: TimeChange['by'], at: Date): TimeChange {
  const held = before !== null && isActive(before.status);
  const holds = visit !== null && isActive(visit.status);
  const kept = held && holds && sameSpan(before, visit);
  return { cause, freed: held && !kept ? [spanOf(before)] : [], taken: holds && !kept ? [spanOf(visit)] : [], visit, before, by, at };
}

/** A change of several visits at once (lapsed holds, a person's visits erased): their times freed. */
export function visitsGone(cause: 'hold-lapsed' | 'erased', gone: readonly Pick<AppointmentRow, 'status' | 'practitionerId' | 'locationId' | 'blocked'>[], by: TimeChange['by'], at: Date): TimeChange {
  return { cause, freed: gone.filter((v) => isActive(v.status)).map(spanOf), taken: [], visit: null, before: null, by, at };
}

/** A change of working hours (a week, an exception, a closure). */
export function hoursChange(cause: TimeCause, spans: { freed?: readonly TimeSpan[]; taken?: readonly TimeSpan[] }, at: Date): TimeChange {
  return { cause, freed: spans.freed ?? [], taken: spans.taken ?? [], visit: null, before: null, by: 'staff', at };
}

/** The mail a change calls for: a booking (or a hold confirmed), a move, a booked visit cancelled; none for the rest. */
function mailChange(change: TimeChange): BookingChange | null {
  const { visit, before } = change;
  if (!visit) return null;
  if (change.cause === 'booked' && visit.status === 'booked') return 'booked';
  if (change.cause === 'moved') return 'moved';
  if (change.cause === 'cancelled' && before?.status === 'booked') return 'cancelled';
  return null;
}

/** The booking's own listener: the patient's mail with its calendar file, and the clinic's notice of a patient's change (mails.ts). */
const visitMails = (deps: MailDeps): TimeListener => ({
  name: 'booking mails',
  async onTimeChange(tx, change) {
    const kind = mailChange(change);
    if (!kind) return;
    // A course booked or cancelled at once: one mail listing every date, with the first visit.
    if (change.course && change.visit!.courseId !== null) {
      if (change.course.first && kind !== 'moved') await queueCourseMails(tx, deps, kind, change.visit!.courseId, change.by === 'patient', change.at);
      return;
    }
    await queueVisitMails(tx, deps, kind, change.visit!, change.by === 'patient', change.at);
  },
});

/** What saying a change needs: the booking's mails' (BookingDeps has it all) and the composition's listeners. */
export interface TimeChangeDeps extends MailDeps {
  listeners?: readonly TimeListener[] | undefined;
}

/** Says the change to every listener, in the change's transaction: the booking's own first (its mails), then the composition's. */
export async function timeChanged(tx: Tx, deps: TimeChangeDeps, change: TimeChange): Promise<void> {
  for (const listener of [visitMails(deps), ...(deps.listeners ?? [])]) await listener.onTimeChange(tx, change);
}
