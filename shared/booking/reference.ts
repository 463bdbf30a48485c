import { REFERENCE_ALPHABET } from '../requests/kinds';

/**
 * A booking's reference, e.g. `BK-7KQ2M`: the requests' alphabet (no 0/O, 1/I: easy to read
 * out on the phone) under a prefix of its own, so staff tell a booking from a call-back
 * request (`APT-…`) at a glance.
 */
export const BOOKING_PREFIX = 'BK';
export const BOOKING_REFERENCE_PATTERN = new RegExp(`^${BOOKING_PREFIX}-[${REFERENCE_ALPHABET}]{5}$`);

/** A reference from five random bytes (the caller's: crypto on the server). */
export function bookingReference(bytes: Uint8Array): string {
  let code = '';
  // 256 is a multiple of 32, so `% 32` is unbiased.
  for (const b of bytes.subarray(0, 5)) code += REFERENCE_ALPHABET[b % 32];
  return `${BOOKING_PREFIX}-${code}`;
}
