import { benefits, howWeCare, servicesAbout } from '../content/benefits';
import { services } from '../content/services';
import { serviceContactBanner } from '../content/services-page';
import { PageHeader } from '../ui/page-header';
import { SectionHeading } from '../ui/section-heading';
import { BenefitList } from '../sections/benefit-list';
import { CardGrid } from '../sections/card-grid';
import { ContactBanner } from '../sections/contact-banner';
import { MediaSplit } from '../sections/media-split';
import { ServiceList } from '../sections/service-list';

/** Services (spec section 2): about text, benefit list, service cards and 'Services we offer'. */
export default function ServicesPage() {
  return (
    <>
      <PageHeader title="Our Services" crumbs={[{ label: 'Home', to: '/' }, { label: 'Services' }]} />
      <MediaSplit headingId="services-about-heading" eyebrow={servicesAbout.eyebrow} title={servicesAbout.title} img={servicesAbout.img}>
        {servicesAbout.paragraphs.map((p) => (
          <p key={p.slice(0, 32)}>{p}</p>
        ))}
        <p className="media-split__note">{servicesAbout.note}</p>
      </MediaSplit>
      <section className="section section--tint" aria-labelledby="benefits-heading">
        <div className="container">
          <SectionHeading
            eyebrow="Benefits of chiropractic care"
            title="What many of our patients notice"
            id="benefits-heading"
            intro="Chiropractic care is not a cure-all, and results differ from person to person. These are changes patients often tell us about."
          />
          <BenefitList items={benefits} />
        </div>
      </section>
      <section className="section" aria-labelledby="how-we-care-heading">
        <div className="container">
          <SectionHeading eyebrow="Every course of care" title="What you can expect from us" id="how-we-care-heading" />
          <CardGrid items={howWeCare} columns={4} />
        </div>
      </section>
      <section className="section section--sand" aria-labelledby="services-offer-heading">
        <div className="container">
          <SectionHeading
            eyebrow="Services we offer"
            title="Services we offer"
            id="services-offer-heading"
            intro="Five services, one approach: a careful assessment, a clear plan and gentle, hands-on care."
          />
          <ServiceList items={services} />
        </div>
      </section>
      <ContactBanner headingId="services-contact-heading" {...serviceContactBanner} />
    </>
  );
}
