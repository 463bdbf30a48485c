import type { Store } from '../../platform/db/store';
import { errorFields } from '../../platform/http/error-fields';
import type { Logger } from '../../platform/http/logger';
import type { FormKeys } from '../keys';
import { suppressUnsubscribed } from '../repo';
import { runRetention } from './repo';

const DAY_MS = 24 * 60 * 60_000;

export interface RetentionJob {
  stop(): void;
}

/**
 * Runs the retention job a minute after start and then daily, in the server process. The
 * timer is unref'd (it never keeps the process alive) and stopped on shutdown. With several
 * instances each runs it; the DELETE is idempotent, so that is harmless.
 */
export function startRetentionJob(options: {
  store: Store;
  months: number;
  keys: FormKeys;
  logger: Logger;
  firstDelayMs?: number;
  everyMs?: number;
  onDeleted?: () => void;
  /** The other domains' housekeeping on the same round (the composition's): what each deleted, by name. */
  also?: () => Promise<Record<string, number>>;
}): RetentionJob {
  const { store, months, logger, firstDelayMs = 60_000, everyMs = DAY_MS } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const result = await runRetention(store.db, months);
      const suppressed = await suppressUnsubscribed(store, options.keys);
      const others = (await options.also?.()) ?? {};
      logger.info('retention job done', { months, requests: result.requests, mails: result.mails, suppressed, ...others });
      if (result.requests) options.onDeleted?.();
    } catch (error) {
      logger.error('retention job failed', errorFields(error));
    }
    schedule(everyMs);
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
