import { describe, expect, it } from 'vitest';
import { dobCheck, keyring, kekId, newDataKey, openJson, parseKek, rewrap, sealJson, sessionKey, UndecryptableError, unwrapDataKey } from '../../server/intake/crypto';
import { closeSessionHeader, hasSession, openSessionHeader, SESSION_SECONDS } from '../../server/intake/session';

// The new-patient forms' encryption (ADR 0044): each value opens only with its form's data key,
// for its own form and purpose; the data key opens only with the KEK that wrapped it.

const A = Buffer.alloc(32, 1);
const B = Buffer.alloc(32, 2);
const SECRET = { reason: 'Sharp pain after lifting the generator' };

describe('envelope encryption', () => {
  it('a value sealed under a form’s data key opens with it, and only for that form and purpose', () => {
    const ring = keyring(A);
    const { dataKey, kekId: id, wrapped } = newDataKey(ring, 7);
    expect(id).toBe(kekId(A));
    const sealed = sealJson(dataKey, 7, 'answers', SECRET);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain('generator');
    expect(openJson(unwrapDataKey(ring, 7, { kekId: id, wrapped }), 7, 'answers', sealed)).toEqual(SECRET);
    // Another form's row, or another column, does not open it (the additional data binds both).
    expect(() => openJson(dataKey, 8, 'answers', sealed)).toThrow(UndecryptableError);
    expect(() => openJson(dataKey, 7, 'flag', sealed)).toThrow(UndecryptableError);
    // Nor does a wrapped key moved to another form.
    expect(() => unwrapDataKey(ring, 8, { kekId: id, wrapped })).toThrow(UndecryptableError);
    // Each sealing draws a new IV: the same answers never look the same twice.
    expect(sealJson(dataKey, 7, 'answers', SECRET)).not.toBe(sealed);
  });

  it('an altered value, an unknown key or a wrong key is refused, and the error says nothing of the value', () => {
    const ring = keyring(A);
    const { dataKey, kekId: id, wrapped } = newDataKey(ring, 1);
    const sealed = sealJson(dataKey, 1, 'answers', SECRET);
    const [v, iv, tag, ct] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${ct!.slice(0, -2)}${ct!.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const bad of [flipped, `${v}.${iv}.${tag}`, 'v2.x.y.z', '', `${sealed}.x`]) {
      const error = (() => {
        try {
          openJson(dataKey, 1, 'answers', bad);
        } catch (e) {
          return e as Error;
        }
        return null;
      })();
      expect(error, bad).toBeInstanceOf(UndecryptableError);
      expect(error!.message).not.toMatch(/generator|Sharp/);
    }
    expect(() => unwrapDataKey(keyring(B), 1, { kekId: id, wrapped })).toThrow(expect.objectContaining({ reason: 'unknown-key' }));
    // The right id with the wrong key material: refused as failed, never garbled.
    expect(() => unwrapDataKey({ current: { id, key: B }, byId: new Map([[id, { id, key: B }]]) }, 1, { kekId: id, wrapped })).toThrow(expect.objectContaining({ reason: 'failed' }));
  });

  it('rotation wraps the same data key again under the current KEK; the old wrapping needs the old key', () => {
    const old = keyring(A);
    const made = newDataKey(old, 3);
    const sealed = sealJson(made.dataKey, 3, 'answers', SECRET);
    const both = keyring(B, [A]);
    const moved = rewrap(both, 3, made);
    expect(moved.kekId).toBe(kekId(B));
    expect(openJson(unwrapDataKey(keyring(B), 3, moved), 3, 'answers', sealed)).toEqual(SECRET);
    expect(() => rewrap(keyring(B), 3, made)).toThrow(UndecryptableError);
  });

  it('INTAKE_KEK is 32 bytes of base64 or base64url; anything else is refused by name', () => {
    expect(parseKek(A.toString('base64'))).toEqual(A);
    expect(parseKek(Buffer.alloc(32, 250).toString('base64url'))).toEqual(Buffer.alloc(32, 250));
    for (const bad of ['', 'short', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64'), `${A.toString('base64')}!`]) {
      expect(() => parseKek(bad, 'INTAKE_KEK'), bad).toThrow(/INTAKE_KEK must be 32 random bytes/);
    }
    // A key id names a key without revealing it.
    expect(kekId(A)).toMatch(/^[0-9a-f]{16}$/);
    expect(kekId(A)).not.toBe(kekId(B));
  });

  it('the date of birth is kept as a keyed hash under the form’s own key: the same date in two forms does not match', () => {
    const a = newDataKey(keyring(A), 1).dataKey;
    const b = newDataKey(keyring(A), 2).dataKey;
    expect(dobCheck(a, 1, '1984-03-07')).toBe(dobCheck(a, 1, '1984-03-07'));
    expect(dobCheck(a, 1, '1984-03-07')).not.toBe(dobCheck(a, 1, '1984-03-08'));
    expect(dobCheck(a, 1, '1984-03-07')).not.toBe(dobCheck(b, 2, '1984-03-07'));
    expect(dobCheck(a, 1, '1984-03-07')).not.toContain('1984');
  });
});

describe('the form’s session on a device', () => {
  const key = sessionKey(keyring(A));
  const form = { appointmentId: 12, sessionVersion: 1 };
  const at = new Date('2026-11-30T04:00:00Z');
  const cookieOf = (header: string) => header.split(';')[0]!;

  it('opens the form it names, at its session version, until it expires', () => {
    const header = openSessionHeader(key, form, at, true);
    expect(header).toMatch(new RegExp(`^intake-12=[\\w-]+\\.[\\w-]+; Path=/booking/manage/; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict; Secure$`));
    const cookie = cookieOf(header);
    expect(hasSession(key, cookie, form, at)).toBe(true);
    expect(hasSession(key, `other=1; ${cookie}`, form, at)).toBe(true);
    expect(hasSession(key, cookie, { ...form, sessionVersion: 2 }, at)).toBe(false);
    expect(hasSession(key, cookie, { ...form, appointmentId: 13 }, at)).toBe(false);
    expect(hasSession(key, cookie, form, new Date(at.getTime() + SESSION_SECONDS * 1000))).toBe(false);
    expect(hasSession(sessionKey(keyring(B)), cookie, form, at)).toBe(false);
    expect(hasSession(key, `${cookie}x`, form, at)).toBe(false);
    expect(hasSession(key, `${cookie}; ${cookie}`, form, at)).toBe(false);
    expect(hasSession(key, null, form, at)).toBe(false);
    expect(closeSessionHeader(12, false)).toBe('intake-12=; Path=/booking/manage/; Max-Age=0; HttpOnly; SameSite=Strict');
  });
});
