import { insertBookingSeed } from '../booking/seed';
import { storeCatalog } from '../clinic/catalog';
import { storeBlogCatalog } from '../blog/catalog';
import { storeGalleryCatalog } from '../gallery/catalog';
import { clinicSeed } from '../clinic/seed';
import { insertClinicFacts } from '../clinic/repo';
import { seedPublishing } from '../publishing/seed';
import { publishDue } from '../publishing/repo';
import { mediaPicturesOf } from '../publishing/pictures';
import { richTextPictureIds, type RichTextDoc } from '../../shared/platform/rich-text';
import { watchContentVersion } from '../platform/db/content-version';
import type { Migration } from '../platform/db/migrate';
import { openStore, type OpenStoreOptions, type Store } from '../platform/db/store';
import { errorFields } from '../platform/http/error-fields';
import type { Logger } from '../platform/http/logger';

/**
 * The steps in code that go with the SQL migrations (server/platform/db/migrations/): data a
 * domain owns on a new database. Named so they run right after the tables they fill.
 */
export const migrationSteps: readonly Migration[] = [
  // The checksum names the step, not the data: the seed is for new databases only, and the
  // database is where the clinic's facts live from then on.
  { name: '0002_clinic_seed', checksum: 'clinic-seed-1', run: (tx) => insertClinicFacts(tx, clinicSeed) },
  // Working plans of the bookable practitioners and the public holidays (server/booking/seed.ts).
  { name: '0003_booking_seed', checksum: 'booking-seed-1', run: (tx) => insertBookingSeed(tx) },
  // The content that was in the code becomes data, each item's first revision (server/publishing/seed.ts).
  { name: '0009_publishing_seed', checksum: 'publishing-seed-1', run: (tx) => seedPublishing(tx) },
];

/** Opens the app's store: PGlite or PostgreSQL, migrated and seeded. */
export function openAppStore(options: Omit<OpenStoreOptions, 'steps'>): Promise<Store> {
  return openStore({ ...options, steps: migrationSteps });
}

/**
 * Public content in memory, kept true across instances: the clinic's facts and the published posts
 * (read once, then from memory) and the page cache are emptied whenever the database's content version moves — a
 * change made here (`onContentChange`), on another instance, or straight in the database (the
 * clinic's tables have triggers). Within one poll (500 ms).
 */
export function contentWiring(store: Store, options: { pageCache: { clear(): void }; logger: Logger; intervalMs?: number; scheduleIntervalMs?: number }) {
  // The uploads a body shows (its <picture>s' copies), read with the body.
  const pictures = (doc: RichTextDoc) => mediaPicturesOf(store.db, richTextPictureIds(doc));
  const clinic = storeCatalog(store, pictures);
  const blog = storeBlogCatalog(store, undefined, pictures);
  const gallery = storeGalleryCatalog(store);
  const version = watchContentVersion(store, { logger: options.logger, ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}) });
  // Scheduled publications go out by themselves: every instance looks for due ones (each is
  // published once: the row is locked, SKIP LOCKED); the publish moves the content version, so
  // every instance's memory and page cache follow within one poll.
  const publishScheduled = async () => {
    try {
      const published = await publishDue(store.db, new Date(), (error, item) => options.logger.error('scheduled publication failed', { ...item, ...errorFields(error) }));
      if (published) options.logger.info('scheduled content published', { count: published });
    } catch (error) {
      options.logger.error('scheduled publications not checked', errorFields(error));
    }
  };
  const scheduler = setInterval(() => void publishScheduled(), options.scheduleIntervalMs ?? 5000);
  scheduler.unref();
  version.onChange(() => {
    clinic.invalidate();
    blog.invalidate();
    gallery.invalidate();
    options.pageCache.clear();
  });
  return {
    clinic,
    blog,
    gallery,
    /** Asks the database for its content version now (after a publish here): this instance's memory and cache follow at once. */
    check: () => version.check(),
    /** For createApp's onContentChange: this instance's cache is emptied by the app; the others' by the bump. */
    onContentChange: () => {
      clinic.invalidate();
      blog.invalidate();
      gallery.invalidate();
      version.bump().catch((error: unknown) => options.logger.error('content version not bumped', errorFields(error)));
    },
    /** Publishes what is due now (the timer does it every few seconds). */
    publishScheduled,
    stop: () => {
      clearInterval(scheduler);
      version.stop();
    },
  };
}
