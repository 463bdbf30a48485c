import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { Pagination } from '../../ui/pagination';
import { ProductCard } from '../product-card';
import { pageCount, pageOf, parseShopQuery, shopHref, sortProducts } from '../shop-query';
import { ShopToolbar } from '../shop-toolbar';
import { products } from '../../content/products';
import { shopIntro, sortOptions } from '../../content/shop';
import { Section } from '../../ui/section';
import '../shop.css';

/** Shop (spec section 2): nine sample products, grid/list, sorting and paging through the URL. */
export default function ShopPage() {
  const [params] = useSearchParams();
  const query = parseShopQuery(params);
  const visible = useMemo(() => pageOf(sortProducts(products, query.sort), query.page), [query.sort, query.page]);
  const sortLabel = sortOptions.find((o) => o.value === query.sort)?.label ?? 'Shop By';

  // A new page of products starts at the top of the list, as a full page load would.
  const listRef = useRef<HTMLHeadingElement>(null);
  const firstPage = useRef(query.page);
  useEffect(() => {
    if (firstPage.current === query.page) return;
    firstPage.current = query.page;
    listRef.current?.scrollIntoView({ block: 'start' });
    listRef.current?.focus({ preventScroll: true });
  }, [query.page]);

  return (
    <>
      <PageHeader title="Shop" crumbs={[{ label: 'Home', to: '/' }, { label: 'Shop' }]} intro={shopIntro} />
      <Section headingId="shop-products-heading" className="shop">
        <h2 id="shop-products-heading" className="visually-hidden" ref={listRef} tabIndex={-1}>
          Products
        </h2>
        <ShopToolbar query={query} />
        <p className="visually-hidden" role="status">
          {`Sorted by ${query.sort ? sortLabel : 'catalogue order'}, ${query.view} view, page ${query.page} of ${pageCount}.`}
        </p>
        <ul className={`product-list product-list--${query.view}`} data-view={query.view}>
          {visible.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} view={query.view} eager={i < 3} />
            </li>
          ))}
        </ul>
        <Pagination label="Shop pages" className="paging--center" summary showSinglePage page={query.page} pageCount={pageCount} hrefFor={(page) => shopHref({ ...query, page })} />
      </Section>
    </>
  );
}
