import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Typed Drizzle over either engine: the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but Drizzle's engine-neutral
 * type leaves the result unknown.
 */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
