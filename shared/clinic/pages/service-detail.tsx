import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../ui/link';
import { findService, services, type Service } from '../../content/services';
import { serviceContactBanner, serviceDetailCopy } from '../../content/services-page';
import { site } from '../../content/site';
import type { PageMeta } from '../../platform/page-meta';
import { Icon } from '../../ui/icons';
import { imageLoading } from '../../ui/image-loading';
import { PageHeader } from '../../ui/page-header';
import { ContactBanner } from '../../ui/sections/contact-banner';
import { MoreServices } from '../more-services';
import { serviceHref } from '../service-list';
import { PhoneLink } from '../../ui/phone-link';

interface ServiceDetailData {
  service: Service;
  meta: PageMeta;
  /** Set when the page is shown under another address (/servicesDetails). */
  canonical?: string;
}

/**
 * `/service-detail/:id` shows that service; `/servicesDetails` (no id) shows the first one
 * and names its canonical address (written in the head by server/seo/head.ts). Any other id is a 404.
 */
export function loader({ params }: LoaderFunctionArgs): ServiceDetailData {
  const service = params.id === undefined ? services[0] : findService(params.id);
  if (!service) throw data(null, { status: 404, statusText: 'Not Found' });
  return {
    service,
    meta: { title: service.title, description: service.summary },
    ...(params.id === undefined ? { canonical: serviceHref(service.id) } : {}),
  };
}

/** Service detail (spec section 2): title and text, 'More Services', and a banner to /contact. */
export default function ServiceDetailPage() {
  const { service } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={service.title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Services', to: '/services' }, { label: service.title }]} />
      <section className="section service-detail" aria-label={`About ${service.title}`}>
        <div className="container service-detail__inner">
          <article className="service-detail__article">
            <img src={service.img.src} width={service.img.width} height={service.img.height} alt={service.img.alt} {...imageLoading(true)} className="service-detail__img" />
            <p className="eyebrow">Service details</p>
            {service.body.map((p) => (
              <p key={p.slice(0, 32)}>{p}</p>
            ))}
            <h2>{serviceDetailCopy.pointsTitle}</h2>
            <ul className="check-list">
              {service.points.map((point) => (
                <li key={point}>
                  <Icon name="check" size={18} />
                  {point}
                </li>
              ))}
            </ul>
            <p className="service-detail__disclaimer">{serviceDetailCopy.disclaimer}</p>
          </article>
          <aside className="service-detail__aside" aria-label="Other services and opening hours">
            <MoreServices items={services} currentId={service.id} title={serviceDetailCopy.moreServicesTitle} />
            <div className="hours-card">
              <h2>Opening hours</h2>
              <p>
                {site.hours.days}: {site.hours.time}
                <br />
                {site.hours.closed}
              </p>
              <PhoneLink iconSize={18} />
              <p>
                <Link to="/contact">Write to us</Link>
              </p>
            </div>
          </aside>
        </div>
      </section>
      <ContactBanner headingId="service-contact-heading" {...serviceContactBanner} />
    </>
  );
}
