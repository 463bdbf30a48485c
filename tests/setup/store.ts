import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../support/postgres-cluster.mjs';
import { pgliteTemplate, pgliteTemplateDump } from '../support/pglite-template';
import { openStore } from '../../server/platform/db/store';
import { openAppStore } from '../../server/app/store';
import { silentLogger } from '../../server/platform/http/logger';

/**
 * The store tests run every case on both engines from prepared, migrated copies:
 *  - PGlite: one migrated data directory (tests/support/pglite-template.ts, cached in
 *    node_modules/.cache) and its dump in one file; each test store starts in memory from the
 *    dump, and a server process a test starts gets a copy of the directory (creating is ~8 s).
 *  - PostgreSQL: a throw-away cluster (initdb + pg_ctl, free port, socket in its temp dir)
 *    with a migrated `migrated_template` database; each test file creates its own
 *    database from it. Skipped when PostgreSQL is not installed, unless REQUIRE_POSTGRES=1;
 *    not started with TEST_ENGINES=pglite (`npm run test:quick`).
 */
export async function prepareStores(project: TestProject): Promise<() => Promise<void>> {
  const [[pgliteTemplateDir, pgliteTemplateFile], postgres] = await Promise.all([
    pgliteTemplate().then(async (dir) => [dir, await pgliteTemplateDump(dir)] as const),
    postgresWithTemplate(),
  ]);
  project.provide('pgliteTemplateDir', pgliteTemplateDir);
  project.provide('pgliteTemplateDump', pgliteTemplateFile);
  project.provide('postgresUrl', postgres?.url ?? '');
  return async () => {
    await postgres?.stop();
  };
}

async function postgresWithTemplate(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  // `npm run test:quick` asks for PGlite only (TEST_ENGINES=pglite): no cluster, whatever REQUIRE_POSTGRES says.
  if (process.env.TEST_ENGINES === 'pglite') return null;
  const cluster = await startPostgresCluster({ fast: true });
  if (!cluster) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error('REQUIRE_POSTGRES=1 but PostgreSQL 15+ is not installed (expected /usr/lib/postgresql/<version>/bin/initdb; apt-get install postgresql)');
    }
    console.warn('[store tests] PostgreSQL is not installed: running the store tests on PGlite only (set REQUIRE_POSTGRES=1 to fail instead)');
    return null;
  }
  try {
    const admin = await openStore({ databaseUrl: `${cluster.url}/postgres`, dataDir: tmpdir(), logger: silentLogger, migrate: false, poolSize: 1 });
    await admin.db.execute('CREATE DATABASE migrated_template');
    await admin.close();
    const template = await openAppStore({ databaseUrl: `${cluster.url}/migrated_template`, dataDir: tmpdir(), logger: silentLogger, poolSize: 1 });
    await template.close();
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (`<dir>/db`): copy it, never open it in place. */
    pgliteTemplateDir: string;
    /** The same database as one file (PGlite's dumpDataDir): `openStore({ embeddedFrom })` starts a copy in memory. */
    pgliteTemplateDump: string;
    /** `postgres://postgres@127.0.0.1:<port>` of the test cluster, or '' when PostgreSQL is not installed. */
    postgresUrl: string;
  }
}
