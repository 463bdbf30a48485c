import { siteFactsOf, type SiteFacts } from '../../shared/clinic/site-facts';
import type { ClinicFacts } from '../../shared/clinic/types';
import type { Store } from '../platform/db/store';
import type { ClinicCatalog } from './context';
import { loadClinicFacts } from './repo';

/**
 * The clinic's facts from the database, kept in memory between changes: `invalidate()` (called
 * when the content version moves, server/platform/db/content-version.ts) makes the next read
 * ask the database again. Pages and loaders read them on every render at no database cost.
 */
export function storeCatalog(store: Store): ClinicCatalog & { invalidate(): void } {
  let current: Promise<{ facts: ClinicFacts; site: SiteFacts }> | null = null;
  const load = () => {
    current ??= loadClinicFacts(store.db).then(
      (facts) => ({ facts, site: siteFactsOf(facts) }),
      (error: unknown) => {
        current = null;
        throw error;
      },
    );
    return current;
  };
  return {
    facts: async () => (await load()).facts,
    siteFacts: async () => (await load()).site,
    invalidate: () => {
      current = null;
    },
  };
}

/** Fixed facts (tests, and pages rendered without a database). */
export function staticCatalog(facts: ClinicFacts): ClinicCatalog {
  const site = siteFactsOf(facts);
  return { facts: async () => facts, siteFacts: async () => site };
}
