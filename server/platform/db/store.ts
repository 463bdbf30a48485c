import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { errorFields } from '../http/error-fields';
import type { Logger } from '../http/logger';
import type { Db } from './db';
import { acquireLock } from './lock-file';
import { loadMigrations, migrate, type Migration } from './migrate';

export type { Db, Tx } from './db';

export interface Store {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Resolves when the database answers (readiness check); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** PostgreSQL 15+ connection string; without it, the embedded PGlite database in `${dataDir}/db`. */
  databaseUrl?: string | null;
  dataDir: string;
  logger: Logger;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  /** Connections per instance in the PostgreSQL pool (default 10). */
  poolSize?: number;
  /** Steps in code applied with the SQL migrations, in name order (the composition's: server/app/store.ts). */
  steps?: readonly Migration[];
  /**
   * The embedded database in memory, started from this copy of a data directory (PGlite's
   * `dumpDataDir()`), instead of the one in `${dataDir}/db`: nothing is read from or written to
   * disk, and it is gone when closed. The tests' own copies of a prepared database
   * (tests/support/test-store.ts); ignored with `databaseUrl`.
   */
  embeddedFrom?: Blob;
}

/** Opens the store and applies pending migrations. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl, options) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      const applied = await migrate(store.db, options.logger, [...loadMigrations(), ...(options.steps ?? [])]);
      options.logger.info('database schema up to date', { engine: store.engine, applied: applied.length ? applied.join(',') : 'none' });
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  return store;
}

async function openPostgres(url: string, options: OpenStoreOptions): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.logger.error('database connection error', errorFields(error)));
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  const store: Store = {
    db,
    engine: 'postgres',
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: () => pool.end(),
  };
  try {
    await store.ping();
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot reach the database at DATABASE_URL (${redact(url)}): ${rootMessage(error)}`, { cause: error });
  }
  options.logger.info('database connected', { engine: 'postgres', url: redact(url) });
  return store;
}

// btree_gist: the bookings' exclusion constraint (practitioner =, time range &&) needs it
// (migrations/0003_booking.sql); pg_trgm: the staff inbox's search by part of a name or
// phone number (0005_inbox_scale.sql). PGlite ships both as bundled extensions.
const EXTENSIONS = { btree_gist, pg_trgm };

async function openPglite(options: OpenStoreOptions): Promise<Store> {
  const { logger } = options;
  if (options.embeddedFrom) {
    const client = await PGlite.create({ loadDataDir: options.embeddedFrom, extensions: EXTENSIONS });
    return pgliteStore(client, () => {});
  }
  mkdirSync(options.dataDir, { recursive: true });
  const dir = path.resolve(options.dataDir, 'db');
  // PGlite has no lock of its own: two processes on one directory corrupt it.
  const release = acquireLock(path.join(options.dataDir, 'db.lock'), `The embedded database ${dir}`);
  const creating = !existsSync(path.join(dir, 'PG_VERSION'));
  const started = Date.now();
  if (creating) logger.info('creating the embedded database (PGlite); this takes a few seconds the first time', { dir });
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: EXTENSIONS });
  } catch (error) {
    release();
    throw error;
  }
  logger.info(creating ? 'embedded database created' : 'embedded database opened', { engine: 'pglite', dir, ms: Date.now() - started });
  return pgliteStore(client, release);
}

/** The store over an open PGlite; `release` (its directory's lock) runs when it closes or the process exits. */
function pgliteStore(client: PGlite, release: () => void): Store {
  const db = drizzlePglite({ client }) as unknown as Db;
  const onExit = () => release();
  process.once('exit', onExit);
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: async () => {
      process.off('exit', onExit);
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Drizzle wraps driver errors ("Failed query: …"); the driver's own message says what went wrong. */
function rootMessage(error: unknown): string {
  let e = error as { message?: string; cause?: unknown; code?: string } | undefined;
  while (e?.cause) e = e.cause as typeof e;
  return e?.message || e?.code || String(error);
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Thrown by a store that has no database behind it: pages show the 503 error page, forms keep what was typed. */
export class StoreUnavailableError extends Error {
  readonly status = 503;
  constructor() {
    super('No database is configured for this server');
    this.name = 'StoreUnavailableError';
  }
}

/**
 * A store with no database (pages rendered without one, in tests): every query fails with
 * StoreUnavailableError, the readiness check says not ready. Callers need not check for it.
 */
export function unavailableStore(): Store {
  const fail = () => {
    throw new StoreUnavailableError();
  };
  const db = new Proxy({}, { get: () => fail }) as unknown as Db;
  return { db, engine: 'postgres', ping: async () => fail(), close: async () => {} };
}
