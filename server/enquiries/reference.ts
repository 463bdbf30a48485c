import { randomBytes } from 'node:crypto';
import { REFERENCE_PREFIX } from '../../shared/features/enquiries/form-names';
import type { RequestKind } from '../db/schema';

/** 32 symbols without the look-alikes 0/O and 1/I: easy to read out on the phone. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export { REFERENCE_PREFIX };

/** A short human code such as `APT-7KQ2M` (32^5, about 33 million per kind; the unique index catches the rare clash). */
export function newReference(kind: RequestKind): string {
  const bytes = randomBytes(5);
  let code = '';
  // 256 is a multiple of 32, so `% 32` is unbiased.
  for (const b of bytes) code += REFERENCE_ALPHABET[b % 32];
  return `${REFERENCE_PREFIX[kind]}-${code}`;
}

export const REFERENCE_PATTERN = new RegExp(`^(APT|MSG|QTE|NEWS|CMT|ORD)-[${REFERENCE_ALPHABET}]{5}$`);
