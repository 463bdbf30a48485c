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
  /** The patients' quiet hours (Abuja time, HH:MM), when no offer goes: the messages' (MESSAGES_QUIET_HOURS), as the pages say them. */
  quietHours: { from: string; to: string };
}

/**
 * 30 minutes: long enough to see a WhatsApp or an SMS between patients, short enough that a time
 * freed this morning is still worth offering to the next in line. 3 at a time: the first to
 * answer within those minutes usually takes it, and at most two hear "it has gone".
 */
export const DEFAULT_WAITLIST: WaitlistSettings = { offerMinutes: 30, offersPerTime: 3, entriesPerPhone: 3, quietHours: { from: '21:00', to: '07:00' } };

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

// --- The pages' data ------------------------------------------------------------------------------

export const waitlistJoinPath = '/waitlist/join';
export const waitlistEntryPath = (token: string) => `/waitlist/entry/${token}`;
export const waitlistOfferPath = (token: string) => `/waitlist/offer/${token}`;

/** `/waitlist/join`: the form's values as typed (checkbox groups as comma-joined lists), and what it would hold. */
export interface WaitlistJoinData {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The visit the patient holds, when they came from its manage link ("an earlier time"). */
  holding: { when: string; practitionerId: string; serviceId: string } | null;
  settings: WaitlistSettings;
  /** The last day an entry may run to (the booking horizon), and today (Abuja). */
  lastDate: string;
  today: string;
}

export type WaitlistJoinAnswer =
  | { status: 'invalid' | 'capped' | 'unavailable' | 'no-code'; message: string; errors: Record<string, string>; values: Record<string, string> }
  | { status: 'code'; message: string; errors: Record<string, string>; values: Record<string, string>; code: { token: string; channel: 'whatsapp' | 'sms'; phone: string; expiresAt: string; attemptsLeft?: number } };

/** What an entry's or an offer's page shows of the entry. */
export interface EntrySummary {
  serviceId: string;
  visitKind: 'first' | 'follow_up';
  practitionerId: string | null;
  days: number;
  parts: number;
  untilDate: string;
  channel: 'whatsapp' | 'sms' | 'email';
  createdAt: string;
  endedAt: string | null;
  endedReason: 'taken' | 'left' | 'staff' | 'lapsed' | null;
}

export interface OfferSummary {
  id: number;
  startsAt: string;
  practitionerId: string;
  status: keyof typeof OFFER_STATUSES;
  /** Open now (pending and not expired). */
  open: boolean;
  expiresAt: string;
  createdAt: string;
  offeredBy: string;
  /** Its own link, while open (the patient's page), or the visit's reference once taken (staff). */
  link: string | null;
  reference: string | null;
}

export type WaitlistEntryData = { ok: true; entry: EntrySummary; offers: OfferSummary[]; position: number | null; token: string; notice: 'joined' | null; quietHours: WaitlistSettings['quietHours'] } | { ok: false; message: string };
export type WaitlistEntryAnswer = { status: 'left' | 'already' } | { status: 'refused'; message: string };

export type WaitlistOfferData =
  | { ok: true; offer: OfferSummary; entry: EntrySummary; entryLink: string; manageLink: string | null; state: 'open' | 'taken' | 'gone' | 'expired' }
  | { ok: false; message: string };
export type WaitlistOfferAnswer = { status: 'refused'; message: string; state: 'expired' | 'gone' | 'ended' | 'capped' | 'too-soon' };

/** The staff's list for one practitioner. */
export interface StaffWaitlistData {
  staffName: string;
  newCount: number;
  practitionerId: string;
  entries: { id: number; name: string; phone: string; entry: EntrySummary; offers: OfferSummary[] }[];
  settings: WaitlistSettings;
  today: string;
}

export type StaffWaitlistAnswer = { status: 'offered'; entryId: number; message: string } | { status: 'refused'; entryId: number | null; message: string; values: Record<string, string> };
