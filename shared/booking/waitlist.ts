/**
 * The waitlist's words and settings (issue 46, ADR 0047), shared by its pages and the server.
 * The operator sets the numbers (WAITLIST_* in .env.example, checked at start).
 */
import { labelled } from '../platform/labelled';

export interface WaitlistSettings {
  /** How long an offer stays open once its message may go (minutes). */
  offerMinutes: number;
  /** How many entries one freed time is offered to at once, in join order. */
  offersPerTime: number;
  /** Open entries one phone may hold. */
  entriesPerPhone: number;
}

/**
 * 30 minutes: long enough to see a WhatsApp or an SMS between patients, short enough that a time
 * freed this morning is still worth offering to the next in line. 3 at a time: the first to
 * answer within those minutes usually takes it, and at most two hear "it has gone".
 */
export const DEFAULT_WAITLIST: WaitlistSettings = { offerMinutes: 30, offersPerTime: 3, entriesPerPhone: 3 };

/** Parts of the day, as a bit each; their hours on the clinic's clock (Abuja). */
export const DAY_PARTS = {
  morning: { label: 'Morning (before 12:00)', bit: 1, from: 0, to: 12 * 60 },
  afternoon: { label: 'Afternoon (12:00 to 16:00)', bit: 2, from: 12 * 60, to: 16 * 60 },
  evening: { label: 'Evening (from 16:00)', bit: 4, from: 16 * 60, to: 24 * 60 },
} as const;
export type DayPart = keyof typeof DAY_PARTS;
export const dayPart = labelled(DAY_PARTS);

/** Weekdays as a bit each (bit 0 Sunday … bit 6 Saturday), Monday first as the clinic's week reads. */
export const WEEKDAYS = [
  { value: 1, label: 'Monday', short: 'Mon' },
  { value: 2, label: 'Tuesday', short: 'Tue' },
  { value: 3, label: 'Wednesday', short: 'Wed' },
  { value: 4, label: 'Thursday', short: 'Thu' },
  { value: 5, label: 'Friday', short: 'Fri' },
  { value: 6, label: 'Saturday', short: 'Sat' },
  { value: 0, label: 'Sunday', short: 'Sun' },
] as const;

/** The part of the day a time of day (minutes since midnight) falls in. */
export const partOf = (minutes: number): DayPart => (minutes < DAY_PARTS.morning.to ? 'morning' : minutes < DAY_PARTS.afternoon.to ? 'afternoon' : 'evening');

/** The channels an offer goes on: the phone the patient proved (an e-mail address is proven only by a visit's confirmation). */
export const WAITLIST_CHANNELS = {
  whatsapp: { label: 'WhatsApp' },
  sms: { label: 'SMS (text message)' },
} as const;
export type WaitlistChannelChoice = keyof typeof WAITLIST_CHANNELS;
export const waitlistChannel = labelled(WAITLIST_CHANNELS);

export const OFFER_STATUSES = {
  pending: { label: 'Offered, waiting' },
  taken: { label: 'Taken' },
  gone: { label: 'Gone to another' },
  expired: { label: 'Expired' },
} as const;
export const offerStatus = labelled(OFFER_STATUSES);

/** Days that suit, in words: "Mon, Wed, Fri" or "Any day". */
export function daysInWords(mask: number): string {
  if ((mask & 127) === 127) return 'Any day';
  return WEEKDAYS.filter((d) => mask & (1 << d.value)).map((d) => d.short).join(', ');
}

/** Parts that suit, in words. */
export function partsInWords(mask: number): string {
  if ((mask & 7) === 7) return 'Any time of day';
  return dayPart.values.filter((p) => mask & DAY_PARTS[p].bit).map((p) => p).join(', ');
}
