import { createHmac, timingSafeEqual } from 'node:crypto';
import { readCookie } from '../platform/http/cookies';

/**
 * After the date-of-birth gate, a form is open on this device for a while: an httpOnly cookie
 * per form, signed with a key derived from the current KEK (crypto.ts sessionKey), scoped to the
 * manage links' path, SameSite=Strict (a link from another site opens the gate, never the form).
 * It names the form's session version: a lock or a withdrawal raises it, and every open session
 * of the form ends at once. Nothing about the patient is in it.
 */
export const SESSION_SECONDS = 2 * 60 * 60;
const COOKIE_PATH = '/booking/manage/';

export const sessionCookieName = (appointmentId: number) => `intake-${appointmentId}`;

interface Claims {
  appointmentId: number;
  sessionVersion: number;
  expiresAt: Date;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signSession(key: Buffer, claims: Claims): string {
  const payload = `${claims.appointmentId}.${claims.sessionVersion}.${Math.floor(claims.expiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(key, payload).toString('base64url')}`;
}

/** Whether the request carries a live session of this form (its current session version). */
export function hasSession(key: Buffer, cookieHeader: string | null, form: { appointmentId: number; sessionVersion: number }, now: Date): boolean {
  const read = readCookie(cookieHeader ?? undefined, sessionCookieName(form.appointmentId));
  if (read.kind !== 'ok') return false;
  const [body, signature, extra] = read.value.split('.');
  if (!body || !signature || extra !== undefined) return false;
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  const m = /^(\d{1,15})\.(\d{1,9})\.(\d{1,12})$/.exec(payload);
  if (!m || Buffer.from(payload).toString('base64url') !== body) return false;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(m[1]) === form.appointmentId && Number(m[2]) === form.sessionVersion && Number(m[3]) * 1000 > now.getTime();
}

/** The Set-Cookie header that opens (or keeps open) a form on this device. */
export function openSessionHeader(key: Buffer, form: { appointmentId: number; sessionVersion: number }, now: Date, secure: boolean): string {
  const value = signSession(key, { ...form, expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000) });
  return `${sessionCookieName(form.appointmentId)}=${value}; Path=${COOKIE_PATH}; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie header that closes the form on this device. */
export function closeSessionHeader(appointmentId: number, secure: boolean): string {
  return `${sessionCookieName(appointmentId)}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
