import { Link } from './link';
import { Icon } from './icons';
import './pagination.css';

const two = (n: number) => String(n).padStart(2, '0');

interface PaginationProps {
  page: number;
  pageCount: number;
  /** Link of a page; paging lives in the URL so it works without JavaScript. */
  hrefFor: (page: number) => string;
  /** Accessible name of the navigation, e.g. "Blog pages". */
  label: string;
  /** Show "Page 2 of 3" under the links. */
  summary?: boolean;
  className?: string;
  /** Keep the links when there is only one page (the shop's static pagination). */
  showSinglePage?: boolean;
}

/**
 * Page links 01, 02, 03 with previous and next arrows (inactive at the ends); the current
 * page is marked. One component for the blog lists and the shop.
 */
export function Pagination({ page, pageCount, hrefFor, label, summary = false, className, showSinglePage = false }: PaginationProps) {
  if (pageCount < 2 && !showSinglePage) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className={`paging${className ? ` ${className}` : ''}`} aria-label={label}>
      <ul>
        <li>
          <Arrow to={page > 1 ? hrefFor(page - 1) : null} rel="prev" />
        </li>
        {pages.map((p) => (
          <li key={p}>
            <Link to={hrefFor(p)} className={`paging__link${p === page ? ' is-current' : ''}`} aria-current={p === page ? 'page' : undefined}>
              <span className="visually-hidden">Page </span>
              {two(p)}
            </Link>
          </li>
        ))}
        <li>
          <Arrow to={page < pageCount ? hrefFor(page + 1) : null} rel="next" />
        </li>
      </ul>
      {summary && (
        <p className="paging__summary">
          Page {page} of {pageCount}
        </p>
      )}
    </nav>
  );
}

/** The previous or next page's arrow: a link, or a disabled look-alike at either end. */
function Arrow({ to, rel }: { to: string | null; rel: 'prev' | 'next' }) {
  const inner = (
    <>
      <Icon name={rel === 'prev' ? 'arrowLeft' : 'arrowRight'} size={18} />
      <span className="visually-hidden">{rel === 'prev' ? 'Previous page' : 'Next page'}</span>
    </>
  );
  return to ? (
    <Link to={to} className="paging__link paging__arrow" rel={rel}>
      {inner}
    </Link>
  ) : (
    <span className="paging__link paging__arrow is-disabled" aria-disabled="true">
      {inner}
    </span>
  );
}
