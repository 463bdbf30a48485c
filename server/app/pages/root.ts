import type { LoaderFunctionArgs } from 'react-router';
import type { SiteFacts } from '../../../shared/clinic/site-facts';
import { clinicContext } from '../../clinic/context';

/** The root route: the clinic's facts every page shows (footer, forms), from memory (server/clinic/catalog.ts). */
export async function loader({ context }: LoaderFunctionArgs): Promise<SiteFacts> {
  return context.get(clinicContext).siteFacts();
}
