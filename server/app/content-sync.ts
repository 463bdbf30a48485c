import type { Logger } from '../platform/http/logger';
import { errorFields } from '../platform/http/error-fields';
import { watchContentVersion } from '../platform/db/content-version';
import type { Store } from '../platform/db/store';
import type { PageCache } from '../platform/page-cache';

export interface ContentSync {
  /** AppDeps.onContentChange: public content changed through this instance (the app has already emptied its own page cache). */
  onContentChange(): void;
  stop(): void;
}

/**
 * Keeps what an instance holds in memory (its page cache, the clinic's facts) in step with
 * the database, on every instance: a change made through this one bumps the database's content
 * version (and empties this one's at once); every instance polls the version (every 500 ms) and
 * empties its own when it moves, so a change shows everywhere within a second. Triggers bump the
 * version too, for changes made in the database itself (migrations 0002 and 0004).
 */
export function syncContent(options: { store: Store; logger: Logger; pageCache: PageCache; clinic: { invalidate(): void }; intervalMs?: number }): ContentSync {
  const { store, logger, pageCache, clinic } = options;
  const contentVersion = watchContentVersion(store, { logger, ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}) });
  contentVersion.onChange(() => {
    clinic.invalidate();
    pageCache.clear();
  });
  return {
    onContentChange: () => {
      clinic.invalidate();
      contentVersion.bump().catch((error: unknown) => logger.error('content version not bumped', errorFields(error)));
    },
    stop: () => contentVersion.stop(),
  };
}
