/**
 * Reading one cookie from a Cookie header that may be anything a client chose to send:
 * broken percent-encoding, huge values, the same name twice, control characters.
 * Nothing here throws; a value that is not plausibly ours is reported as 'bad' so the
 * caller can treat the visitor as signed out and expire the cookie.
 */
export type CookieRead = { kind: 'absent' } | { kind: 'bad'; reason: string } | { kind: 'ok'; value: string };

/** A Firebase session cookie is a JWT (about 1 kB); browsers cap a cookie at 4 kB. */
export const MAX_COOKIE_VALUE = 4096;
const JWT_CHARS = /^[A-Za-z0-9_.-]+$/;

export function readCookie(header: string | undefined, name: string): CookieRead {
  if (!header) return { kind: 'absent' };
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  if (values.length === 0) return { kind: 'absent' };
  // Two cookies of one name (e.g. set for different paths): we cannot tell which one is meant.
  if (values.length > 1) return { kind: 'bad', reason: 'duplicated' };
  let value = values[0]!;
  if (value.length > MAX_COOKIE_VALUE) return { kind: 'bad', reason: 'oversized' };
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return { kind: 'bad', reason: 'malformed encoding' };
    }
  }
  if (!value || !JWT_CHARS.test(value)) return { kind: 'bad', reason: 'not a session token' };
  return { kind: 'ok', value };
}
