import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that signs manage links: BOOKING_SECRET (server/app/config.ts checks its form).
 * Production without one stops at start: a key made up on the spot would break every manage
 * link at the next deploy and differ between instances. Elsewhere a random one is kept in
 * DATA_DIR/booking-secret, so the links in mails written during development survive a
 * restart (created on first use, readable by the owner only). Tests pass their own.
 */
export function resolveBookingSecret(options: { configured: string | null; dataDir: string; isProduction: boolean }): string {
  if (options.configured) return options.configured;
  if (options.isProduction) {
    throw new Error('Invalid configuration: production needs BOOKING_SECRET (at least 32 random characters, e.g. from openssl rand -base64 32): it signs the patients’ manage links');
  }
  const file = path.join(options.dataDir, 'booking-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // not there yet: made below
  }
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
