import { errorFields } from './http/error-fields';
import type { Logger } from './http/logger';

export interface Poller {
  /** Runs a round now (or, while one runs, once more after it). */
  wake(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/**
 * A worker's loop: `drain` takes a batch and says how many rows it claimed; batches follow each
 * other while full, a wake during a round runs one more, and then it waits `pollMs`. `after`
 * runs once a round is done (housekeeping). Failures are logged by class, never thrown.
 */
export function startPoller(options: { pollMs: number; batchSize: number; logger: Logger; label: string; drain(): Promise<{ claimed: number }>; after?: () => Promise<void> }): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const round = async () => {
    do {
      again = false;
      let claimed: number;
      do {
        ({ claimed } = await options.drain());
      } while (claimed === options.batchSize && !stopped);
    } while (again && !stopped);
    await options.after?.();
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, options.pollMs);
    timer.unref();
  };
  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = round()
      .catch((error: unknown) => options.logger.error(`${options.label} round failed`, errorFields(error)))
      .finally(() => {
        running = null;
        schedule();
      });
  }
  tick();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
