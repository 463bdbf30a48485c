import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenStoreOptions, Store } from '../server/platform/db/store';
import { silentLogger } from '../server/platform/http/logger';
import { startPostgresCluster } from '../tests/support/postgres-cluster.mjs';

/**
 * Runs one benchmark on a new PGlite database, then on a throw-away PostgreSQL cluster when
 * Debian's `postgresql` is installed (skipped, and said, when not), each store closed after.
 */
export async function onEachEngine(
  name: string,
  open: (options: Omit<OpenStoreOptions, 'steps'>) => Promise<Store>,
  run: (store: Store, engine: string) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `clinic-${name}-`));
  try {
    console.error('PGlite: creating a database…');
    const store = await open({ dataDir, logger: silentLogger });
    await run(store, 'PGlite (in-process)');
    await store.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const cluster = await startPostgresCluster();
  if (!cluster) {
    console.error('PostgreSQL is not installed: skipped');
    return;
  }
  try {
    console.error('PostgreSQL: starting a throw-away cluster…');
    const store = await open({ databaseUrl: await cluster.createDatabase(name.replace(/\W/g, '_')), dataDir: tmpdir(), logger: silentLogger });
    await run(store, 'PostgreSQL (TCP, pool of 10)');
    await store.close();
  } finally {
    await cluster.stop();
  }
}
