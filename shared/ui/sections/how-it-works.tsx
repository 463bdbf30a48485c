import type { Step } from '../../content/home-variants';
import { Icon } from '../icons';
import { Section } from '../section';
import './clinic-sections.css';

/** Numbered steps of a visit (spec: Have A Coffee, Choose Doctor, Admission Now). */
export function HowItWorks({ steps, eyebrow = 'How it works', title = 'Your visit in three easy steps', headingId = 'how-heading' }: { steps: readonly Step[]; eyebrow?: string; title?: string; headingId?: string }) {
  return (
    <Section headingId={headingId} className="section--sand how-it-works" eyebrow={eyebrow} title={title}>
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step__icon">
              <Icon name={s.icon} size={28} />
              <span className="step__number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
            </span>
            <h3 className="step__title">{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
