import { WAT_OFFSET_MS, weekdayOf } from '../platform/clinic-time';
import { parseDay } from '../platform/parse';

/**
 * The clinic's clock for bookings. Abuja is UTC+1 all year (West Africa Time, no daylight
 * saving), so a wall-clock time is a fixed offset from UTC and plain arithmetic is exact:
 * no zone database, and server and browser print the same text (no Intl, whose output differs
 * between ICU versions). Dates are `YYYY-MM-DD` and times of day `HH:MM`, on Abuja's clock.
 */
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

export { weekdayOf };

const ms = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());
const wall = (at: Date | number) => new Date(ms(at) + WAT_OFFSET_MS);

/** The Abuja date of a moment. */
export function lagosDate(at: Date | number): string {
  return wall(at).toISOString().slice(0, 10);
}

/** The Abuja time of day of a moment, `HH:MM`. */
export function lagosTime(at: Date | number): string {
  return wall(at).toISOString().slice(11, 16);
}

/** The moment (ms since the epoch) a date starts in Abuja: 00:00 WAT is 23:00 UTC the day before. */
export function lagosMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - WAT_OFFSET_MS;
}

/** The moment of a wall-clock time on a date in Abuja. */
export function lagosMoment(date: string, time: string | number): number {
  return lagosMidnight(date) + (typeof time === 'number' ? time : minutesOf(time)) * MINUTE_MS;
}

/** `HH:MM` → minutes since midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes since midnight → `HH:MM` (1440 → `24:00`, the end of a day). */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A date plus (or minus) whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** A well-formed, real calendar date (2026-02-30 is not): shared/platform/parse.ts `parseDay`. */
export function isDate(v: string): boolean {
  return parseDay(v) !== null;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** "Tuesday 1 December" (a date, as people say it). */
export function formatDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "10:30 am" (a time of day, twelve-hour as it is said in Abuja). */
export function formatClock(time: string): string {
  const minutes = minutesOf(time);
  const h = Math.floor(minutes / 60);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(minutes % 60).padStart(2, '0')} ${h < 12 || h === 24 ? 'am' : 'pm'}`;
}

/** "Tuesday 1 December at 10:30 am", Abuja time: a visit's time in words. */
export function formatWhen(at: Date | number): string {
  return `${formatDay(lagosDate(at))} at ${formatClock(lagosTime(at))}`;
}

/** "Tuesday 1 December 2026, 10:30 am to 11:30 am": a visit with its end (confirmation pages, mails). */
export function formatVisit(start: Date | number, end: Date | number): string {
  const date = lagosDate(start);
  return `${formatDay(date)} ${date.slice(0, 4)}, ${formatClock(lagosTime(start))} to ${formatClock(lagosTime(end))}`;
}
