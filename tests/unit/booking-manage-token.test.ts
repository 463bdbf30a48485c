import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manageTokenExpiry, signToken, verifyToken } from '../../server/booking/manage-token';
import { resolveBookingSecret } from '../../server/booking/secret';

const SECRET = 'unit-test-secret-0123456789abcdef0123456789';
const NOW = new Date('2026-11-30T04:00:00Z');
const claims = { purpose: 'manage' as const, appointmentId: 42, version: 3, expiresAt: new Date('2027-01-01T00:00:00Z') };

describe('signed booking links', () => {
  it('verify what was signed, and nothing else', () => {
    const token = signToken(SECRET, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyToken(SECRET, token, 'manage', NOW)).toEqual({ ok: true, claims });
    expect(verifyToken(SECRET, token, 'hold', NOW)).toEqual({ ok: false, reason: 'wrong-purpose' });
    expect(verifyToken('another-secret-0123456789abcdef0123456789', token, 'manage', NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyToken(SECRET, token, 'manage', new Date('2027-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from('manage.43.3.1798761600').toString('base64url');
    expect(verifyToken(SECRET, `${forged}.${mac}`, 'manage', NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    for (const bad of [`${body}A.${mac}`, `${body}.${mac}A`, `${body}.${mac.slice(1)}`, `${body}`, `${body}.${mac}.${mac}`, '..', 'a'.repeat(300)]) {
      expect(verifyToken(SECRET, bad, 'manage', NOW).ok, bad).toBe(false);
    }
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
