import { createContext, useContext, type ReactNode } from 'react';
import { seedDetails, type ClinicDetails } from '../content/site';

/**
 * How to reach the clinic (phones, e-mail, WhatsApp, social links, the emergency notice), for
 * every component on both sides, the UI kit's included: the clinic's facts provider
 * (shared/clinic/facts-context.tsx) fills it from the database's facts. Outside one (a test
 * rendering a single component) it is the seed's.
 */
const SiteDetailsContext = createContext<ClinicDetails>(seedDetails);

export function SiteDetailsProvider({ details, children }: { details: ClinicDetails; children: ReactNode }) {
  return <SiteDetailsContext.Provider value={details}>{children}</SiteDetailsContext.Provider>;
}

export function useSiteDetails(): ClinicDetails {
  return useContext(SiteDetailsContext);
}
