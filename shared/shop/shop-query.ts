import { products, type Product } from '../content/products';
import { PRODUCTS_PER_PAGE, sortOptions, type ShopView, type SortKey } from '../content/shop';

export interface ShopQuery {
  sort: SortKey;
  view: ShopView;
  page: number;
}

export const pageCount = Math.ceil(products.length / PRODUCTS_PER_PAGE);

/** Reads `?sort=`, `?view=` and `?page=` leniently: anything unknown falls back to the default. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const sortParam = params.get('sort') ?? '';
  const sort = sortOptions.find((o) => o.value === sortParam)?.value ?? '';
  const view: ShopView = params.get('view') === 'list' ? 'list' : 'grid';
  const pageParam = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= pageCount ? pageParam : 1;
  return { sort, view, page };
}

/** The shop URL for a query, leaving out defaults so links stay short. */
export function shopHref(query: ShopQuery): string {
  const params = new URLSearchParams();
  if (query.sort) params.set('sort', query.sort);
  if (query.view !== 'grid') params.set('view', query.view);
  if (query.page !== 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/shop?${search}` : '/shop';
}

const comparators: Record<Exclude<SortKey, ''>, (a: Product, b: Product) => number> = {
  'top-sales': (a, b) => a.salesRank - b.salesRank,
  new: (a, b) => b.dateAdded.localeCompare(a.dateAdded),
  'a-z': (a, b) => a.name.localeCompare(b.name, 'en'),
};

export function sortProducts(list: readonly Product[], sort: SortKey): Product[] {
  const copy = [...list];
  return sort ? copy.sort(comparators[sort]) : copy.sort((a, b) => a.id - b.id);
}

export function pageOf<T>(list: readonly T[], page: number): T[] {
  const start = (page - 1) * PRODUCTS_PER_PAGE;
  return list.slice(start, start + PRODUCTS_PER_PAGE);
}

export function productHref(product: Product): string {
  return `/shopDetails?product=${product.slug}`;
}
