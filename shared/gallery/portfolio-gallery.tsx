import { useLoaderData } from 'react-router';
import { portfolioCategoryLabel, portfolioFilters, type GalleryItem, type PortfolioCategory } from '../content/portfolio';
import { FilterableGallery, type FilterableGalleryProps } from './filterable-gallery';

/** What a page of pictures gets from its loader: the collection's published pictures, in order (server/gallery/page-data.ts). */
export interface GalleryData {
  items: GalleryItem[];
}

/** The portfolio's pictures (its page's loader data) and topics in a filterable gallery; each portfolio page chooses its layout. */
export function PortfolioGallery(props: Omit<FilterableGalleryProps<PortfolioCategory>, 'items' | 'filters' | 'filterLabel' | 'categoryLabel'>) {
  const { items } = useLoaderData() as GalleryData;
  return <FilterableGallery items={items as GalleryItem<PortfolioCategory>[]} filters={portfolioFilters} filterLabel="Filter the portfolio" categoryLabel={(c) => portfolioCategoryLabel[c] ?? c} {...props} />;
}
