import { insertBookingSeed } from '../booking/seed';
import { clinicSeed } from '../clinic/seed';
import { insertClinicFacts } from '../clinic/repo';
import type { Migration } from '../platform/db/migrate';
import { openStore, type OpenStoreOptions, type Store } from '../platform/db/store';

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
];

/** Opens the app's store: PGlite or PostgreSQL, migrated and seeded. */
export function openAppStore(options: Omit<OpenStoreOptions, 'steps'>): Promise<Store> {
  return openStore({ ...options, steps: migrationSteps });
}
