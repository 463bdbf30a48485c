import { Link } from '../ui/link';
import { copyOf } from '../content/services';
import { Icon } from '../ui/icons';
import { serviceHref, type ServiceSummary } from './team';
import { useClinicFacts } from './facts-context';
import { SitePicture } from '../ui/site-picture';
import '../ui/sections/service-sections.css';

/** The service's picture (edited at /staff/content), else its copy's illustration. */
function ServiceImage({ id, slug }: { id: string; slug: string }) {
  const img = useClinicFacts().services.find((s) => s.id === id)?.picture ?? copyOf(slug).img;
  return <SitePicture img={img} sizes="(min-width: 768px) 320px, calc(100vw - 2rem)" loading="lazy" decoding="async" className="service-list__img" />;
}

/** 'Services we offer': every service with its illustration, summary and a Read More link to its detail page. */
export function ServiceList({ items }: { items: readonly ServiceSummary[] }) {
  return (
    <ol className="service-list">
      {items.map((s, i) => (
        <li key={s.id} className="service-list__item">
          <ServiceImage id={s.id} slug={s.slug} />
          <div className="service-list__body">
            <p className="service-list__number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </p>
            <h3 className="service-list__title">{s.name}</h3>
            <p>{s.summary}</p>
            <Link to={serviceHref(s.id)} className="btn btn--outline btn--sm service-list__more">
              Read More<span className="visually-hidden"> about {s.name}</span>
              <Icon name="arrowRight" size={16} />
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}
