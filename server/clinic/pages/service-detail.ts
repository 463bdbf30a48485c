import { data } from 'react-router';
import { serviceHref, serviceSummaries } from '../../../shared/clinic/team';
import type { ServiceDetailData } from '../../../shared/clinic/pages/service-detail';
import { richHtml } from '../../platform/rich-html';
import { clinicContext } from '../context';
import { clinicLoader } from '../page-data';

/**
 * `/service-detail/:id` shows that service; `/servicesDetails` (no id) shows the first one and
 * names its canonical address (written in the head by server/app/seo/head.ts). Any other id is a
 * 404. Its text is the services table's (edited at /staff/content), as HTML from an allowlist.
 */
export const loader = clinicLoader(async (facts, { params, context }): Promise<ServiceDetailData> => {
  const services = serviceSummaries(facts);
  const service = params.id === undefined ? services[0] : services.find((s) => s.id === params.id);
  if (!service) throw data(null, { status: 404, statusText: 'Not Found' });
  const copy = await context.get(clinicContext).serviceCopy(service.id);
  return {
    service,
    body: copy ? richHtml(copy.body) : '',
    points: [...(copy?.points ?? [])],
    meta: { title: service.name, description: service.summary },
    ...(params.id === undefined ? { canonical: serviceHref(service.id) } : {}),
  };
});
