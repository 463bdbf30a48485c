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
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="paging__link paging__arrow" rel="prev">
              <Icon name="arrowLeft" size={18} />
              <span className="visually-hidden">Previous page</span>
            </Link>
          ) : (
            <span className="paging__link paging__arrow is-disabled" aria-disabled="true">
              <Icon name="arrowLeft" size={18} />
              <span className="visually-hidden">Previous page</span>
            </span>
          )}
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
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className="paging__link paging__arrow" rel="next">
              <Icon name="arrowRight" size={18} />
              <span className="visually-hidden">Next page</span>
            </Link>
          ) : (
            <span className="paging__link paging__arrow is-disabled" aria-disabled="true">
              <Icon name="arrowRight" size={18} />
              <span className="visually-hidden">Next page</span>
            </span>
          )}
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
