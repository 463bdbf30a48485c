import { quoteCopy, quoteFields } from '../content/services-two';
import { useServiceOptions } from './appointment-forms';
import { EnquiryForm } from './enquiry-form';
import { SelectField, TextField } from '../ui/fields';
import { Section } from '../ui/section';
import { useClinicFacts } from '../clinic/facts-context';
import { formatNaira } from '../clinic/money';
import '../ui/sections/service-sections.css';

/** Each service's price a visit and its first visit's length (the booking's own), as a short list beside the form. */
function PriceList() {
  const { services } = useClinicFacts();
  return (
    <div className="quote__prices">
      <h3 className="quote__prices-title">Prices a visit</h3>
      <ul>
        {services.map((s) => (
          <li key={s.id}>
            <span>{s.name}</span> <strong>{s.priceNgn === null ? 'on request' : formatNaira(s.priceNgn)}</strong> <span className="quote__prices-length">(first visit {s.firstVisitMinutes} min, follow-up {s.followUpMinutes} min)</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
      <PriceList />
    </Section>
  );
}
