import { FilterableGallery } from '../filterable-gallery';
import { PageHeader } from '../../ui/page-header';
import { portfolioCategoryLabel, portfolioFilters, portfolioItems } from '../../content/portfolio';
import { Section } from '../../ui/section';

/** Portfolio, two-column composition: a side column with intro and filters beside a grid of captioned cards. */
export default function PortfolioTwoColumnPage() {
  return (
    <>
      <PageHeader title="Portfolio" crumbs={[{ label: 'Home', to: '/' }, { label: 'Portfolio' }]} />
      <Section headingId="portfolio-heading">
        <FilterableGallery
          priority
          variant="cards"
          items={portfolioItems}
          filters={portfolioFilters}
          filterLabel="Filter the portfolio"
          categoryLabel={(c) => portfolioCategoryLabel[c]}
          aside={
            <>
              <p className="eyebrow">Inside the clinic</p>
              <h2 id="portfolio-heading">Care you can see</h2>
              <p>Treatment rooms, classes and conversations from an ordinary week at our clinic in Wuse II. Choose a topic, then open any picture.</p>
            </>
          }
        />
      </Section>
    </>
  );
}
