import { PortfolioGallery } from '../portfolio-gallery';
import { PageHeader } from '../../ui/page-header';
import { Section } from '../../ui/section';

/** Portfolio, two-column composition: a side column with intro and filters beside a grid of captioned cards. */
export default function PortfolioTwoColumnPage() {
  return (
    <>
      <PageHeader title="Portfolio" crumbs={[{ label: 'Home', to: '/' }, { label: 'Portfolio' }]} />
      <Section headingId="portfolio-heading">
        <PortfolioGallery
          priority
          variant="cards"
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
