import { Link } from 'react-router';
import { Icon } from '../icons';
import { pageCount, shopHref, type ShopQuery } from './shop-query';

/** Real paging over the sample products: numbered links, previous and next, the current page marked. */
export function ShopPagination({ query }: { query: ShopQuery }) {
  const numbers = Array.from({ length: pageCount }, (_, i) => i + 1);
  const link = (page: number) => shopHref({ ...query, page });
  return (
    <nav className="pager" aria-label="Shop pages">
      <ul className="pager__list">
        <li>
          {query.page > 1 ? (
            <Link to={link(query.page - 1)} className="pager__link" rel="prev">
              <Icon name="chevronLeft" size={18} />
              <span className="visually-hidden">Previous page</span>
            </Link>
          ) : (
            <span className="pager__link is-disabled" aria-hidden="true">
              <Icon name="chevronLeft" size={18} />
            </span>
          )}
        </li>
        {numbers.map((n) => (
          <li key={n}>
            <Link to={link(n)} className={`pager__link${n === query.page ? ' is-current' : ''}`} aria-current={n === query.page ? 'page' : undefined}>
              <span className="visually-hidden">Page </span>
              {String(n).padStart(2, '0')}
            </Link>
          </li>
        ))}
        <li>
          {query.page < pageCount ? (
            <Link to={link(query.page + 1)} className="pager__link" rel="next">
              <Icon name="chevronRight" size={18} />
              <span className="visually-hidden">Next page</span>
            </Link>
          ) : (
            <span className="pager__link is-disabled" aria-hidden="true">
              <Icon name="chevronRight" size={18} />
            </span>
          )}
        </li>
      </ul>
      <p className="pager__summary">
        Page {query.page} of {pageCount}
      </p>
    </nav>
  );
}
