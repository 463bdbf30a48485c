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
