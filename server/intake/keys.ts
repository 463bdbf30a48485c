import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../platform/db/db';
import { IntakeKeyError, keyring, parseKek, type IntakeKeyring } from './crypto';
import { missingKeys } from './rekey';

/**
 * The key-encryption keys of the new-patient forms (ADR 0044): INTAKE_KEK (the current one) and
 * INTAKE_KEK_PREVIOUS (older ones, comma-separated, readable until `npm run intake:rekey` has
 * rewrapped every form under the current one).
 *
 * Production refuses to start without INTAKE_KEK: a key made up at start would leave every form
 * unreadable after the next one. Elsewhere, without it, one is kept in DATA_DIR/intake-kek
 * (created on first use, readable by the owner only), so development data survives a restart.
 */
export function resolveIntakeKeyring(options: { configured: string | null; previous: readonly string[]; dataDir: string; isProduction: boolean }): IntakeKeyring {
  const previous = options.previous.map((k, i) => parseKek(k, `INTAKE_KEK_PREVIOUS (key ${i + 1})`));
  if (options.configured) return keyring(parseKek(options.configured), previous);
  if (options.isProduction) {
    throw new IntakeKeyError(
      'Invalid configuration: production needs INTAKE_KEK (32 random bytes in base64, e.g. from openssl rand -base64 32): it encrypts the patients’ new-patient forms. Keep it apart from the database’s backups.',
    );
  }
  const file = path.join(options.dataDir, 'intake-kek');
  try {
    return keyring(parseKek(readFileSync(file, 'utf8'), file), previous);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return keyring(key, previous);
}

/**
 * At start: every form must open with the keys this server holds. A form wrapped by a key it
 * lacks (INTAKE_KEK wrong, or an old key dropped before `npm run intake:rekey` ran) would be
 * unreadable: production refuses to start (IntakeKeyError naming the key ids, never a key);
 * elsewhere the message is returned for the log, and such a form says so to staff.
 */
export async function checkIntakeKeys(db: Db, ring: IntakeKeyring, isProduction: boolean): Promise<string | null> {
  const missing = await missingKeys(db, ring);
  if (!missing.length) return null;
  const what = missing.map((m) => `${m.forms} form(s) under key ${m.kekId}`).join(', ');
  const message = `INTAKE_KEK does not open every new-patient form: ${what}. Set INTAKE_KEK (or INTAKE_KEK_PREVIOUS) to the key(s) they were written with; this server holds ${[...ring.byId.keys()].join(', ')}.`;
  if (isProduction) throw new IntakeKeyError(`Invalid configuration: ${message}`);
  return message;
}
