import { portfolioCategoryLabel, portfolioFilters, portfolioItems, type PortfolioCategory } from '../content/portfolio';
import { FilterableGallery, type FilterableGalleryProps } from './filterable-gallery';

/** The portfolio's pictures and topics in a filterable gallery; each portfolio page chooses its layout. */
export function PortfolioGallery(props: Omit<FilterableGalleryProps<PortfolioCategory>, 'items' | 'filters' | 'filterLabel' | 'categoryLabel'>) {
  return <FilterableGallery items={portfolioItems} filters={portfolioFilters} filterLabel="Filter the portfolio" categoryLabel={(c) => portfolioCategoryLabel[c]} {...props} />;
}
