import { quoteCopy, quoteFields } from '../content/services-two';
import { DemoForm, SelectField, TextField } from '../ui/demo-form';
import { Section } from '../ui/section';
import './service-sections.css';

/**
 * The quote calculator (spec: four dropdowns and a phone field). It computes nothing: a
 * submission says honestly that quote requests are not received online yet.
 */
export function QuoteCalculator() {
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
      <DemoForm name="quote" purpose="quote requests" submitLabel={quoteCopy.submitLabel} label="Quote calculator" className="quote__form" submitClassName="btn btn--accent">
        <div className="form-grid form-grid--2">
          {quoteFields.map((f) => (
            <SelectField key={f.name} label={f.label} name={f.name} options={f.options} placeholder={f.placeholder} />
          ))}
          <TextField label={quoteCopy.phoneLabel} name="phone" type="tel" autoComplete="tel" inputMode="tel" className="field--full" placeholder="e.g. 0800 000 0000" />
        </div>
      </DemoForm>
    </Section>
  );
}
