import type { CSSProperties } from 'react';
import { Link } from '../link';
import type { HeroSlide } from '../../content/types';
import { Carousel } from '../carousel';
import './hero-slider.css';

export interface HeroSliderProps {
  slides: readonly HeroSlide[];
  /** Accessible name of the carousel region. */
  label?: string;
  /**
   * The first slide's title is the page's h1 by default (one h1 per page); the others are h2.
   * Pass 'h2' when the page has its own h1 elsewhere.
   */
  firstHeading?: 'h1' | 'h2';
}

/**
 * Hero slider (spec: fade, one slide per view, speed 10000 ms, autoplay off), used by the
 * alternative home pages. Data comes in as props (see `heroSlides` in content/home-variants.ts).
 * Only the first slide shows before Swiper starts, so the server HTML is a complete hero.
 */
export function HeroSlider({ slides, label = 'Highlights', firstHeading = 'h1' }: HeroSliderProps) {
  return (
    <div className="hero-slider">
      <div className="container">
        <Carousel
          items={slides}
          getKey={(s) => s.id}
          layout={{ base: 1 }}
          effect="fade"
          label={label}
          gap={0}
          renderItem={(s, i) => {
            const H = i === 0 ? firstHeading : 'h2';
            return (
              <div className="hero-slide">
                <div className="hero-slide__text">
                  {s.eyebrow && <p className="eyebrow">{s.eyebrow}</p>}
                  <H className="hero-slide__title">{s.title}</H>
                  <p className="hero-slide__lead">{s.text}</p>
                  {(s.cta || s.secondary) && (
                    <div className="hero-slide__actions">
                      {s.cta && (
                        <Link to={s.cta.to} className="btn btn--accent">
                          {s.cta.label}
                        </Link>
                      )}
                      {s.secondary && (
                        <Link to={s.secondary.to} className="btn btn--outline">
                          {s.secondary.label}
                        </Link>
                      )}
                    </div>
                  )}
                </div>
                <div className="hero-slide__art carousel__media" style={{ '--media-ratio': `${s.img.width} / ${s.img.height}` } as CSSProperties}>
                  <img
                    src={s.img.src}
                    width={s.img.width}
                    height={s.img.height}
                    alt={s.img.alt}
                    decoding="async"
                    // The first slide's art is the page's largest paint; the others are hidden until the
                    // carousel turns, so they come after it and the fonts (low priority).
                    {...(i === 0 ? { fetchPriority: 'high' as const, loading: 'eager' as const } : { fetchPriority: 'low' as const, loading: 'lazy' as const })}
                  />
                </div>
              </div>
            );
          }}
        />
      </div>
    </div>
  );
}
