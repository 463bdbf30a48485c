import type { CounterItem } from '../../content/types';
import { Counters } from '../counter';
import './doctor-sections.css';

/** A band of count-up counters with a heading (kept visible or visually hidden). */
export function StatsBand({ headingId, title, items, variant = 'dark', hideTitle = false }: { headingId: string; title: string; items: readonly CounterItem[]; variant?: 'light' | 'dark'; hideTitle?: boolean }) {
  return (
    <section className={`section stats-band${variant === 'dark' ? ' section--dark' : ' section--tint'}`} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className={hideTitle ? 'visually-hidden' : 'stats-band__title'}>
          {title}
        </h2>
        <Counters items={items} variant={variant} />
      </div>
    </section>
  );
}
