import { useLoaderData } from 'react-router';
import { bookHref } from '../book-link';
import { copyOf } from '../../content/services';
import { serviceContactBanner, serviceDetailCopy } from '../../content/services-page';
import type { PageMeta } from '../../platform/page-meta';
import { Icon } from '../../ui/icons';
import { imageLoading } from '../../ui/image-loading';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { ContactBanner } from '../../ui/sections/contact-banner';
import { MoreServices } from '../more-services';
import { describeHours } from '../site-facts';
import { useSiteFacts } from '../facts-context';
import type { ServiceSummary } from '../team';

/** What the service page's server loader gives it (server/clinic/pages/service-detail.ts). */
export interface ServiceDetailData {
  service: ServiceSummary;
  meta: PageMeta;
  /** Set when the page is shown under another address (/servicesDetails). */
  canonical?: string;
}

/** Service detail (spec section 2): title and text, 'More Services', and a banner to /contact. */
export default function ServiceDetailPage() {
  const { service } = useLoaderData() as ServiceDetailData;
  const copy = copyOf(service.slug);
  const hours = describeHours(useSiteFacts().hours);
  return (
    <>
      <PageHeader title={service.name} crumbs={[{ label: 'Home', to: '/' }, { label: 'Services', to: '/services' }, { label: service.name }]} />
      <section className="section service-detail" aria-label={`About ${service.name}`}>
        <div className="container service-detail__inner">
          <article className="service-detail__article">
            <img src={copy.img.src} width={copy.img.width} height={copy.img.height} alt={copy.img.alt} {...imageLoading(true)} className="service-detail__img" />
            <p className="eyebrow">Service details</p>
            {(copy.body.length ? copy.body : [service.summary]).map((p) => (
              <p key={p.slice(0, 32)}>{p}</p>
            ))}
            {copy.points.length > 0 && (
              <>
                <h2>{serviceDetailCopy.pointsTitle}</h2>
                <ul className="check-list">
                  {copy.points.map((point) => (
                    <li key={point}>
                      <Icon name="check" size={18} />
                      {point}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className="service-detail__disclaimer">{serviceDetailCopy.disclaimer}</p>
            <p>
              <Link to={bookHref({ service: service.id })} className="btn btn--primary">
                Book {service.name} online
              </Link>
            </p>
          </article>
          <aside className="service-detail__aside" aria-label="Other services and opening hours">
            <MoreServices currentId={service.id} title={serviceDetailCopy.moreServicesTitle} />
            <div className="hours-card">
              <h2>Opening hours</h2>
              <p>
                {hours.days}: {hours.time}
                <br />
                {hours.closed}
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
