import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { SiteDetailsProvider } from '../platform/site-details';
import { siteFactsOf, type SiteFacts } from './site-facts';
import type { ClinicFacts } from './types';

/**
 * The clinic's facts (team, services, locations, hours) for every component, on both sides. The
 * server renders with the facts in memory (server/clinic/catalog.ts); the browser hydrates with
 * the very same facts, fetched once from their content-hashed file (`/assets/clinic-facts-<hash>.json`,
 * prefetched with the page's scripts and cached for good), so they are not repeated in every
 * page's HTML. Loaders return only what is particular to a request.
 */
const ClinicFactsContext = createContext<{ facts: ClinicFacts; site: SiteFacts } | null>(null);

export function ClinicFactsProvider({ facts, children }: { facts: ClinicFacts; children: ReactNode }) {
  const value = useMemo(() => ({ facts, site: siteFactsOf(facts) }), [facts]);
  return (
    <ClinicFactsContext.Provider value={value}>
      <SiteDetailsProvider details={facts.details}>{children}</SiteDetailsProvider>
    </ClinicFactsContext.Provider>
  );
}

function useFacts() {
  const value = useContext(ClinicFactsContext);
  if (!value) throw new Error('The clinic’s facts are not provided (ClinicFactsProvider)');
  return value;
}

/** Every fact of the clinic. */
export function useClinicFacts(): ClinicFacts {
  return useFacts().facts;
}

/** The few facts every page shows: the services' names, the open location, its hours, the planned cities. */
export function useSiteFacts(): SiteFacts {
  return useFacts().site;
}

/** Where the browser finds the facts a page was rendered with (the session element's `data-facts`). */
export const FACTS_DATA_ATTRIBUTE = 'facts';
