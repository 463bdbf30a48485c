import { contactCopy } from '../../content/contact';
import { PageHeader } from '../../ui/page-header';
import { SectionHeading } from '../../ui/section-heading';
import { Section } from '../../ui/section';
import { ContactForm } from '../contact-form';
import { ContactInfo } from '../../ui/sections/contact-info';
import { describeHours, fullAddressOf } from '../../clinic/site-facts';
import { useSiteFacts } from '../../clinic/facts-context';

/** Contact (spec section 2): mail, visit and call blocks, and the 'Write To Us' form. */
export default function ContactPage() {
  const site = useSiteFacts();
  return (
    <>
      <PageHeader title="Contact Us" crumbs={[{ label: 'Home', to: '/' }, { label: 'Contact' }]} />
      <Section headingId="contact-info-heading" eyebrow={contactCopy.eyebrow} title={contactCopy.title} intro={contactCopy.intro}>
        <ContactInfo address={fullAddressOf(site.location)} mapHref={site.location.mapHref} hours={describeHours(site.hours)} />
      </Section>
      <Section headingId="contact-form-heading" className="section--tint contact-write" containerClassName="contact-write__inner">
        <div>
          <SectionHeading eyebrow={contactCopy.formEyebrow} title={contactCopy.formTitle} intro={contactCopy.formIntro} id="contact-form-heading" align="start" />
          <img src="/images/misc/newsletter.svg" width={480} height={360} alt="" loading="lazy" decoding="async" className="contact-write__art" />
        </div>
        <ContactForm />
      </Section>
    </>
  );
}
