import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manageTokenExpiry, signToken, verifyToken } from '../../server/booking/manage-token';
import { resolveBookingSecret } from '../../server/booking/secret';

const SECRET = 'unit-test-secret-0123456789abcdef0123456789';
const NOW = new Date('2026-11-30T04:00:00Z');
const claims = { purpose: 'manage' as const, appointmentId: 42, version: 3, expiresAt: new Date('2027-01-01T00:00:00Z') };

/** A manage token as it was signed before the compact form (ADR 0038): still accepted until it expires. */
const longManageToken = (secret: string, c: typeof claims) => {
  const payload = `manage.${c.appointmentId}.${c.version}.${Math.floor(c.expiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
};

describe('signed booking links', () => {
  it('verify what was signed, and nothing else (a hold token)', () => {
    const hold = { ...claims, purpose: 'hold' as const };
    const token = signToken(SECRET, hold);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyToken(SECRET, token, 'hold', NOW)).toEqual({ ok: true, claims: hold });
    expect(verifyToken(SECRET, token, 'manage', NOW)).toEqual({ ok: false, reason: 'wrong-purpose' });
    expect(verifyToken('another-secret-0123456789abcdef0123456789', token, 'hold', NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyToken(SECRET, token, 'hold', new Date('2027-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from('hold.43.3.1798761600').toString('base64url');
    expect(verifyToken(SECRET, `${forged}.${mac}`, 'hold', NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    for (const bad of [`${body}A.${mac}`, `${body}.${mac}A`, `${body}.${mac.slice(1)}`, `${body}.`, `${body}.${mac}.${mac}`, '..', 'a'.repeat(300)]) {
      expect(verifyToken(SECRET, bad, 'hold', NOW).ok, bad).toBe(false);
    }
  });

  it('a manage link is compact: 28 characters for a typical booking, at most 40, and verifies what was signed, nothing else', () => {
    const token = signToken(SECRET, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]{26}$/); // 42, 3 and the expiry as varints (1 + 1 + 5 bytes) and 12 bytes of MAC: 19 bytes
    expect(signToken(SECRET, { ...claims, appointmentId: 1_234_567 })).toHaveLength(28);
    expect(signToken(SECRET, { ...claims, appointmentId: Number.MAX_SAFE_INTEGER, version: 2 ** 31 - 1 }).length).toBeLessThanOrEqual(40);
    expect(verifyToken(SECRET, token, 'manage', NOW)).toEqual({ ok: true, claims });
    expect(verifyToken(SECRET, token, 'hold', NOW)).toEqual({ ok: false, reason: 'wrong-purpose' });
    expect(verifyToken('another-secret-0123456789abcdef0123456789', token, 'manage', NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyToken(SECRET, token, 'manage', new Date('2027-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    for (const big of [{ appointmentId: 2 ** 40 + 5, version: 70_000 }, { appointmentId: Number.MAX_SAFE_INTEGER, version: 0 }]) {
      expect(verifyToken(SECRET, signToken(SECRET, { ...claims, ...big }), 'manage', NOW)).toEqual({ ok: true, claims: { ...claims, ...big } });
    }
    // Another booking's numbers under this token's MAC.
    const bytes = Buffer.from(token, 'base64url');
    const forged = Buffer.concat([Buffer.from([43]), bytes.subarray(1)]).toString('base64url');
    expect(verifyToken(SECRET, forged, 'manage', NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    // A padded varint (42 as 0xAA 0x00), a stray bit in the last character, a MAC cut or lengthened, a number too long.
    const padded = Buffer.concat([Buffer.from([0xaa, 0x00]), bytes.subarray(1)]).toString('base64url');
    const last = token.at(-1)!;
    const strayBit = token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    const overlong = Buffer.concat([Buffer.alloc(9, 0xff), Buffer.from([1]), bytes.subarray(1)]).toString('base64url');
    for (const bad of [padded, `${token}A`, token.slice(0, -1), strayBit, overlong, '', '!!!!', token.replace(/./, '+')]) {
      expect(verifyToken(SECRET, bad, 'manage', NOW).ok, bad).toBe(false);
    }
  });

  it('a manage link signed the long way before stays valid until it expires', () => {
    const token = longManageToken(SECRET, claims);
    expect(verifyToken(SECRET, token, 'manage', NOW)).toEqual({ ok: true, claims });
    expect(verifyToken(SECRET, token, 'manage', new Date('2027-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyToken('another-secret-0123456789abcdef0123456789', token, 'manage', NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('a manage link lasts until 30 days after the visit', () => {
    expect(manageTokenExpiry(new Date('2026-12-01T09:00:00Z')).toISOString()).toBe('2026-12-31T09:00:00.000Z');
  });
});

describe('the signing key', () => {
  it('is BOOKING_SECRET when set; production refuses to start without it; elsewhere one is kept in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'booking-secret-'));
    try {
      expect(resolveBookingSecret({ configured: SECRET, dataDir, isProduction: true })).toBe(SECRET);
      expect(() => resolveBookingSecret({ configured: null, dataDir, isProduction: true })).toThrow(/BOOKING_SECRET/);
      const made = resolveBookingSecret({ configured: null, dataDir, isProduction: false });
      expect(made.length).toBeGreaterThanOrEqual(32);
      expect(resolveBookingSecret({ configured: null, dataDir, isProduction: false })).toBe(made); // survives a restart
      expect(readFileSync(path.join(dataDir, 'booking-secret'), 'utf8').trim()).toBe(made);
      expect(statSync(path.join(dataDir, 'booking-secret')).mode & 0o077).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
