/** The clinic's clock: Abuja is UTC+1 all year (West Africa Time, no daylight saving). */
const WAT_OFFSET_MS = 60 * 60 * 1000;

/** Today's date and the time in Abuja, as `YYYY-MM-DD` and `HH:MM`. */
export function abujaNow(now: Date = new Date()): { date: string; time: string } {
  const iso = new Date(now.getTime() + WAT_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Opening hours for appointments: Sunday to Friday, first visit 08:00, last 21:30 (the clinic closes at 22:00). */
export const APPOINTMENT_HOURS = { first: '08:00', last: '21:30', closedWeekday: 6 /* Saturday */ } as const;

/** Day of the week (0 Sunday … 6 Saturday) of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The visit's moment as an ISO string with the clinic's offset, for storing. */
export function abujaDateTime(date: string, time: string): string {
  return `${date}T${time}:00+01:00`;
}
