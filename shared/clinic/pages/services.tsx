import { benefits, howWeCare, servicesAbout } from '../../content/benefits';
import { serviceContactBanner } from '../../content/services-page';
import { PageHeader } from '../../ui/page-header';
import { Section } from '../../ui/section';
import { BenefitList } from '../../ui/sections/benefit-list';
import { CardGrid } from '../../ui/sections/card-grid';
import { ContactBanner } from '../../ui/sections/contact-banner';
import { MediaSplit } from '../../ui/sections/media-split';
import { ServiceList } from '../service-list';
import { useClinicFacts } from '../facts-context';
import { serviceSummaries } from '../team';

/** Services (spec section 2): about text, benefit list, service cards and 'Services we offer'. */
export default function ServicesPage() {
  const services = serviceSummaries(useClinicFacts());
  return (
    <>
      <PageHeader title="Our Services" crumbs={[{ label: 'Home', to: '/' }, { label: 'Services' }]} />
      <MediaSplit headingId="services-about-heading" eyebrow={servicesAbout.eyebrow} title={servicesAbout.title} img={servicesAbout.img} priority>
        {servicesAbout.paragraphs.map((p) => (
          <p key={p.slice(0, 32)}>{p}</p>
        ))}
        <p className="media-split__note">{servicesAbout.note}</p>
      </MediaSplit>
      <Section
        headingId="benefits-heading"
        className="section--tint"
        eyebrow="Benefits of chiropractic care"
        title="What many of our patients notice"
        intro="Chiropractic care is not a cure-all, and results differ from person to person. These are changes patients often tell us about."
      >
        <BenefitList items={benefits} />
      </Section>
      <Section headingId="how-we-care-heading" eyebrow="Every course of care" title="What you can expect from us">
        <CardGrid items={howWeCare} columns={4} />
      </Section>
      <Section
        headingId="services-offer-heading"
        className="section--sand section--long"
        eyebrow="Services we offer"
        title="Services we offer"
        intro="Five services, one approach: a careful assessment, a clear plan and gentle, hands-on care."
      >
        <ServiceList items={services} />
      </Section>
      <ContactBanner headingId="services-contact-heading" {...serviceContactBanner} />
    </>
  );
}
