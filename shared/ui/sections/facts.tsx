import type { CounterItem } from '../../content/types';
import { Counters } from '../counter';
import { SectionHeading } from '../section-heading';
import './clinic-sections.css';

/** A band of counters with a heading (count up over 8 s when in view; end values in the server HTML). */
export function Facts({ items, eyebrow, title, intro, headingId = 'facts-heading', variant = 'dark' }: { items: readonly CounterItem[]; eyebrow?: string; title: string; intro?: string; headingId?: string; variant?: 'dark' | 'light' }) {
  return (
    <section className={`section facts ${variant === 'dark' ? 'section--dark' : 'section--tint'}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} id={headingId} />
        <Counters items={items} variant={variant} />
      </div>
    </section>
  );
}
