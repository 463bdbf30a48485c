import type { BookingRules } from '../../shared/booking/rules';
import type { AppointmentView } from '../../shared/booking/results';
import type { MessageView } from '../../shared/messages/types';
import type { Tx } from '../platform/db/db';
import type { Store } from '../platform/db/store';
import type { AppointmentRow } from './schema';
import type { VisitForms } from './visit-forms';

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
  /** Tells the outbox worker to send now, after a change queued mail. */
  wake?: () => void;
  /**
   * The patient messages that follow a visit's changes (confirmation, reminders, notices),
   * written in the change's own transaction: the messages domain's, set by the composition
   * (server/app/domain-links.ts); none in a bare core (benchmarks, some tests).
   */
  messages?: VisitMessages;
  /**
   * The new-patient forms (the intake domain's, set by the composition): a first visit's
   * confirmation mail links to its form. None in a bare core.
   */
  forms?: Pick<VisitForms, 'pathFor'>;
}

/** What happened to a visit, for its messages; 'reminders': the patient changed how they are reminded. */
export type VisitChange = 'booked' | 'moved' | 'cancelled' | 'no_show' | 'reminders';

/** The messages domain as the booking core calls it. */
export interface VisitMessages {
  /** Plans (or moves, or cancels) the messages a change calls for, inside its transaction. */
  changed(tx: Tx, row: AppointmentRow, change: VisitChange, now: Date): Promise<void>;
  /** Cancels what has not gone yet (consent withdrawn, reminders changed). */
  cancelUnsent(tx: Tx, appointmentId: number, why: string, now: Date): Promise<void>;
  /** A no-show taken back: its follow-up is cancelled unless sent. */
  noShowUndone(tx: Tx, appointmentId: number, now: Date): Promise<void>;
  /** Tells the worker to look for due messages now (a confirmation is due at once). */
  wake(): void;
  /** The messages of one visit, for its staff page. */
  of(appointmentId: number): Promise<MessageView[]>;
}

/** Who books: a visitor on the website (signed in or not), or a member of staff. */
export type BookingActor = { kind: 'visitor'; uid: string | null } | { kind: 'staff'; uid: string; name: string };

/**
 * Who changes an existing booking, and by what right: the patient by their manage link (no
 * account needed), staff by their session (checked by the route) naming the version they saw.
 */
export type Changer = { as: 'patient'; token: string } | { as: 'staff'; appointmentId: number; version: number; uid: string; name: string };

/** The history's actor: 'visitor' or the staff member's uid. */
export const actorOf = (actor: BookingActor | Changer): string => ('kind' in actor ? (actor.kind === 'visitor' ? 'visitor' : actor.uid) : actor.as === 'patient' ? 'visitor' : actor.uid);

export const isStaff = (actor: BookingActor | Changer): boolean => ('kind' in actor ? actor.kind === 'staff' : actor.as === 'staff');

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
    version: row.version,
  };
}
