import { PortfolioGallery } from '../portfolio-gallery';
import { PageHeader } from '../../ui/page-header';
import { Section } from '../../ui/section';

/** Portfolio, three-column composition: filters above a grid of square tiles with overlay captions. */
export default function PortfolioThreeColumnPage() {
  return (
    <>
      <PageHeader title="Portfolio Gallery" crumbs={[{ label: 'Home', to: '/' }, { label: 'Portfolio' }]} />
      <Section
        headingId="portfolio-heading"
        className="section--sand"
        eyebrow="Inside the clinic"
        title="Moments from our week"
        intro="From a first consultation to a morning mobility class: pictures of how care happens here. Filter by topic and open any picture to look closer."
      >
        <PortfolioGallery
          priority
          variant="tiles"
        />
      </Section>
    </>
  );
}
