import type { FaqItem } from '../../content/faq';
import { Accordion } from '../accordion';
import { SectionHeading } from '../section-heading';
import './clinic-sections.css';

export interface FaqProps {
  items: readonly FaqItem[];
  eyebrow?: string;
  title: string;
  intro?: string;
  headingId?: string;
  className?: string;
}

/** Questions and answers in an accordion; the first answer is open (spec section 4). */
export function Faq({ items, eyebrow, title, intro, headingId = 'faq-heading', className }: FaqProps) {
  return (
    <section className={`section faq ${className ?? ''}`} aria-labelledby={headingId}>
      <div className="container faq__inner">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} id={headingId} align="start" />
        <Accordion items={items.map((f) => ({ id: f.id, title: f.question, content: <p>{f.answer}</p> }))} />
      </div>
    </section>
  );
}
