/**
 * Dates, times and ids as they arrive (a query string, a form, a path): each parsed here, once,
 * before anything uses it, into a value that is certainly usable, or null (issue 44). A caller
 * answers null with 400 or 422 and a message at its field; nothing half-checked reaches a
 * `Date` method that throws (`toISOString` of an invalid date), a query that fails
 * (`'abc'::bigint`, 22P02) or an SQL date out of range.
 */

/** The years a date may name: any the clinic could book, list or plan, and none whose arithmetic leaves four digits. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2199;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not), or null. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DAY.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return null;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate() ? value : null;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day `HH:MM` from 00:00 to 23:59 (and `24:00`, a day's end, when `endOfDay`), or null. */
export function parseClock(value: unknown, options: { endOfDay?: boolean } = {}): string | null {
  if (typeof value !== 'string') return null;
  if (CLOCK.test(value)) return value;
  return options.endOfDay && value === '24:00' ? value : null;
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * A moment as the pages post one back (ISO 8601: a day, a time with optional seconds, and `Z` or
 * an offset: `2026-12-01T08:00:00.000Z`), or null; `2026-13-01T09:00:00Z` and `x` are null.
 */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = INSTANT.exec(value);
  if (!m || !parseDay(m[1]) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null;
  if (m[6] !== undefined && (Number(m[6]) > 14 || Number(m[7]) > 59)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at);
}

/** A row's id as forms and paths carry it: a positive whole number in decimal digits, within what a bigint column and JavaScript both hold; or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}
