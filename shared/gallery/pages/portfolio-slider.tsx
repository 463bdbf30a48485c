import { Link } from '../../ui/link';
import { Carousel } from '../../ui/carousel';
import { PageHeader } from '../../ui/page-header';
import { Section } from '../../ui/section';
import { useLoaderData } from 'react-router';
import { dedupeByImage, portfolioCategoryLabel, type PortfolioCategory } from '../../content/portfolio';
import type { GalleryData } from '../portfolio-gallery';
import { SitePicture } from '../../ui/site-picture';
import './portfolio-slider.css';

/** Portfolio slider (spec section 2): one picture at a time, arrows, fade. */
export default function PortfolioSliderPage() {
  // One slide per distinct picture.
  const portfolioSlides = dedupeByImage((useLoaderData() as GalleryData).items);
  const total = portfolioSlides.length;
  return (
    <>
      <PageHeader title="Portfolio Slider" crumbs={[{ label: 'Home', to: '/' }, { label: 'Portfolio' }]} />
      <Section
        headingId="portfolio-slider-heading"
        eyebrow="Inside the clinic"
        title="A short walk through our clinic"
        intro="Use the arrows, the dots or your keyboard’s arrow keys to move between pictures."
      >
        <div className="portfolio-slider">
          <Carousel
            items={portfolioSlides}
            getKey={(item) => String(item.id)}
            layout={{ base: 1 }}
            effect="fade"
            gap={0}
            label="Clinic pictures"
            renderItem={(item, i) => (
              <figure className="portfolio-slide">
                <div className="carousel__media">
                  <SitePicture
                    img={item.img}
                    sizes="(min-width: 992px) 900px, calc(100vw - 2rem)"
                    decoding="async"
                    {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
                  />
                </div>
                <figcaption className="portfolio-slide__caption">
                  <span className="portfolio-slide__meta">
                    {portfolioCategoryLabel[item.category as PortfolioCategory] ?? item.category} · {i + 1} / {total}
                  </span>
                  <span className="portfolio-slide__title">{item.title}</span>
                </figcaption>
              </figure>
            )}
          />
        </div>
        <p className="portfolio-slider__more">
          Prefer to see everything at once? Browse the <Link to="/portfolioThreeColumn">portfolio gallery</Link> or the{' '}
          <Link to="/portfolioTwoColumn">portfolio with captions</Link>.
        </p>
      </Section>
    </>
  );
}
