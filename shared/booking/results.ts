import type { AppointmentStatus, FreeSlot, ReminderChannel, VisitKind } from './types';

/**
 * What the booking functions answer (server/booking/*.ts): expected failures are values with a
 * reason, never exceptions, and each reason has the words a page shows and the status it answers.
 */
export type BookingFailureReason =
  /** Someone else has the time (the check saw it, or the exclusion constraint refused: 23P01). */
  | 'conflict'
  /** The time is not a bookable start (outside the practitioner's hours, off the grid, closed). */
  | 'not-free'
  /** In the past. */
  | 'past'
  /** Sooner than the minimum notice. */
  | 'too-soon'
  /** Beyond the horizon. */
  | 'too-far'
  /** Inside the cancellation notice: the patient calls the clinic instead. */
  | 'too-late'
  | 'unknown-service'
  | 'unknown-practitioner'
  | 'service-not-given'
  /** No such appointment (or hold, or request). */
  | 'not-found'
  /** A manage or hold link that was altered, has expired or was revoked. */
  | 'bad-token'
  /** The status does not allow it (a completed visit is not moved; arrived is not set on a cancelled one). */
  | 'not-changeable'
  /** Too early for it (a no-show before the visit's start). */
  | 'too-early'
  /** Someone else changed the appointment since the staff member loaded it. */
  | 'stale'
  /** A visitor's booking whose phone was not proven (a code, or a proof remembered). */
  | 'unproven-phone'
  /** The phone already holds as many future visits booked online as one may (BOOKING_MAX_FUTURE_VISITS_PER_PHONE). */
  | 'too-many-visits'
  /** The phone already has a visit booked online on that day (BOOKING_MAX_VISITS_PER_DAY_PER_PHONE). */
  | 'one-a-day'
  /** The patient has moved this visit as often as a day allows (BOOKING_MAX_MOVES_PER_VISIT_PER_DAY). */
  | 'too-many-moves';

export interface BookingFailure {
  ok: false;
  reason: BookingFailureReason;
  /** For conflict and not-free: the nearest free times to offer instead (at most three). */
  alternatives?: readonly FreeSlot[];
}

/** An appointment as pages and the staff calendar receive it (JSON-safe: moments as ISO strings). */
export interface AppointmentView {
  id: number;
  reference: string;
  status: AppointmentStatus;
  practitionerId: string;
  serviceId: string;
  locationId: string;
  visitKind: VisitKind;
  startsAt: string;
  endsAt: string;
  /** The end of the time taken from the practitioner's day (the visit and the buffer). */
  blockedUntil: string;
  holdExpiresAt: string | null;
  patientName: string | null;
  patientPhone: string | null;
  patientEmail: string | null;
  patientUid: string | null;
  reminderChannel: ReminderChannel;
  remindersConsentAt: string | null;
  requestId: number | null;
  createdBy: string;
  createdAt: string;
  cancelledAt: string | null;
  /** When the patient confirmed the visit by replying to a reminder (issue 46); null until then. */
  confirmedAt: string | null;
  /** Name it when changing it as staff (a stale version is refused). */
  version: number;
  /** Whether the patient proved the phone and the address (messages go only to what was proven). */
  phoneProven: boolean;
  emailProven: boolean;
  /** A visit of a course (issue 46): the course's id, this visit's place and the course's size; null otherwise. */
  courseId: number | null;
  courseSeq: number | null;
  courseSize: number | null;
}

export type BookingSuccess = {
  ok: true;
  appointment: AppointmentView;
  /** The patient's manage link's token (`managePath`). */
  manageToken: string;
  /** true: this idempotency key booked before; `appointment` is that first booking. */
  duplicate: boolean;
};

export type BookResult = BookingSuccess | BookingFailure;

export type HoldResult = { ok: true; appointment: AppointmentView; holdToken: string; expiresAt: string } | BookingFailure;

export type ChangeResult = { ok: true; appointment: AppointmentView; manageToken?: string } | BookingFailure;

/** The status a page answers with for each failure, and what it says. */
export const FAILURES: Record<BookingFailureReason, { status: number; message: string }> = {
  conflict: { status: 409, message: 'Sorry, someone has just booked that time. Here are the nearest free times.' },
  'not-free': { status: 409, message: 'That time is not free. Please choose one of the free times.' },
  past: { status: 422, message: 'That time has passed. Please choose a later time.' },
  'too-soon': { status: 422, message: 'That time is too soon to book online. Please choose a later time, or call us.' },
  'too-far': { status: 422, message: 'That day is too far ahead to book yet. Please choose an earlier day.' },
  'too-late': { status: 409, message: 'It is too late to change this visit online. Please call the clinic.' },
  'unknown-service': { status: 422, message: 'Please choose a service from the list.' },
  'unknown-practitioner': { status: 422, message: 'Please choose a practitioner from the list.' },
  'service-not-given': { status: 422, message: 'That practitioner does not give this service. Please choose another, or “Any available”.' },
  'not-found': { status: 404, message: 'We could not find this booking.' },
  'bad-token': { status: 403, message: 'This link is not valid any more. Please use the link in your latest confirmation, or call the clinic.' },
  'not-changeable': { status: 409, message: 'This visit cannot be changed any more.' },
  'too-early': { status: 409, message: 'That can only be recorded once the visit has started.' },
  stale: { status: 409, message: 'Someone else changed this booking a moment ago. Please look at it again.' },
  'unproven-phone': { status: 403, message: 'Please confirm your phone number with the code we send to it.' },
  'too-many-visits': { status: 409, message: 'You already have the most visits we book online for one phone number. To book another, please call the clinic.' },
  'one-a-day': { status: 409, message: 'You already have a visit booked on that day. Please choose another day, or call the clinic.' },
  'too-many-moves': { status: 429, message: 'This visit has been moved as often as we allow online in a day. To move it again, please call the clinic.' },
};

/** The failures whose message says to call: with the clinic's number, as its details say now. */
const CALL_US: Partial<Record<BookingFailureReason, (phone: string) => string>> = {
  'too-late': (phone) => `It is too late to change this visit online. Please call the clinic on ${phone}.`,
  'too-many-visits': (phone) => `You already have the most visits we book online for one phone number. To book another, please call us on ${phone}.`,
  'one-a-day': (phone) => `You already have a visit booked on that day. Please choose another day, or call us on ${phone}.`,
  'too-many-moves': (phone) => `This visit has been moved as often as we allow online in a day. To move it again, please call us on ${phone}.`,
};

/**
 * What a patient is told for a failure, with the clinic's number where the message says to call
 * (the details edited at /staff/content, never the seed's: `clinicPhoneNow` on the server).
 */
export function failureMessage(reason: BookingFailureReason, clinicPhone: string): string {
  return CALL_US[reason]?.(clinicPhone) ?? FAILURES[reason].message;
}

/** The booking pages' answer when the store does not answer, with the clinic's number as edited. */
export const unavailableMessage = (clinicPhone: string) => `Our booking system is not answering just now. Please try again in a few minutes, or call us on ${clinicPhone}.`;

/** Where a patient manages a booking, and where staff open one (links in mails and feeds). */
export const managePath = (token: string) => `/booking/manage/${token}`;
/** The manage link's short address for messages (an SMS has 160 characters): it redirects to `managePath`. */
export const shortManagePath = (token: string) => `/m/${token}`;
export const staffBookingPath = (reference: string) => `/staff/bookings/${reference}`;
export const calendarFeedPath = (token: string) => `/staff/calendar/${token}.ics`;
