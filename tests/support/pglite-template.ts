import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadMigrations } from '../../server/platform/db/migrate';
import { migrationSteps, openAppStore } from '../../server/app/store';
import { silentLogger } from '../../server/platform/http/logger';

/**
 * One migrated PGlite data directory (`<dir>/db`), cached in node_modules/.cache and keyed by
 * the migrations and the PGlite version: creating one takes ~8 s (much more on a loaded
 * machine), copying it ~1 s. Made once for the integration tests (tests/setup/store.ts) and
 * the end-to-end server (tests/e2e/global-setup.ts), whichever asks first.
 */
export async function pgliteTemplate(): Promise<string> {
  const pgliteVersion = (JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(pgliteVersion)
    .update([...loadMigrations(), ...migrationSteps].map((m) => m.checksum).join())
    .digest('hex')
    .slice(0, 16);
  const cacheRoot = path.resolve('node_modules/.cache/clinic-store-tests');
  const dir = path.join(cacheRoot, `pglite-${key}`);
  if (existsSync(path.join(dir, 'db', 'PG_VERSION'))) return dir;
  // Build beside it and rename, so parallel runs never see a half-made template.
  const building = `${dir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  const store = await openAppStore({ dataDir: building, logger: silentLogger });
  await store.close();
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run got there first
  }
  return dir;
}

/** Copies the template's database into `dataDir/db` (the layout `openAppStore({ dataDir })` opens). */
export function copyPgliteTemplateInto(templateDir: string, dataDir: string) {
  cpSync(path.join(templateDir, 'db'), path.join(dataDir, 'db'), { recursive: true });
}
