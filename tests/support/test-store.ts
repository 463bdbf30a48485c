import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Store } from '../../server/platform/db/store';
import { openAppStore as openStore } from '../../server/app/store';
import { silentLogger } from '../../server/platform/http/logger';
import { copyPgliteTemplateInto } from './pglite-template';

export type Engine = Store['engine'];

/**
 * The engines for a file whose tests check the SQL (queries, constraints, transactions, what
 * the tables hold): PGlite always, PostgreSQL when the global setup started one.
 */
export function testEngines(): Engine[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The engine for a file whose tests check what pages and endpoints answer (status, markup,
 * redirects, form handling), whose SQL a store-level file checks on both engines: one, the
 * production engine PostgreSQL when the run has it, PGlite otherwise (`npm run test:quick`).
 * The rule and the files on each side: docs/conventions.md, "Which database engines".
 */
export function pageEngines(): Engine[] {
  return inject('postgresUrl') ? ['postgres'] : ['pglite'];
}

export interface TestStore {
  store: Store;
  /** A scratch folder of its own (the app's files: mail, messages, media); the database is not in it. */
  dataDir: string;
  /** PostgreSQL: the connection string of this database (e.g. for server processes); PGlite: null. */
  databaseUrl: string | null;
  cleanup(): Promise<void>;
}

/** A fresh copy of the migrated PGlite directory in a temp folder (not opened). */
export function copyPgliteTemplate(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-store-'));
  copyPgliteTemplateInto(inject('pgliteTemplateDir'), dataDir);
  return dataDir;
}

/**
 * The migrated template as PGlite's dump, read once per worker (the files of a worker share its
 * modules: docs/conventions.md): a Blob, which nothing can change.
 */
let templateDump: Blob | undefined;

/**
 * A migrated store of its own for one test file, on the given engine. PGlite: in memory, from the
 * template's dump (nothing copied or written to disk: a third to a half of the CPU of the same
 * work on disk); its data directory is a scratch folder for the files the app writes there (mail,
 * messages, media). A server process a test starts opens a copy on disk (`copyPgliteTemplate`).
 */
export async function openTestStore(engine: Engine): Promise<TestStore> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-store-'));
    templateDump ??= new Blob([readFileSync(inject('pgliteTemplateDump'))]);
    const store = await openStore({ dataDir, logger: silentLogger, embeddedFrom: templateDump });
    return {
      store,
      dataDir,
      databaseUrl: null,
      async cleanup() {
        await store.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openStore({ databaseUrl: `${base}/postgres`, dataDir: tmpdir(), logger: silentLogger, migrate: false, poolSize: 1 });
  await admin.db.execute(`CREATE DATABASE ${name} TEMPLATE migrated_template`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-store-'));
  const databaseUrl = `${base}/${name}`;
  const store = await openStore({ databaseUrl, dataDir, logger: silentLogger });
  return {
    store,
    dataDir,
    databaseUrl,
    async cleanup() {
      await store.close();
      await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
