import type { Sponsor } from '../../content/sponsors';
import { Carousel, type CarouselLayout } from '../carousel';
import { Section } from '../section';
import './clinic-sections.css';

/** Sponsors: 5 per view, 4 under 1024 px, 3 under 767 px, 2 under 576 px (spec section 9). */
export const SPONSORS_LAYOUT: CarouselLayout = { base: 2, from: { 576: 3, 767: 4, 1024: 5 } };

export function Sponsors({ items, eyebrow, title, headingId = 'sponsors-heading' }: { items: readonly Sponsor[]; eyebrow?: string; title: string; headingId?: string }) {
  return (
    <Section headingId={headingId} className="sponsors" eyebrow={eyebrow} title={title}>
      <Carousel
        items={items}
        getKey={(s) => s.id}
        layout={SPONSORS_LAYOUT}
        label="Partners"
        gap={16}
        renderItem={(s) => (
          <div className="sponsor">
            <img src={s.img.src} width={s.img.width} height={s.img.height} alt={s.img.alt} loading="lazy" decoding="async" />
          </div>
        )}
      />
    </Section>
  );
}
