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
import { useClinicFacts, useSiteFacts } from '../facts-context';
import { formatNaira } from '../money';
import type { ClinicService } from '../types';
import { SitePicture } from '../../ui/site-picture';
import { RichText } from '../../ui/rich-text';
// Types only: the schema's module (zod) stays out of public pages' chunks.
import type { RichTextDoc } from '../../platform/rich-text';
import type { MediaPicture } from '../../platform/media';
import type { ServiceSummary } from '../team';

/** What the service page's server loader gives it (server/clinic/pages/service-detail.ts). */
export interface ServiceDetailData {
  service: ServiceSummary;
  /** Its text (the stored document; rendered from an allowlist: nothing typed runs); null: its summary. */
  body: RichTextDoc | null;
  /** The uploaded pictures its text shows, by id. */
  pictures: Record<string, MediaPicture>;
  /** What a visit involves. */
  points: string[];
  meta: PageMeta;
  /** Set when the page is shown under another address (/servicesDetails). */
  canonical?: string;
}

/** The visit's lengths and price, as the booking uses them. */
function ServiceFacts({ service }: { service: ClinicService }) {
  return (
    <dl className="service-facts">
      <div>
        <dt>First visit</dt>
        <dd>{service.firstVisitMinutes} minutes</dd>
      </div>
      <div>
        <dt>Follow-up</dt>
        <dd>{service.followUpMinutes} minutes</dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{service.priceNgn === null ? 'On request' : `${formatNaira(service.priceNgn)} a visit`}</dd>
      </div>
    </dl>
  );
}

/** Service detail (spec section 2): title and text, 'More Services', and a banner to /contact. */
export default function ServiceDetailPage() {
  const { service, body, pictures, points } = useLoaderData() as ServiceDetailData;
  const facts = useClinicFacts().services.find((s) => s.id === service.id);
  const picture = facts?.picture ?? copyOf(service.slug).img;
  const hours = describeHours(useSiteFacts().hours);
  return (
    <>
      <PageHeader title={service.name} crumbs={[{ label: 'Home', to: '/' }, { label: 'Services', to: '/services' }, { label: service.name }]} />
      <section className="section service-detail" aria-label={`About ${service.name}`}>
        <div className="container service-detail__inner">
          <article className="service-detail__article">
            <SitePicture img={picture} sizes="(min-width: 992px) 640px, calc(100vw - 2rem)" {...imageLoading(true)} className="service-detail__img" />
            <p className="eyebrow">Service details</p>
            {body ? <RichText doc={body} pictures={pictures} className="service-detail__body" /> : <p>{service.summary}</p>}
            {points.length > 0 && (
              <>
                <h2>{serviceDetailCopy.pointsTitle}</h2>
                <ul className="check-list">
                  {points.map((point) => (
                    <li key={point}>
                      <Icon name="check" size={18} />
                      {point}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {facts && <ServiceFacts service={facts} />}
            <p className="service-detail__disclaimer">{serviceDetailCopy.disclaimer}</p>
            {facts?.bookableOnline === false ? (
              <p>
                To book {service.name}, please call us on <PhoneLink />.
              </p>
            ) : (
              <p>
                <Link to={bookHref({ service: service.id })} className="btn btn--primary">
                  Book {service.name} online
                </Link>
              </p>
            )}
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
