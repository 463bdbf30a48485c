import type { Benefit } from '../../content/benefits';
import { Icon } from '../icons';
import './service-sections.css';

/** A checked list of benefits, each with a short, careful explanation. */
export function BenefitList({ items, headingLevel = 3 }: { items: readonly Benefit[]; headingLevel?: 3 | 4 }) {
  const H = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <ul className="benefit-list">
      {items.map((b) => (
        <li key={b.title} className="benefit-list__item">
          <span className="benefit-list__mark">
            <Icon name="check" size={18} />
          </span>
          <div>
            <H className="benefit-list__title">{b.title}</H>
            <p>{b.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
