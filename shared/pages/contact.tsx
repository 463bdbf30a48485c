import { contactCopy } from '../content/contact';
import { PageHeader } from '../ui/page-header';
import { SectionHeading } from '../ui/section-heading';
import { ContactForm } from '../sections/contact-form';
import { ContactInfo } from '../sections/contact-info';

/** Contact (spec section 2): mail, visit and call blocks, and the 'Write To Us' form. */
export default function ContactPage() {
  return (
    <>
      <PageHeader title="Contact Us" crumbs={[{ label: 'Home', to: '/' }, { label: 'Contact' }]} />
      <section className="section" aria-labelledby="contact-info-heading">
        <div className="container">
          <SectionHeading eyebrow={contactCopy.eyebrow} title={contactCopy.title} intro={contactCopy.intro} id="contact-info-heading" />
          <ContactInfo />
        </div>
      </section>
      <section className="section section--tint contact-write" aria-labelledby="contact-form-heading">
        <div className="container contact-write__inner">
          <div>
            <SectionHeading eyebrow={contactCopy.formEyebrow} title={contactCopy.formTitle} intro={contactCopy.formIntro} id="contact-form-heading" align="start" />
            <img src="/images/misc/newsletter.svg" width={480} height={360} alt="" loading="lazy" decoding="async" className="contact-write__art" />
          </div>
          <ContactForm />
        </div>
      </section>
    </>
  );
}
