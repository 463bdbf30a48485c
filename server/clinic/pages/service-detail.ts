import { data } from 'react-router';
import { serviceHref, serviceSummaries } from '../../../shared/clinic/team';
import type { ServiceDetailData } from '../../../shared/clinic/pages/service-detail';
import { isRichTextEmpty } from '../../../shared/platform/rich-text';
import { clinicContext } from '../context';
import { clinicLoader } from '../page-data';

/**
 * `/service-detail/:id` shows that service; `/servicesDetails` (no id) shows the first one and
 * names its canonical address (written in the head by server/app/seo/head.ts). Any other id is a
 * 404. Its text is the services table's (edited at /staff/content).
 */
export const loader = clinicLoader(async (facts, { params, context }): Promise<ServiceDetailData> => {
  const services = serviceSummaries(facts);
  const service = params.id === undefined ? services[0] : services.find((s) => s.id === params.id);
  if (!service) throw data(null, { status: 404, statusText: 'Not Found' });
  const copy = await context.get(clinicContext).serviceCopy(service.id);
  return {
    service,
    body: copy && !isRichTextEmpty(copy.body) ? copy.body : null,
    pictures: copy?.pictures ?? {},
    points: [...(copy?.points ?? [])],
    meta: { title: service.name, description: service.summary },
    ...(params.id === undefined ? { canonical: serviceHref(service.id) } : {}),
  };
});
