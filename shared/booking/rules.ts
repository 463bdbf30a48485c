/**
 * The booking rules. Set by the operator (BOOKING_* in .env.example, checked at start by
 * server/app/config.ts); ADR 0029 says why they are not a row staff edit.
 */
export interface BookingRules {
  /** A visitor books at least this long ahead (staff may book sooner). */
  minNoticeMinutes: number;
  /** The last bookable day is today (Abuja) plus this many days. */
  horizonDays: number;
  /** Free times start on this grid from midnight, Abuja time (15: 09:00, 09:15, …). */
  slotStepMinutes: number;
  /** A patient cancels or moves a visit online up to this long before it; after that, by phone. */
  cancellationNoticeMinutes: number;
  /** A time held by the booking core (server/booking/book.ts `hold`) lasts this long; no page holds one yet (the deposits will). */
  holdMinutes: number;
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  minNoticeMinutes: 120,
  horizonDays: 60,
  slotStepMinutes: 15,
  cancellationNoticeMinutes: 24 * 60,
  holdMinutes: 7,
};
