import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links without an account: a manage link (the patient sees, moves or cancels a
 * booking) and a hold token (the visitor's browser owns the time it holds).
 *
 * token = base64url(payload) "." base64url(HMAC-SHA256(secret, payload)), where payload is
 * `purpose.appointmentId.version.expiresAtSeconds`. The purpose is signed, so a hold token is
 * never a manage link. The version is the appointment's manage_version: bumping it revokes
 * every link given out so far (checked against the row by the caller). Compared in constant
 * time; nothing about a refused token says why, beyond the reason the caller logs.
 */
/** A manage link, a hold, or a one-time code sent to a phone (phone-proof.ts: the id is the code's row). */
export type TokenPurpose = 'manage' | 'hold' | 'code';

export interface TokenClaims {
  purpose: TokenPurpose;
  appointmentId: number;
  version: number;
  expiresAt: Date;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'bad-signature' | 'wrong-purpose' | 'expired' };

const PAYLOAD = /^(manage|hold|code)\.(\d{1,15})\.(\d{1,9})\.(\d{1,12})$/;

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signToken(secret: string, claims: TokenClaims): string {
  const payload = `${claims.purpose}.${claims.appointmentId}.${claims.version}.${Math.floor(claims.expiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

export function verifyToken(secret: string, token: string, purpose: TokenPurpose, now: Date): TokenCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'malformed' };
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
