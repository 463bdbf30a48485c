import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { CODE_ATTEMPTS, CODE_DIGITS, CODE_MINUTES } from '../../shared/booking/limits';
import { DAY_MS, MINUTE_MS } from '../../shared/booking/time';
import { readCookie } from '../platform/http/cookies';
import type { Db } from '../platform/db/db';
import { limitsOf, recordRefusal } from './caps';
import { clock, type BookingDeps } from './deps';
import { signToken, verifyToken } from './manage-token';
import { patientPhones, phoneCodes } from './schema';

/**
 * A phone proven before it holds the clinic's time (issue 44, ADR 0042). The first time a phone
 * books online, a six-digit code goes to it (WhatsApp's authentication template with its
 * copy-code button, or SMS); typed back, it proves the visitor holds that phone. The proof is
 * then remembered on that browser (a signed cookie naming no number) and, for a signed-in
 * patient, on their account, for BOOKING_PHONE_PROOF_DAYS. Codes are kept as a salted HMAC,
 * live ten minutes, allow three tries, and are sent at most BOOKING_CODES_PER_PHONE_PER_HOUR
 * times to one phone and BOOKING_CODES_PER_HOUR times by the whole clinic.
 */

export type CodeChannel = 'whatsapp' | 'sms';

/** The messages domain's channels as the booking sends codes through them (the composition sets it). */
export interface PhoneCodeSender {
  /** 'sent', or 'failed': this channel cannot take it now (the caller tries the other one). */
  send(input: { id: string; channel: CodeChannel; to: string; code: string; minutes: number }): Promise<'sent' | 'failed'>;
}

export type CodeRequest =
  | { ok: true; token: string; channel: CodeChannel; expiresAt: Date }
  /** too-many-codes: this phone's hour is used up; codes-paused: the clinic's; not-sent: no channel took it. */
  | { ok: false; reason: 'too-many-codes' | 'codes-paused' | 'not-sent' };

export type CodeCheck = { ok: true } | { ok: false; reason: 'wrong-code'; attemptsLeft: number } | { ok: false; reason: 'used-up' | 'expired' | 'bad-token' };

const other = (channel: CodeChannel): CodeChannel => (channel === 'whatsapp' ? 'sms' : 'whatsapp');

function hashCode(secret: string, salt: string, code: string): string {
  return createHmac('sha256', secret).update(`phone-code:${salt}:${code}`).digest('base64url');
}

/** Any 32-bit number no other code uses as the first advisory-lock key ("pc"): one phone's codes. */
const CODE_LOCK_CLASS = 0x7063;

/**
 * Sends a new code to `phone`, on `channel` first and on the other channel if that one cannot
 * take it. Refused when the phone, or the clinic, has had its codes for the hour (noted for staff).
 */
export async function requestCode(deps: BookingDeps, input: { phone: string; channel: CodeChannel; address?: string | null }): Promise<CodeRequest> {
  const now = clock(deps);
  const limits = limitsOf(deps);
  const hourAgo = new Date(now.getTime() - 60 * MINUTE_MS);
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const salt = randomBytes(12).toString('base64url');
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * MINUTE_MS);
  const created = await deps.store.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CODE_LOCK_CLASS}, hashtext(${input.phone}))`);
    const [mine] = await tx.select({ n: count() }).from(phoneCodes).where(and(eq(phoneCodes.phone, input.phone), gt(phoneCodes.createdAt, hourAgo)));
    if (Number(mine?.n ?? 0) >= limits.codesPerPhonePerHour) return 'too-many-codes' as const;
    const [all] = await tx.select({ n: count() }).from(phoneCodes).where(gt(phoneCodes.createdAt, hourAgo));
    if (Number(all?.n ?? 0) >= limits.codesPerHour) return 'codes-paused' as const;
    const [row] = await tx
      .insert(phoneCodes)
      .values({ phone: input.phone, channel: input.channel, codeHash: `${salt}$${hashCode(deps.secret, salt, code)}`, createdAt: now, expiresAt })
      .returning({ id: phoneCodes.id });
    return row!.id;
  });
  if (typeof created === 'string') {
    await recordRefusal(deps.store.db, { cap: created === 'too-many-codes' ? 'codes-per-phone' : 'codes-clinic', phone: input.phone, address: input.address ?? null }, now);
    return { ok: false, reason: created };
  }
  if (!deps.codes) {
    await deps.store.db.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, created));
    return { ok: false, reason: 'not-sent' };
  }
  for (const channel of [input.channel, other(input.channel)]) {
    const sent = await deps.codes.send({ id: `code-${created}`, channel, to: input.phone, code, minutes: CODE_MINUTES }).catch(() => 'failed' as const);
    if (sent !== 'sent') continue;
    if (channel !== input.channel) await deps.store.db.update(phoneCodes).set({ channel }).where(eq(phoneCodes.id, created));
    return { ok: true, token: signToken(deps.secret, { purpose: 'code', appointmentId: created, version: 0, expiresAt }), channel, expiresAt };
  }
  // Neither channel took it: the code is dead, and the page offers the call-back request.
  await deps.store.db.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, created));
  return { ok: false, reason: 'not-sent' };
}

/**
 * Checks a code typed for `phone` against the code its token names: right once (then used),
 * wrong up to three times (then used up, noted for staff), never after ten minutes.
 */
export async function verifyCode(deps: BookingDeps, input: { token: string; phone: string; code: string; address?: string | null }): Promise<CodeCheck> {
  const now = clock(deps);
  const check = verifyToken(deps.secret, input.token, 'code', now);
  if (!check.ok) return { ok: false, reason: check.reason === 'expired' ? 'expired' : 'bad-token' };
  const outcome = await deps.store.db.transaction(async (tx): Promise<CodeCheck> => {
    const [row] = await tx.select().from(phoneCodes).where(eq(phoneCodes.id, check.claims.appointmentId)).for('update');
    // A code proves the phone it was sent to, and no other.
    if (!row || row.phone !== input.phone) return { ok: false, reason: 'bad-token' };
    if (row.usedAt || row.attempts >= CODE_ATTEMPTS) return { ok: false, reason: 'used-up' };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    const [salt = '', hash = ''] = row.codeHash.split('$');
    const typed = input.code.replace(/\s+/g, '');
    const given = Buffer.from(hashCode(deps.secret, salt, typed));
    const stored = Buffer.from(hash);
    if (/^\d+$/.test(typed) && given.length === stored.length && timingSafeEqual(given, stored)) {
      await tx.update(phoneCodes).set({ usedAt: now, attempts: row.attempts + 1 }).where(eq(phoneCodes.id, row.id));
      return { ok: true };
    }
    const attempts = row.attempts + 1;
    await tx.update(phoneCodes).set({ attempts, ...(attempts >= CODE_ATTEMPTS ? { usedAt: now } : {}) }).where(eq(phoneCodes.id, row.id));
    return attempts >= CODE_ATTEMPTS ? { ok: false, reason: 'used-up' } : { ok: false, reason: 'wrong-code', attemptsLeft: CODE_ATTEMPTS - attempts };
  });
  if (!outcome.ok && outcome.reason === 'used-up') await recordRefusal(deps.store.db, { cap: 'code-attempts', phone: input.phone, address: input.address ?? null }, now);
  return outcome;
}

// --- The proof, remembered ------------------------------------------------------------------------

/** The browser's proof: `__Host-` (Secure, the whole site, this host only) wherever the site is served over https. */
export const proofCookieName = (secure: boolean) => (secure ? '__Host-phone-proof' : 'phone-proof');

/** A phone as the cookie names it: a keyed digest, so the cookie never holds the number. */
const phoneDigest = (secret: string, phone: string) => createHmac('sha256', secret).update(`phone-proof:${phone}`).digest('base64url').slice(0, 22);

/** The phones a browser has proven on its most recent bookings (kept to three). */
const MAX_PROVEN = 3;

function readProofs(secret: string, cookieHeader: string | undefined, secure: boolean, now: Date): { digest: string; until: number }[] {
  const read = readCookie(cookieHeader, proofCookieName(secure));
  if (read.kind !== 'ok') return [];
  const [body, signature, extra] = read.value.split('.');
  if (!body || !signature || extra !== undefined) return [];
  const expected = createHmac('sha256', secret).update(`phone-proofs:${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  return Buffer.from(body, 'base64url')
    .toString('utf8')
    .split('~')
    .map((entry) => {
      const [digest = '', until = ''] = entry.split(':');
      return { digest, until: Number(until) };
    })
    .filter((p) => p.digest && Number.isSafeInteger(p.until) && p.until * 1000 > now.getTime());
}

/** Whether this browser proved `phone` (and the proof is still fresh). */
export function browserProves(secret: string, cookieHeader: string | undefined, phone: string, secure: boolean, now: Date): boolean {
  const digest = phoneDigest(secret, phone);
  return readProofs(secret, cookieHeader, secure, now).some((p) => p.digest === digest);
}

/** The Set-Cookie that remembers `phone` as proven on this browser for `days` (with the others it proved, newest first). */
export function proofCookie(secret: string, cookieHeader: string | undefined, phone: string, secure: boolean, now: Date, days: number): string {
  const digest = phoneDigest(secret, phone);
  const until = Math.floor((now.getTime() + days * DAY_MS) / 1000);
  const kept = readProofs(secret, cookieHeader, secure, now).filter((p) => p.digest !== digest);
  const body = Buffer.from([{ digest, until }, ...kept].slice(0, MAX_PROVEN).map((p) => `${p.digest}:${p.until}`).join('~')).toString('base64url');
  const signature = createHmac('sha256', secret).update(`phone-proofs:${body}`).digest('base64url');
  return `${proofCookieName(secure)}=${body}.${signature}; Path=/; Max-Age=${days * 24 * 60 * 60}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a signed-in patient proved `phone` within the last `days`. */
export async function accountProves(db: Db, uid: string, phone: string, now: Date, days: number): Promise<boolean> {
  const [row] = await db
    .select({ at: patientPhones.provenAt })
    .from(patientPhones)
    .where(and(eq(patientPhones.uid, uid), eq(patientPhones.phone, phone), gt(patientPhones.provenAt, new Date(now.getTime() - days * DAY_MS))));
  return Boolean(row);
}

/** Remembers a phone a signed-in patient proved. */
export async function rememberAccountPhone(db: Db, uid: string, phone: string, now: Date): Promise<void> {
  await db.insert(patientPhones).values({ uid, phone, provenAt: now }).onConflictDoUpdate({ target: [patientPhones.uid, patientPhones.phone], set: { provenAt: now } });
}

// --- The e-mail address, proven by the confirmation's link -----------------------------------------

/** The proof the confirmation's link carries (`?proof=`): only that mailbox has it. Bound to the visit and the address. */
export const emailProof = (secret: string, appointmentId: number, email: string) => createHmac('sha256', secret).update(`email-proof:${appointmentId}:${email.toLowerCase()}`).digest('base64url').slice(0, 27);

/** Whether `proof` is the one sent to this visit's address. */
export function emailProofMatches(secret: string, appointmentId: number, email: string | null, proof: string): boolean {
  if (!email || typeof proof !== 'string') return false;
  const expected = Buffer.from(emailProof(secret, appointmentId, email));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Codes a day old by the booking's clock (their `created_at` is its time), gone (the retention job): nothing is proven by them any more. */
export async function pruneCodes(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(phoneCodes)
    .where(lt(phoneCodes.createdAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: phoneCodes.id });
  return gone.length;
}
