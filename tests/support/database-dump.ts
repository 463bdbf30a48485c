import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/platform/db/db';
import type { Store } from '../../server/platform/db/store';

/**
 * Every row of every table in the database, as text: the tables are discovered from the
 * catalog (every schema but PostgreSQL's own), not named here, so a table added later is read
 * too. Each row is the row cast to text, which holds every column (jsonb included).
 */
export async function dumpDatabase(store: Store): Promise<{ table: string; row: string }[]> {
  const tables = await queryRows<{ schema: string; name: string }>(
    store.db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg\\_%'
        ORDER BY 1, 2`,
  );
  const out: { table: string; row: string }[] = [];
  for (const { schema, name } of tables) {
    const rows = await queryRows<{ row: string }>(store.db, sql`SELECT t::text AS row FROM ${sql.identifier(schema)}.${sql.identifier(name)} t`);
    for (const { row } of rows) out.push({ table: `${schema}.${name}`, row });
  }
  return out;
}

/** The rows that hold any of `needles` (case-insensitive), with the needle found. */
export function rowsHolding(dump: { table: string; row: string }[], needles: readonly string[]) {
  const lower = needles.map((n) => n.toLowerCase());
  return dump.flatMap(({ table, row }) => {
    const text = row.toLowerCase();
    const found = lower.filter((n) => text.includes(n));
    return found.length ? [{ table, found, row }] : [];
  });
}

/**
 * Every file under a data directory, as text, but the embedded database's own folder (`db/`,
 * binary pages checked through SQL by dumpDatabase) and its lock. Mail is read the way a mail
 * client would show it: quoted-printable soft breaks joined and escapes decoded, base64 parts
 * (an attached calendar file) decoded, so a name split across lines is still found.
 */
export function dumpDataDir(dir: string): { table: string; row: string }[] {
  const out: { table: string; row: string }[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (!(at === dir && entry.name === 'db')) walk(full);
      } else if (!(at === dir && entry.name === 'db.lock')) {
        const text = readFileSync(full, 'utf8');
        out.push({ table: path.relative(dir, full), row: full.endsWith('.eml') ? readableMail(text) : text });
      }
    }
  };
  walk(dir);
  return out;
}

function readableMail(text: string): string {
  const qp = text.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => {
    try {
      return Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8');
    } catch {
      return run;
    }
  });
  const base64 = [...text.matchAll(/(?:^[A-Za-z0-9+/]{16,76}={0,2}\r?\n){2,}/gm)].map((m) => Buffer.from(m[0].replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64].join('\n');
}
