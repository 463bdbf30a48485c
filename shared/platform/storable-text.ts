/**
 * Characters a PostgreSQL text value cannot hold: the NUL character (refused outright, as
 * "invalid byte sequence") and a lone UTF-16 surrogate (no UTF-8 encoding exists, so the driver
 * would silently store U+FFFD instead). With the `u` flag a surrogate pair is one code point,
 * so `\p{Cs}` matches only the lone ones.
 */
// eslint-disable-next-line no-control-regex -- matching the NUL character is this pattern's job
const UNSTORABLE = /\u0000|\p{Cs}/u;

/** True when `value` can be stored as typed; anything else is the sender's mistake (a 422), not a failed query. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** `value` without the characters no stored text can contain: for searches, which could never match them anyway. */
export function withoutUnstorable(value: string): string {
  return value.replace(new RegExp(UNSTORABLE.source, 'gu'), '');
}
