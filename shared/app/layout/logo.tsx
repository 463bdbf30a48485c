import { Link } from '../../ui/link';
import { site } from '../../content/site';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className={`logo${inverted ? ' logo--inverted' : ''}`}>
      <svg width="40" height="40" viewBox="0 0 48 48" aria-hidden="true">
        <rect width="48" height="48" rx="12" fill="currentColor" className="logo__bg" />
        <path d="M24 9v30M18 13h12M16.5 20h15M16.5 27h15M18 34h12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="35" cy="12" r="4" fill="#e07a4f" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{site.shortName}</span>
        <span className="logo__sub">Clinic · Abuja</span>
      </span>
      <span className="visually-hidden">, home</span>
    </Link>
  );
}
