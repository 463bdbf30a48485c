import { quoteCopy, quoteFields } from '../content/services-two';
import { EnquiryForm } from '../features/enquiries/enquiry-form';
import { SelectField, TextField } from '../ui/demo-form';
import { SectionHeading } from '../ui/section-heading';
import './service-sections.css';

/**
 * The quote calculator (spec: four dropdowns and a phone field): the choices and the phone
 * number reach the clinic, which calls back with a price.
 */
export function QuoteCalculator() {
  return (
    <section className="section section--dark quote" aria-labelledby="quote-heading">
      <div className="container quote__inner">
        <SectionHeading eyebrow={quoteCopy.eyebrow} title={quoteCopy.title} intro={quoteCopy.text} id="quote-heading" align="start" />
        <EnquiryForm name="quote" kind="quote" submitLabel={quoteCopy.submitLabel} label="Quote calculator" className="quote__form" submitClassName="btn btn--accent">
          <div className="form-grid form-grid--2">
            {quoteFields.map((f) => (
              <SelectField key={f.name} label={f.label} name={f.name} options={f.options} placeholder={f.placeholder} />
            ))}
            <TextField label={quoteCopy.phoneLabel} name="phone" type="tel" autoComplete="tel" inputMode="tel" className="field--full" placeholder="e.g. 0803 123 4567" required />
          </div>
        </EnquiryForm>
      </div>
    </section>
  );
}
