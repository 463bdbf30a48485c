import { useId } from 'react';
import { useNavigate } from 'react-router';
import { RESULTS_TEXT, sortOptions, type ShopView, type SortKey } from '../content/shop';
import { Icon } from '../ui/icons';
import { shopHref, type ShopQuery } from './shop-query';

const views: readonly { value: ShopView; label: string; icon: 'grid' | 'list' }[] = [
  { value: 'grid', label: 'Grid view', icon: 'grid' },
  { value: 'list', label: 'List view', icon: 'list' },
];

/**
 * Results line, grid/list toggle and sort dropdown. Both are GET forms, so they work
 * without JavaScript and survive a reload; with JavaScript they navigate on the client.
 */
export function ShopToolbar({ query }: { query: ShopQuery }) {
  const navigate = useNavigate();
  const sortId = useId();
  const go = (next: ShopQuery) => navigate(shopHref(next), { preventScrollReset: true });

  return (
    <div className="shop-toolbar">
      <p className="shop-toolbar__results">{RESULTS_TEXT}</p>
      <div className="shop-toolbar__controls">
        <form method="get" action="/shop" className="shop-toolbar__views" aria-label="Product layout">
          {query.sort && <input type="hidden" name="sort" value={query.sort} />}
          {query.page !== 1 && <input type="hidden" name="page" value={query.page} />}
          {views.map((v) => (
            <button
              key={v.value}
              type="submit"
              name="view"
              value={v.value}
              className="shop-toolbar__view"
              aria-pressed={query.view === v.value}
              title={v.label}
              onClick={(e) => {
                e.preventDefault();
                if (query.view !== v.value) void go({ ...query, view: v.value });
              }}
            >
              <Icon name={v.icon} size={20} />
              <span className="visually-hidden">{v.label}</span>
            </button>
          ))}
        </form>
        <form
          method="get"
          action="/shop"
          className="shop-toolbar__sort"
          onSubmit={(e) => {
            e.preventDefault();
            const value = new FormData(e.currentTarget).get('sort');
            void go({ ...query, sort: (typeof value === 'string' ? value : '') as SortKey, page: 1 });
          }}
        >
          <label htmlFor={sortId} className="visually-hidden">
            Sort products
          </label>
          <select
            id={sortId}
            name="sort"
            className="input shop-toolbar__select"
            value={query.sort}
            onChange={(e) => void go({ ...query, sort: e.target.value as SortKey, page: 1 })}
          >
            {sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {query.view !== 'grid' && <input type="hidden" name="view" value={query.view} />}
          <button type="submit" className="btn btn--outline shop-toolbar__apply">
            Sort
          </button>
        </form>
      </div>
    </div>
  );
}
