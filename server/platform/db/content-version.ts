import { sql } from 'drizzle-orm';
import { errorFields } from '../http/error-fields';
import type { Logger } from '../http/logger';
import { queryRows } from './db';
import type { Store } from './store';

/**
 * One number in the database that goes up whenever public content changes: triggers on the
 * clinic's tables (migration 0002) and `bump()` after a change the app makes (a comment
 * published or erased). Every instance polls it, cheaply, and empties what it keeps in memory
 * (its page cache, the clinic's facts) when it moves: a change made through one instance, or
 * straight in the database, shows on all of them within a poll.
 */
export interface ContentVersion {
  /** Marks public content changed (in the caller's database); every instance notices at its next poll. */
  bump(): Promise<void>;
  /** Asks the database now instead of at the next poll; resolves once listeners ran. */
  check(): Promise<void>;
  onChange(listener: () => void): void;
  stop(): void;
}

export function watchContentVersion(store: Store, options: { intervalMs?: number; logger: Logger }): ContentVersion {
  const listeners: (() => void)[] = [];
  let known: string | null = null;
  let running: Promise<void> | null = null;
  const read = async () => {
    const [row] = await queryRows<{ version: string }>(store.db, sql`SELECT version::text AS version FROM content_version`);
    return row?.version ?? '0';
  };
  const check = () => {
    running ??= (async () => {
      try {
        const version = await read();
        if (known !== null && version !== known) for (const listener of listeners) listener();
        known = version;
      } catch (error) {
        options.logger.error('content version check failed', errorFields(error));
      } finally {
        running = null;
      }
    })();
    return running;
  };
  void check();
  const timer = setInterval(() => void check(), options.intervalMs ?? 500);
  timer.unref();
  return {
    async bump() {
      await store.db.execute(sql`UPDATE content_version SET version = version + 1, changed_at = now()`);
      await check();
    },
    check,
    onChange: (listener) => void listeners.push(listener),
    stop: () => clearInterval(timer),
  };
}
