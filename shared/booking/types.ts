/**
 * The booking domain's words, once: statuses (with the ones that take time from a
 * practitioner's day, as the database's exclusion constraint lists them), visit kinds and
 * reminder channels. The SQL CHECKs are tested against these tables
 * (tests/integration/booking-schema.test.ts).
 */
import { labelled } from '../platform/labelled';

export const APPOINTMENT_STATUSES = {
  held: { label: 'Held', active: true },
  booked: { label: 'Booked', active: true },
  arrived: { label: 'Arrived', active: true },
  completed: { label: 'Completed', active: true },
  no_show: { label: 'No-show', active: true },
  cancelled: { label: 'Cancelled', active: false },
} as const;

export type AppointmentStatus = keyof typeof APPOINTMENT_STATUSES;
export const appointmentStatus = labelled(APPOINTMENT_STATUSES);
export const STATUSES = appointmentStatus.values;
/** The statuses whose time no one else may book (the constraint's WHERE). */
export const ACTIVE_STATUSES = STATUSES.filter((s) => APPOINTMENT_STATUSES[s].active);

/**
 * What staff may change a status to (`setStatus`). Undo is allowed where a slip of the finger
 * is likely (arrived to no-show and back, completed → arrived); a cancelled visit stays cancelled (book
 * again instead: its time may be taken by now). Holds are confirmed or lapse, never set by hand.
 */
export const STAFF_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  held: [],
  booked: ['arrived', 'completed', 'no_show', 'cancelled'],
  arrived: ['completed', 'no_show', 'booked'],
  completed: ['arrived'],
  no_show: ['arrived', 'booked'],
  cancelled: [],
};

export const VISIT_KINDS = {
  first: { label: 'First visit' },
  follow_up: { label: 'Follow-up visit' },
} as const;
export type VisitKind = keyof typeof VISIT_KINDS;
export const visitKind = labelled(VISIT_KINDS);
export const KINDS = visitKind.values;

export const REMINDER_CHANNELS = {
  whatsapp: { label: 'WhatsApp' },
  sms: { label: 'Text message (SMS)' },
  email: { label: 'E-mail' },
  none: { label: 'No reminders' },
} as const;
export type ReminderChannel = keyof typeof REMINDER_CHANNELS;
export const reminderChannel = labelled(REMINDER_CHANNELS);
export const CHANNELS = reminderChannel.values;

/** A free time as the pages show it: one start, at one location, and who is free then. */
export interface FreeSlot {
  /** The start, ISO 8601 in UTC (what a form posts back). */
  startsAt: string;
  /** The start on Abuja's clock, `HH:MM` (the radio's label). */
  time: string;
  /** The Abuja date, `YYYY-MM-DD`. */
  date: string;
  locationId: string;
  /** Who is booked when this slot is chosen: the asked-for practitioner, or for "any available" the one picked. */
  practitionerId: string;
  /** Everyone free at this start (one when a practitioner was asked for). */
  practitionerIds: readonly string[];
}

/** One day of free times (an empty list: nothing free that day). */
export interface FreeDay {
  date: string;
  slots: readonly FreeSlot[];
}
