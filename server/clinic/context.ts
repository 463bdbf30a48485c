import { createContext } from 'react-router';
import type { SiteFacts } from '../../shared/clinic/site-facts';
import type { ClinicFacts } from '../../shared/clinic/types';

/** The clinic's facts, as the pages read them: from memory, refreshed when the database says they changed (catalog.ts). */
export interface ClinicCatalog {
  facts(): Promise<ClinicFacts>;
  /** The part every page shows (the root loader's data). */
  siteFacts(): Promise<SiteFacts>;
}

export const clinicContext = createContext<ClinicCatalog>();
