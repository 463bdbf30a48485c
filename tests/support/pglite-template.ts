import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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

/**
 * The template as one file (`<dir>.tar`, PGlite's `dumpDataDir()`), made once beside the template
 * from a copy of it (opening a database writes to it): the tests' stores start in memory from it
 * (`openStore({ embeddedFrom })`, tests/support/test-store.ts) instead of copying the directory and
 * running on disk (ADR 0039).
 */
export async function pgliteTemplateDump(templateDir: string): Promise<string> {
  const file = `${templateDir}.tar`;
  if (existsSync(file)) return file;
  const scratch = mkdtempSync(`${templateDir}.dump-`);
  try {
    copyPgliteTemplateInto(templateDir, scratch);
    const client = await PGlite.create(path.join(scratch, 'db'), { extensions: { btree_gist, pg_trgm } });
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written beside it and renamed, so parallel runs never read a half-written file.
    const building = `${file}.${process.pid}.tmp`;
    writeFileSync(building, Buffer.from(await dump.arrayBuffer()));
    renameSync(building, file);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return file;
}
