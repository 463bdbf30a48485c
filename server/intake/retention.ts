import type { Store } from '../platform/db/store';
import { errorFields } from '../platform/http/error-fields';
import type { Logger } from '../platform/http/logger';
import { runIntakeRetention } from './people';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes new-patient forms INTAKE_RETENTION_MONTHS after their visit: a minute after start, then
 * daily, in the server process (unref'd timer, stopped on shutdown). Every instance may run it.
 */
export function startIntakeRetention(options: { store: Store; months: number; logger: Logger; firstDelayMs?: number; everyMs?: number }): { stop(): void } {
  const { store, months, logger, firstDelayMs = 60_000, everyMs = DAY_MS } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  };
  const run = async () => {
    try {
      const forms = await runIntakeRetention(store.db, months);
      logger.info('intake retention done', { months, forms });
    } catch (error) {
      logger.error('intake retention failed', errorFields(error));
    }
    schedule(everyMs);
  };
  schedule(firstDelayMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
