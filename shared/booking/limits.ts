/**
 * What one patient may take of the clinic's time online (issue 44, ADR 0042). Set by the
 * operator (BOOKING_MAX_* and BOOKING_CODES_* in .env.example, checked at start by
 * server/app/config.ts); staff bookings are under none of them.
 */
export interface BookingLimits {
  /** Future visits one phone may hold, booked online. A course of care counts as one (issue 46). */
  futureVisitsPerPhone: number;
  /** Visits one phone may have booked online on one day. */
  visitsPerDayPerPhone: number;
  /** Bookings tried from one client address an hour (an IPv4 address, or one IPv6 address). */
  bookingsPerAddressPerHour: number;
  /** Bookings tried from one IPv6 /64 an hour (a subscriber can use any address in it). */
  bookingsPerNetworkPerHour: number;
  /** Moves of one visit by the patient in 24 hours. */
  movesPerVisitPerDay: number;
  /** Days a proven phone is remembered on the browser that proved it (and for a signed-in patient). */
  phoneProofDays: number;
  /** Codes one phone is sent an hour. */
  codesPerPhonePerHour: number;
  /** Codes the clinic sends an hour in all: past it, the code step pauses (a flood of codes to random numbers). */
  codesPerHour: number;
}

export const DEFAULT_BOOKING_LIMITS: BookingLimits = {
  futureVisitsPerPhone: 2,
  visitsPerDayPerPhone: 1,
  bookingsPerAddressPerHour: 10,
  bookingsPerNetworkPerHour: 20,
  movesPerVisitPerDay: 3,
  phoneProofDays: 90,
  codesPerPhonePerHour: 3,
  codesPerHour: 100,
};

/** A one-time code: six digits, valid ten minutes, three tries. */
export const CODE_DIGITS = 6;
export const CODE_MINUTES = 10;
export const CODE_ATTEMPTS = 3;

/** The limits a refusal is recorded under, and what staff read for each (/staff/booking-limits). */
export const CAPS = {
  'future-visits': 'Future visits per phone',
  'visits-a-day': 'Visits a day per phone',
  'per-address': 'Bookings per address',
  'per-network': 'Bookings per IPv6 network (/64)',
  'moves-a-day': 'Moves of one visit a day',
  'codes-per-phone': 'Codes per phone',
  'codes-clinic': 'Codes for the whole clinic',
  'code-attempts': 'Wrong codes',
} as const;

export type Cap = keyof typeof CAPS;
