import { newsletter } from '../content/home';
import { EnquiryForm } from './enquiry-form';
import { CheckboxField, TextField } from '../ui/fields';
import { Section } from '../ui/section';

export function Newsletter() {
  return (
    <Section headingId="newsletter-heading" className="newsletter" containerClassName="newsletter__inner">
      <img src="/images/misc/newsletter.svg" width={480} height={360} alt="" loading="lazy" decoding="async" className="newsletter__art" />
      <div className="newsletter__body">
        <p className="eyebrow">Newsletter</p>
        <h2 id="newsletter-heading">{newsletter.title}</h2>
        <p>{newsletter.text}</p>
        <EnquiryForm kind="newsletter" spec={() => import('./schemas').then((m) => m.newsletterForm)} submitLabel="Subscribe" className="newsletter__form" label="Newsletter sign-up">
          <TextField label="Email address" name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required hideLabel />
          <CheckboxField label="Yes, send me the clinic’s newsletter (about once a month). I can unsubscribe with one click." name="consent" className="newsletter__consent" />
        </EnquiryForm>
      </div>
    </Section>
  );
}
