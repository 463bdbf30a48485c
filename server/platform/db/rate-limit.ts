import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RateLimitStore } from '../http/rate-limit';
import { queryRows } from './db';
import type { Store } from './store';

/** Drizzle's view of the counters (migration 0001): one fixed window per key. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in a fixed window and says whether it is within `limit`. One
 * atomic upsert, so every instance sharing the database shares the limit.
 */
export async function hitRateLimit(store: Store, key: string, options: { limit: number; windowMs: number }): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${options.windowMs}::double precision / 1000)`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    store.db,
    sql`INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN r.window_start <= now() - ${window} THEN now() ELSE r.window_start END,
          count = CASE WHEN r.window_start <= now() - ${window} THEN 1 ELSE r.count + 1 END
        RETURNING count, ceil(extract(epoch FROM (window_start + ${window} - now())))::integer AS retry_after`,
  );
  const count = Number(row!.count);
  const allowed = count <= options.limit;
  return { allowed, remaining: Math.max(0, options.limit - count), retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row!.retry_after)) };
}

/** Deletes windows that ended long ago (the server's hourly housekeeping, server/main.ts). */
export async function pruneRateLimits(store: Store, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await store.db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${olderThanMs}::double precision / 1000)`);
}

/** The sign-in and form limits, counted in the database so every instance shares them. */
export function storeRateLimits(store: Store): RateLimitStore {
  return {
    async hit(key, limit, windowMs) {
      const { allowed, retryAfterSeconds } = await hitRateLimit(store, key, { limit, windowMs });
      return { allowed, retryAfterSeconds };
    },
  };
}
