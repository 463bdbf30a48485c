import { Link } from '../ui/link';
import type { Service } from '../content/services';
import { Icon } from '../ui/icons';
import '../ui/sections/service-sections.css';

export const serviceHref = (id: string) => `/service-detail/${id}`;

/** 'Services we offer': every service with its illustration, summary and a Read More link to its detail page. */
export function ServiceList({ items }: { items: readonly Service[] }) {
  return (
    <ol className="service-list">
      {items.map((s, i) => (
        <li key={s.id} className="service-list__item">
          <img src={s.img.src} width={s.img.width} height={s.img.height} alt={s.img.alt} loading="lazy" decoding="async" className="service-list__img" />
          <div className="service-list__body">
            <p className="service-list__number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </p>
            <h3 className="service-list__title">{s.title}</h3>
            <p>{s.summary}</p>
            <Link to={serviceHref(s.id)} className="btn btn--outline btn--sm service-list__more">
              Read More<span className="visually-hidden"> about {s.title}</span>
              <Icon name="arrowRight" size={16} />
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}
