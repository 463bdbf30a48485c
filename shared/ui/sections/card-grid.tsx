import { Link } from '../link';
import type { Img } from '../../content/types';
import { Icon } from '../icons';

export interface CardItem {
  title: string;
  text: string;
  img?: Img;
  to?: string;
  linkLabel?: string;
}

/** A responsive grid of illustrated cards (services, departments, benefits…). */
export function CardGrid({ items, columns = 4, headingLevel = 3 }: { items: readonly CardItem[]; columns?: 2 | 3 | 4; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={`card-grid card-grid--${columns}`}>
      {items.map((item) => (
        <li key={item.title} className="card">
          {item.img && <img src={item.img.src} width={item.img.width} height={item.img.height} alt={item.img.alt} loading="lazy" decoding="async" className="card__img" />}
          <div className="card__body">
            <H className="card__title">{item.to ? <Link to={item.to}>{item.title}</Link> : item.title}</H>
            <p>{item.text}</p>
            {item.to && item.linkLabel && (
              <span className="card__more" aria-hidden="true">
                {item.linkLabel} <Icon name="arrowRight" size={16} />
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
