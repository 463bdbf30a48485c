import { randomBytes } from 'node:crypto';
import { REFERENCE_ALPHABET, REQUEST_KINDS, type RequestKind } from '../../shared/requests/kinds';

/** A short human code such as `APT-7KQ2M` (32^5, about 33 million per kind; the unique index catches the rare clash). */
export function newReference(kind: RequestKind): string {
  const bytes = randomBytes(5);
  let code = '';
  // 256 is a multiple of 32, so `% 32` is unbiased.
  for (const b of bytes) code += REFERENCE_ALPHABET[b % 32];
  return `${REQUEST_KINDS[kind].prefix}-${code}`;
}
