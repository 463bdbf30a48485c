import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Envelope encryption of the new-patient forms (issue 47, ADR 0044), in the application, before
 * anything reaches the database:
 *
 *  - each form has its own data key (32 random bytes, AES-256-GCM);
 *  - the data key is stored wrapped (AES-256-GCM) by a key-encryption key (KEK) from
 *    INTAKE_KEK, with the KEK's id beside it, so a rotation knows what to rewrap and a server
 *    that lacks the key says which one;
 *  - every sealed value is bound to its form and its purpose by the GCM's additional data
 *    (`intake:<appointment id>:<purpose>`): a value copied to another row, or to another column of
 *    the same row, does not open.
 *
 * A sealed value is text, `v1.<iv>.<tag>.<ciphertext>` in base64url, the same on both engines.
 * Nothing here ever puts a plaintext, a key or a sealed value in an error message.
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

export interface Kek {
  /** The key's public name: a keyed hash of it (it reveals nothing of the key), 16 hex digits. */
  id: string;
  key: Buffer;
}

/** The keys a server holds: the current one (new forms, rotation target) and older ones it can still read. */
export interface IntakeKeyring {
  current: Kek;
  byId: ReadonlyMap<string, Kek>;
}

/** A value that does not open: unknown key, wrong key, altered or misplaced ciphertext. Says nothing more. */
export class UndecryptableError extends Error {
  override name = 'UndecryptableError';
  constructor(readonly reason: 'unknown-key' | 'failed') {
    super(reason === 'unknown-key' ? 'sealed under a key this server does not hold' : 'does not decrypt');
  }
}

/** A configured key that is not 32 bytes of base64. */
export class IntakeKeyError extends Error {
  override name = 'IntakeKeyError';
}

/** A key as configured: 32 bytes in base64 or base64url (e.g. `openssl rand -base64 32`). */
export function parseKek(text: string, what = 'INTAKE_KEK'): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) throw new IntakeKeyError(`${what} must be 32 random bytes in base64 (e.g. from openssl rand -base64 32)`);
  return key;
}

export const kekId = (key: Buffer) => createHmac('sha256', key).update('intake-kek-id').digest('hex').slice(0, 16);

export function keyring(current: Buffer, previous: readonly Buffer[] = []): IntakeKeyring {
  const toKek = (key: Buffer): Kek => ({ id: kekId(key), key });
  const byId = new Map<string, Kek>();
  for (const k of [current, ...previous].map(toKek)) if (!byId.has(k.id)) byId.set(k.id, k);
  return { current: toKek(current), byId };
}

/** A keyring of one random key (tests, and a development app without a kept key). */
export const randomKeyring = () => keyring(randomBytes(KEY_BYTES));

const aadOf = (appointmentId: number, purpose: string) => Buffer.from(`intake:${appointmentId}:${purpose}`);

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

function open(key: Buffer, sealed: string, aad: Buffer): Buffer {
  const [format, iv, tag, ciphertext, extra] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined || extra !== undefined) throw new UndecryptableError('failed');
  try {
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new UndecryptableError('failed');
    const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
    decipher.setAAD(aad);
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  } catch {
    // OpenSSL's "unable to authenticate data" (or a bad length): nothing of the input in the error.
    throw new UndecryptableError('failed');
  }
}

export interface WrappedKey {
  kekId: string;
  wrapped: string;
}

/** A new form's data key, and the same key wrapped by the current KEK. */
export function newDataKey(ring: IntakeKeyring, appointmentId: number): { dataKey: Buffer } & WrappedKey {
  const dataKey = randomBytes(KEY_BYTES);
  return { dataKey, kekId: ring.current.id, wrapped: seal(ring.current.key, dataKey, aadOf(appointmentId, 'key')) };
}

export function unwrapDataKey(ring: IntakeKeyring, appointmentId: number, stored: WrappedKey): Buffer {
  const kek = ring.byId.get(stored.kekId);
  if (!kek) throw new UndecryptableError('unknown-key');
  const key = open(kek.key, stored.wrapped, aadOf(appointmentId, 'key'));
  if (key.length !== KEY_BYTES) throw new UndecryptableError('failed');
  return key;
}

/** The data key wrapped again by the current KEK (a rotation); the data key itself, and so every value it sealed, stays. */
export function rewrap(ring: IntakeKeyring, appointmentId: number, stored: WrappedKey): WrappedKey {
  const dataKey = unwrapDataKey(ring, appointmentId, stored);
  return { kekId: ring.current.id, wrapped: seal(ring.current.key, dataKey, aadOf(appointmentId, 'key')) };
}

export type SealPurpose = 'answers' | 'flag';

export function sealJson(dataKey: Buffer, appointmentId: number, purpose: SealPurpose, value: unknown): string {
  return seal(dataKey, Buffer.from(JSON.stringify(value), 'utf8'), aadOf(appointmentId, purpose));
}

export function openJson<T>(dataKey: Buffer, appointmentId: number, purpose: SealPurpose, sealed: string): T {
  const text = open(dataKey, sealed, aadOf(appointmentId, purpose)).toString('utf8');
  try {
    return JSON.parse(text) as T;
  } catch {
    // JSON.parse's message quotes the text it could not read: never let it reach a log.
    throw new UndecryptableError('failed');
  }
}

/** What the date-of-birth check compares: a keyed hash under the form's own data key (a dump cannot try dates against it). */
export function dobCheck(dataKey: Buffer, appointmentId: number, dob: string): string {
  return createHmac('sha256', dataKey).update(`intake:${appointmentId}:dob:${dob}`).digest('base64url');
}

export function sameCheck(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A key for the form sessions' cookies, derived from the current KEK (a rotation ends the sessions, at most a couple of hours). */
export function sessionKey(ring: IntakeKeyring): Buffer {
  return Buffer.from(hkdfSync('sha256', ring.current.key, Buffer.alloc(0), 'intake-form-session', 32));
}
