import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import { A11y, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import 'swiper/css/effect-fade';
import './carousel.css';
import { Icon } from './icons';

/** Transition speed of every carousel on the site (spec section 9); autoplay stays off. */
export const CAROUSEL_SPEED_MS = 10000;

/**
 * Widths at which some carousel or grid of the spec changes layout. The CSS that lays
 * slides out before Swiper starts (and without JavaScript) has a media query for each.
 */
export const KNOWN_BREAKPOINTS = [576, 600, 767, 768, 991, 1024, 1100, 1200] as const;
export type KnownBreakpoint = (typeof KNOWN_BREAKPOINTS)[number];

export interface CarouselLayout {
  /** Slides per view on the narrowest screens. */
  base: number;
  /** Slides per view from a width upwards (Swiper's min-width breakpoints). "4 under 1200" is `{ 1200: 6 }` with 4 below. */
  from?: Partial<Record<KnownBreakpoint, number>>;
}

export function slidesAt(layout: CarouselLayout, width: number): number {
  let n = layout.base;
  for (const bp of KNOWN_BREAKPOINTS) {
    const v = layout.from?.[bp];
    if (v !== undefined && width >= bp) n = v;
  }
  return n;
}

/** Inline custom properties give the pre-initialisation CSS the per-view count at each known width. */
function layoutVars(layout: CarouselLayout, gap: number): CSSProperties {
  const vars: Record<string, string | number> = { '--gap': `${gap}px`, '--spv-0': layout.base };
  for (const bp of KNOWN_BREAKPOINTS) vars[`--spv-${bp}`] = slidesAt(layout, bp);
  return vars as CSSProperties;
}

export interface CarouselProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => string;
  layout: CarouselLayout;
  /** Accessible name of the carousel region. */
  label: string;
  gap?: number;
  effect?: 'slide' | 'fade';
  loop?: boolean;
  className?: string;
  /** Hide the pagination bullets (e.g. single-slide hero). */
  pagination?: boolean;
}

export function Carousel<T>({
  items,
  renderItem,
  getKey,
  layout,
  label,
  gap = 24,
  effect = 'slide',
  loop = false,
  className,
  pagination = true,
}: CarouselProps<T>) {
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [ready, setReady] = useState(false);

  const breakpoints: SwiperOptions['breakpoints'] = {};
  for (const bp of KNOWN_BREAKPOINTS) {
    const v = layout.from?.[bp];
    if (v !== undefined) breakpoints[bp] = { slidesPerView: v };
  }
  const fade = effect === 'fade';

  return (
    <section className={`carousel${fade ? ' carousel--fade' : ''}${ready ? ' is-ready' : ''} ${className ?? ''}`} aria-roledescription="carousel" aria-label={label} style={layoutVars(fade ? { base: 1 } : layout, gap)}>
      <Swiper
        modules={[A11y, Keyboard, Navigation, Pagination, ...(fade ? [EffectFade] : [])]}
        slidesPerView={fade ? 1 : layout.base}
        breakpoints={fade ? undefined : breakpoints}
        spaceBetween={fade ? 0 : gap}
        speed={CAROUSEL_SPEED_MS}
        autoplay={false}
        loop={loop}
        effect={effect}
        {...(fade ? { fadeEffect: { crossFade: true } } : {})}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ enabled: true, prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide' }}
        pagination={pagination ? { clickable: true } : false}
        onBeforeInit={(swiper: SwiperInstance) => {
          const nav = swiper.params.navigation;
          if (nav && typeof nav === 'object') {
            nav.prevEl = prevRef.current;
            nav.nextEl = nextRef.current;
          }
        }}
        navigation={{ enabled: true }}
        onInit={() => setReady(true)}
      >
        {items.map((item, i) => (
          <SwiperSlide key={getKey(item, i)}>{renderItem(item, i)}</SwiperSlide>
        ))}
      </Swiper>
      <div className="carousel__controls">
        <button ref={prevRef} type="button" className="carousel__btn carousel__prev" aria-label="Previous slide">
          <Icon name="chevronLeft" size={20} />
        </button>
        <button ref={nextRef} type="button" className="carousel__btn carousel__next" aria-label="Next slide">
          <Icon name="chevronRight" size={20} />
        </button>
      </div>
    </section>
  );
}
