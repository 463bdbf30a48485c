import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links without an account: a manage link (the patient sees, moves or cancels a
 * booking) and a hold token (the visitor's browser owns the time it holds).
 *
 * A hold token = base64url(payload) "." base64url(HMAC-SHA256(secret, payload)), where payload
 * is `purpose.appointmentId.version.expiresAtSeconds`. A manage link's token is compact, since
 * it goes into an SMS of 160 characters (ADR 0038): base64url of the three numbers as varints
 * followed by the first 12 bytes (96 bits) of HMAC-SHA256(secret, "manage-link." + payload),
 * 28 characters for a typical booking instead of 79. Manage tokens signed the long way before
 * are still accepted until they expire. The purpose is signed, so a hold token is never a
 * manage link. The version is the appointment's manage_version: bumping it revokes every link
 * given out so far (checked against the row by the caller). Compared in constant time; nothing
 * about a refused token says why, beyond the reason the caller logs.
 */
/** A manage link, a hold, a one-time code sent to a phone (phone-proof.ts: the id is the code's row), or a course's link (course.ts: the id is the course's). */
export type TokenPurpose = 'manage' | 'hold' | 'code' | 'course';

export interface TokenClaims {
  purpose: TokenPurpose;
  appointmentId: number;
  version: number;
  expiresAt: Date;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'bad-signature' | 'wrong-purpose' | 'expired' };

const PAYLOAD = /^(manage|hold|code|course)\.(\d{1,15})\.(\d{1,9})\.(\d{1,12})$/;

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

const payloadOf = (claims: Omit<TokenClaims, 'expiresAt'> & { expiresAt: number }) => `${claims.purpose}.${claims.appointmentId}.${claims.version}.${claims.expiresAt}`;

/** Bytes of the compact token's MAC: 96 bits, out of reach of guessing over the network. */
const COMPACT_MAC_BYTES = 12;
const compactMac = (secret: string, payload: string) => mac(secret, `manage-link.${payload}`).subarray(0, COMPACT_MAC_BYTES);

/** An unsigned LEB128 varint of a safe integer (arithmetic, not bit operators: ids pass 2^31). */
function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return out;
}

/** Reads the varints of a compact token; null unless there are `count` of them, safe integers. */
function readVarints(bytes: Buffer, count: number): { values: number[]; end: number } | null {
  const values: number[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined || scale > 2 ** 49) return null;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
      if (byte < 0x80) break;
    }
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  return { values, end: at };
}

export function signToken(secret: string, claims: TokenClaims): string {
  const expiresAt = Math.floor(claims.expiresAt.getTime() / 1000);
  const payload = payloadOf({ ...claims, expiresAt });
  if (claims.purpose === 'manage') {
    const numbers = Buffer.from([...varint(claims.appointmentId), ...varint(claims.version), ...varint(expiresAt)]);
    return Buffer.concat([numbers, compactMac(secret, payload)]).toString('base64url');
  }
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** A compact manage token (no dot): its numbers, in their one canonical spelling, and its MAC. */
function verifyCompact(secret: string, token: string, purpose: TokenPurpose, now: Date): TokenCheck {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' };
  const bytes = Buffer.from(token, 'base64url');
  const read = readVarints(bytes, 3);
  if (!read || bytes.length - read.end !== COMPACT_MAC_BYTES) return { ok: false, reason: 'malformed' };
  const [appointmentId = 0, version = 0, expiresAt = 0] = read.values;
  const numbers = Buffer.from([...varint(appointmentId), ...varint(version), ...varint(expiresAt)]);
  // One spelling only: no padded varint, no stray bits in the last base64 character.
  if (!numbers.equals(bytes.subarray(0, read.end)) || bytes.toString('base64url') !== token) return { ok: false, reason: 'malformed' };
  const expected = compactMac(secret, payloadOf({ purpose: 'manage', appointmentId, version, expiresAt }));
  if (!timingSafeEqual(bytes.subarray(read.end), expected)) return { ok: false, reason: 'bad-signature' };
  if (purpose !== 'manage') return { ok: false, reason: 'wrong-purpose' };
  const claims: TokenClaims = { purpose: 'manage', appointmentId, version, expiresAt: new Date(expiresAt * 1000) };
  if (claims.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

export function verifyToken(secret: string, token: string, purpose: TokenPurpose, now: Date): TokenCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'malformed' };
  if (!token.includes('.')) return verifyCompact(secret, token, purpose, now);
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(signature)) return { ok: false, reason: 'malformed' };
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  const match = PAYLOAD.exec(payload);
  // Node's decoder skips stray trailing characters: only the one canonical spelling of a token is accepted.
  if (!match || Buffer.from(payload).toString('base64url') !== body) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(signature, 'base64url');
  if (given.toString('base64url') !== signature) return { ok: false, reason: 'malformed' };
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  const claims: TokenClaims = { purpose: match[1] as TokenPurpose, appointmentId: Number(match[2]), version: Number(match[3]), expiresAt: new Date(Number(match[4]) * 1000) };
  if (claims.purpose !== purpose) return { ok: false, reason: 'wrong-purpose' };
  if (claims.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** A manage link lasts until 30 days after the visit (the confirmation, then the visit's follow-up). */
export const MANAGE_LINK_DAYS_AFTER_VISIT = 30;

export function manageTokenExpiry(startsAt: Date): Date {
  return new Date(startsAt.getTime() + MANAGE_LINK_DAYS_AFTER_VISIT * 24 * 60 * 60_000);
}

/** The manage link's token for a visit as it is now (its manage_version, valid until 30 days after it). */
export function manageTokenOf(secret: string, visit: { id: number; manageVersion: number; startsAt: Date }): string {
  return signToken(secret, { purpose: 'manage', appointmentId: visit.id, version: visit.manageVersion, expiresAt: manageTokenExpiry(visit.startsAt) });
}

/** A course's own link (course.ts): signed with the course's id and manage version, valid until 30 days after its last visit. */
export function courseTokenOf(secret: string, course: { id: number; manageVersion: number }, lastStart: Date): string {
  return signToken(secret, { purpose: 'course', appointmentId: course.id, version: course.manageVersion, expiresAt: manageTokenExpiry(lastStart) });
}
