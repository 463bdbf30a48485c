import { Link } from '../ui/link';
import type { GalleryItem } from '../content/home-variants';
import { Carousel, type CarouselLayout } from '../ui/carousel';
import { Section } from '../ui/section';
import '../ui/sections/clinic-sections.css';

/** Photo gallery: 2 per view, 1 under 767 px (spec section 9: "2 (1)"). */
export const GALLERY_LAYOUT: CarouselLayout = { base: 1, from: { 767: 2 } };

export function PhotoGallery({ items, eyebrow = 'Gallery', title = 'Inside the clinic', headingId = 'gallery-heading' }: { items: readonly GalleryItem[]; eyebrow?: string; title?: string; headingId?: string }) {
  return (
    <Section headingId={headingId} className="photo-gallery" eyebrow={eyebrow} title={title}>
      <Carousel
        items={items}
        getKey={(g) => String(g.id)}
        layout={GALLERY_LAYOUT}
        label="Photo gallery"
        renderItem={(g) => (
          <figure className="gallery-slide">
            <img src={g.img.src} width={g.img.width} height={g.img.height} alt={g.img.alt} loading="lazy" decoding="async" />
          </figure>
        )}
      />
      <p className="photo-gallery__more">
        <Link to="/portfolioThreeColumn">See the full gallery</Link>
      </p>
    </Section>
  );
}
