import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'form-key-secret';

/**
 * The secret that salts the keys made from what people type (server/requests/keys.ts):
 * FORM_KEY_SECRET when set (production must set it, and every instance the same one);
 * otherwise, in development, a random one kept in DATA_DIR/form-key-secret (made on the
 * first start, readable by this user only), so that keys stay stable across restarts.
 */
export function formKeySecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const made = randomBytes(32).toString('base64url');
  writeFileSync(file, made + '\n', { mode: 0o600 });
  return made;
}
