import { Link } from '../ui/link';
import { Icon } from '../ui/icons';
import { useSiteFacts } from './facts-context';
import { serviceHref } from './team';
import '../ui/sections/service-sections.css';

/** Sidebar list linking to every service's detail page; the one being read is marked as current. */
export function MoreServices({ currentId, title }: { currentId: string; title: string }) {
  const items = useSiteFacts().services;
  return (
    <nav className="more-services" aria-labelledby="more-services-heading">
      <h2 id="more-services-heading" className="more-services__title">
        {title}
      </h2>
      <ul>
        {items.map((s) => (
          <li key={s.id}>
            <Link to={serviceHref(s.id)} aria-current={s.id === currentId ? 'page' : undefined} className="more-services__link">
              <span>{s.name}</span>
              <Icon name="chevronRight" size={18} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
