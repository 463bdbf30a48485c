import { quoteCopy, quoteFields } from '../content/services-two';
import { useServiceOptions } from './appointment-forms';
import { EnquiryForm } from './enquiry-form';
import { SelectField, TextField } from '../ui/fields';
import { Section } from '../ui/section';
import '../ui/sections/service-sections.css';

/**
 * The quote calculator (spec: four dropdowns and a phone field): the choices and the phone
 * number reach the clinic, which calls back with a price.
 */
export function QuoteCalculator() {
  const services = useServiceOptions();
  return (
    <Section
      headingId="quote-heading"
      className="section--dark quote"
      containerClassName="quote__inner"
      eyebrow={quoteCopy.eyebrow}
      title={quoteCopy.title}
      intro={quoteCopy.text}
      align="start"
    >
      <EnquiryForm kind="quote" spec={() => import('./schemas').then((m) => m.quoteForm)} submitLabel={quoteCopy.submitLabel} label="Quote calculator" className="quote__form" submitClassName="btn btn--accent">
        <div className="form-grid form-grid--2">
          <SelectField label="Service" name="service" options={services} placeholder="Choose a service" />
          {quoteFields.map((f) => (
            <SelectField key={f.name} label={f.label} name={f.name} options={f.options} placeholder={f.placeholder} />
          ))}
          <TextField label={quoteCopy.phoneLabel} name="phone" type="tel" autoComplete="tel" inputMode="tel" className="field--full" placeholder="e.g. 0803 123 4567" required />
        </div>
      </EnquiryForm>
    </Section>
  );
}
