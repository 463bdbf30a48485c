import { newsletter } from '../content/home';
import { DemoForm, TextField } from '../ui/demo-form';
import { Section } from '../ui/section';

export function Newsletter() {
  return (
    <Section headingId="newsletter-heading" className="newsletter" containerClassName="newsletter__inner">
      <img src="/images/misc/newsletter.svg" width={480} height={360} alt="" loading="lazy" decoding="async" className="newsletter__art" />
      <div className="newsletter__body">
        <p className="eyebrow">Newsletter</p>
        <h2 id="newsletter-heading">{newsletter.title}</h2>
        <p>{newsletter.text}</p>
        <DemoForm name="newsletter" purpose="newsletter sign-ups" submitLabel="Subscribe" className="newsletter__form" label="Newsletter sign-up">
          <TextField label="Email address" name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required hideLabel />
        </DemoForm>
      </div>
    </Section>
  );
}
