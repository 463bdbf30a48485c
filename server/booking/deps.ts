import type { BookingRules } from '../../shared/booking/rules';
import type { AppointmentView } from '../../shared/booking/results';
import type { Store } from '../platform/db/store';
import type { AppointmentRow } from './schema';
import type { TimeListener } from './time-changes';
import type { BookingLimits } from '../../shared/booking/limits';
import type { PhoneCodeSender } from './phone-proof';
import type { VisitForms } from './visit-forms';
import type { WaitlistDeps } from './waitlist';
import type { ReminderPlan } from '../../shared/booking/reminder-plan';

/** What every booking function needs: the store, the rules, the signing key and where mail goes. */
export interface BookingDeps {
  store: Store;
  rules: BookingRules;
  /** Signs manage links and hold tokens (server/booking/secret.ts). */
  secret: string;
  /** PUBLIC_ORIGIN: links in mails, the calendar entries' UID host. */
  publicOrigin: string;
  /** Where the clinic's notices go (CLINIC_INBOX_EMAIL); null: none (tests, benchmarks). */
  clinicInbox: string | null;
  /** The clock (tests fix it). */
  now?: () => Date;
  /** Tells the workers that something is due now (after a change queued mail or messages). */
  wake?: () => void;
  /**
   * Other domains' listeners to every change of time (time-changes.ts), run in the change's
   * transaction after the booking's own: the patient messages, set by the composition
   * (server/app/domains.ts); none in a bare core (benchmarks, some tests).
   */
  listeners?: readonly TimeListener[];
  /** What one patient may take online (shared/booking/limits.ts); by default DEFAULT_BOOKING_LIMITS. */
  limits?: BookingLimits;
  /** Sends one-time codes to a phone (the messages domain's channels, set by the composition); none: no code can be sent. */
  codes?: PhoneCodeSender;
  /**
   * The new-patient forms (the intake domain's, set by the composition): a first visit's
   * confirmation mail links to its form (mails.ts). None in a bare core.
   */
  forms?: Pick<VisitForms, 'pathFor'> | undefined;
  /** The waitlist's settings and the messages domain's queue for its offers (server/booking/waitlist.ts; set by the composition). */
  waitlist?: WaitlistDeps | undefined;
  /** When the patient messages remind and keep quiet (the messages domain's schedule, set by the composition); by default DEFAULT_REMINDER_PLAN. */
  reminderPlan?: ReminderPlan | undefined;
}

/** Who books: a visitor on the website (signed in or not), or a member of staff. */
export type BookingActor =
  /** `provenPhone`: the phone the visitor proved (a code, a remembered proof): a visitor books only with it. */
  | { kind: 'visitor'; uid: string | null; provenPhone?: string | null }
  | { kind: 'staff'; uid: string; name: string };

/**
 * Who changes an existing booking, and by what right: the patient by their manage link (no
 * account needed), staff by their session (checked by the route) naming the version they saw.
 */
export type Changer = { as: 'patient'; token: string } | { as: 'staff'; appointmentId: number; version: number; uid: string; name: string };

/** The history's actor: 'visitor' or the staff member's uid. */
export const actorOf = (actor: BookingActor | Changer): string => ('kind' in actor ? (actor.kind === 'visitor' ? 'visitor' : actor.uid) : actor.as === 'patient' ? 'visitor' : actor.uid);

export const isStaff = (actor: BookingActor | Changer): boolean => ('kind' in actor ? actor.kind === 'staff' : actor.as === 'staff');

/** Who made a change, as its listeners hear it (time-changes.ts). */
export const byOf = (actor: BookingActor | Changer): 'patient' | 'staff' => (isStaff(actor) ? 'staff' : 'patient');

export const clock = (deps: BookingDeps) => deps.now?.() ?? new Date();

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row as pages receive it. */
export function toView(row: AppointmentRow): AppointmentView {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    practitionerId: row.practitionerId,
    serviceId: row.serviceId,
    locationId: row.locationId,
    visitKind: row.visitKind,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    blockedUntil: row.blocked.to.toISOString(),
    holdExpiresAt: iso(row.holdExpiresAt),
    patientName: row.patientName,
    patientPhone: row.patientPhone,
    patientEmail: row.patientEmail,
    patientUid: row.patientUid,
    reminderChannel: row.reminderChannel,
    remindersConsentAt: iso(row.remindersConsentAt),
    requestId: row.requestId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: iso(row.cancelledAt),
    confirmedAt: iso(row.confirmedAt),
    version: row.version,
    phoneProven: row.phoneProvenAt !== null,
    emailProven: row.emailProvenAt !== null,
    courseId: row.courseId,
    courseSeq: row.courseSeq,
    courseSize: row.courseSize,
  };
}
