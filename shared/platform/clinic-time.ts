/**
 * The clinic's clock: Abuja is UTC+1 all year (West Africa Time; Nigeria has no daylight saving
 * time), so a wall-clock time is this fixed offset from UTC. The one definition: the booking's
 * times, the messages' quiet hours, the calendar files and the staff pages all count from it.
 */
export const WAT_OFFSET_MS = 60 * 60 * 1000;

/** Today's date and the time in Abuja, as `YYYY-MM-DD` and `HH:MM`. */
export function abujaNow(now: Date = new Date()): { date: string; time: string } {
  const iso = new Date(now.getTime() + WAT_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Day of the week (0 Sunday … 6 Saturday) of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The moment of a wall-clock date and time in Abuja, as an ISO string (UTC), for storing. */
export function abujaDateTime(date: string, time: string): string {
  return new Date(Date.parse(`${date}T${time}:00Z`) - WAT_OFFSET_MS).toISOString();
}
