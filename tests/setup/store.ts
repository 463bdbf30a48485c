import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { loadMigrations } from '../../server/db/migrate';
import { openStore } from '../../server/db/store';
import { silentLogger } from '../../server/logger';

const run = promisify(execFile);

/**
 * The store tests run every case on both engines from prepared, migrated copies:
 *  - PGlite: one migrated data directory (cached in node_modules/.cache, keyed by the
 *    migrations and the PGlite version); each test file copies it (~1 s, creating is ~8 s).
 *  - PostgreSQL: a throw-away cluster (initdb + pg_ctl, free port, socket in its temp dir)
 *    with a migrated `migrated_template` database; each test file creates its own
 *    database from it. Skipped when PostgreSQL is not installed, unless REQUIRE_POSTGRES=1.
 */
export default async function setup(project: TestProject) {
  const [pgliteTemplateDir, postgres] = await Promise.all([pgliteTemplate(), startPostgres()]);
  project.provide('pgliteTemplateDir', pgliteTemplateDir);
  project.provide('postgresUrl', postgres?.url ?? '');
  return async () => {
    await postgres?.stop();
  };
}

async function pgliteTemplate(): Promise<string> {
  const pgliteVersion = (JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(pgliteVersion)
    .update(loadMigrations().map((m) => m.checksum).join())
    .digest('hex')
    .slice(0, 16);
  const cacheRoot = path.resolve('node_modules/.cache/clinic-store-tests');
  const dir = path.join(cacheRoot, `pglite-${key}`);
  if (existsSync(path.join(dir, 'db', 'PG_VERSION'))) return dir;
  // Build beside it and rename, so parallel runs never see a half-made template.
  const building = `${dir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  const store = await openStore({ dataDir: building, logger: silentLogger });
  await store.close();
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run got there first
  }
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map(Number) : [];
  const version = versions
    .filter((v) => v >= 15 && existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    .sort((a, b) => b - a)[0];
  const bin = version ? `/usr/lib/postgresql/${version}/bin` : undefined;
  if (!bin) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error('REQUIRE_POSTGRES=1 but PostgreSQL 15+ is not installed (expected /usr/lib/postgresql/<version>/bin/initdb; apt-get install postgresql)');
    }
    console.warn('[store tests] PostgreSQL is not installed: running the store tests on PGlite only (set REQUIRE_POSTGRES=1 to fail instead)');
    return null;
  }
  const root = mkdtempSync(path.join(tmpdir(), 'clinic-pg-'));
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: then the cluster belongs to the postgres user.
  const as = async (cmd: string, args: string[]) => (isRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args));
  if (isRoot) {
    const pw = await run('id', ['-u', 'postgres']);
    const gid = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(pw.stdout), Number(gid.stdout));
  }
  const data = path.join(root, 'data');
  const port = await freePort();
  await as(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const opts = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  await as(path.join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = async () => {
    await as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const url = `postgres://postgres@127.0.0.1:${port}`;
    const admin = await openStore({ databaseUrl: `${url}/postgres`, dataDir: root, logger: silentLogger, migrate: false, poolSize: 1 });
    await admin.db.execute('CREATE DATABASE migrated_template');
    await admin.close();
    const template = await openStore({ databaseUrl: `${url}/migrated_template`, dataDir: root, logger: silentLogger, poolSize: 1 });
    await template.close();
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (`<dir>/db`): copy it, never open it in place. */
    pgliteTemplateDir: string;
    /** `postgres://postgres@127.0.0.1:<port>` of the test cluster, or '' when PostgreSQL is not installed. */
    postgresUrl: string;
  }
}
