import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Logger } from '../http/logger';
import { queryRows, type Db, type Tx } from './db';

export interface Migration {
  /** File name without `.sql`, e.g. `0001_store`; applied in this order. */
  name: string;
  /** SQL statements (a migration file), or… */
  sql?: string;
  /** …a step in code (seeding data a domain owns, e.g. the clinic's facts on a new database). */
  run?: (tx: Tx) => Promise<void>;
  checksum: string;
}

/** Any 64-bit number that no other code uses as an advisory lock key ("clinic migrations"). */
const MIGRATION_LOCK_KEY = 0x636c696e6963;
const BREAKPOINT = /^-->\s*statement-breakpoint\s*$/m;

/**
 * Where the .sql files are: beside this module in the source tree (server/platform/db/migrations),
 * and beside the bundle in a build (dist/server/migrations, copied there by vite.config.ts).
 */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [path.join(here, 'migrations'), path.join(here, '..', 'migrations')]) {
    try {
      if (readdirSync(dir).some((f) => f.endsWith('.sql'))) return dir;
    } catch {
      // not here; try the next place
    }
  }
  throw new Error(`No migrations found beside ${here} (expected a migrations/ folder of .sql files)`);
}

export function loadMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      return { name: file.replace(/\.sql$/, ''), sql: text, checksum: createHash('sha256').update(text).digest('hex') };
    });
}

/** A migration file split at its `--> statement-breakpoint` lines (PGlite prepares one command at a time). */
export function statements(migration: Migration): string[] {
  return (migration.sql ?? '')
    .split(BREAKPOINT)
    .map((s) => s.trim())
    .filter((s) => s.replace(/^--.*$/gm, '').trim().length > 0);
}

/**
 * Applies the pending migrations in order, all in one transaction that first takes a
 * transaction-scoped advisory lock: several instances starting at once apply each
 * migration exactly once, and a failure leaves the schema as it was. A migration that
 * was changed after it was applied stops the start (edit by adding a new file instead).
 */
export async function migrate(db: Db, logger: Logger, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  migrations = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql.raw(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      ),
    );
    const rows = await queryRows<{ name: string; checksum: string }>(tx, sql.raw('SELECT name, checksum FROM schema_migrations'));
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const known = applied.get(m.name);
      if (known !== undefined) {
        if (known !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied; add a new migration instead`);
        continue;
      }
      for (const statement of statements(m)) await tx.execute(sql.raw(statement));
      if (m.run) await m.run(tx);
      await tx.execute(sql`INSERT INTO schema_migrations (name, checksum) VALUES (${m.name}, ${m.checksum})`);
      logger.info('migration applied', { migration: m.name });
      done.push(m.name);
    }
    return done;
  });
}
