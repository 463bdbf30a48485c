import { Link } from '../ui/link';
import { tagHref } from './links';

/** Tags as links to the list filtered by that tag. */
export function TagLinks({ tags, label = 'Tags', current }: { tags: readonly string[]; label?: string; current?: string }) {
  return (
    <ul className="tag-links" aria-label={label}>
      {tags.map((t) => (
        <li key={t}>
          <Link to={tagHref(t)} aria-current={current?.toLowerCase() === t.toLowerCase() ? 'page' : undefined}>
            {t}
          </Link>
        </li>
      ))}
    </ul>
  );
}
