import { WAT_OFFSET_MS } from '../../platform/clinic-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A stored moment as the clinic reads it, in Abuja time (UTC+1 all year): `1 Dec 2026, 10:30`.
 * Done by hand rather than with Intl, so server and browser always print the same text.
 */
export function formatAbuja(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t + WAT_OFFSET_MS);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm}`;
}

/** The date and time fields of a stored moment, in Abuja: { date: '2026-12-01', time: '10:30' }. */
export function abujaParts(iso: string | null | undefined): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const s = new Date(Date.parse(iso) + WAT_OFFSET_MS).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
}
