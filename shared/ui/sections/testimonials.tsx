import { testimonials } from '../../content/testimonials';
import { Carousel, type CarouselLayout } from '../carousel';
import { Icon } from '../icons';
import { Section } from '../section';

/** Home one: 2 per view, 1 under 991 px (spec section 9). */
export const TESTIMONIALS_LAYOUT_HOME: CarouselLayout = { base: 1, from: { 991: 2 } };
/** Another page: 3 per view, 2 under 1024 px, 1 under 767 px. */
export const TESTIMONIALS_LAYOUT_WIDE: CarouselLayout = { base: 1, from: { 767: 2, 1024: 3 } };

export function Testimonials({ layout = TESTIMONIALS_LAYOUT_HOME, title = 'What our patients say' }: { layout?: CarouselLayout; title?: string }) {
  return (
    <Section headingId="testimonials-heading" eyebrow="Testimonials" title={title}>
      <Carousel
        items={testimonials}
        getKey={(t) => t.id}
        layout={layout}
        label="Patient testimonials"
        renderItem={(t) => (
          <figure className="testimonial">
            <Icon name="quote" size={32} className="testimonial__mark" />
            <blockquote>
              <p>{t.quote}</p>
            </blockquote>
            <figcaption>
              <img src={t.img.src} width={64} height={64} alt="" loading="lazy" decoding="async" />
              <span>
                <strong>{t.name}</strong>
                <span>{t.role}</span>
              </span>
            </figcaption>
          </figure>
        )}
      />
    </Section>
  );
}
