import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/pagination';
import 'swiper/css/effect-fade';
import './carousel.css';
import { Icon } from './icons';

/** Transition speed of every sliding carousel on the site (spec section 9); autoplay stays off. */
export const CAROUSEL_SPEED_MS = 10000;
/** Fade transitions (hero and portfolio sliders) use the spec's fade default. */
export const FADE_SPEED_MS = 300;

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

const NO_DOTS = { __html: '' };

/** After a step: if `from` became disabled while it had focus (or focus fell to <body>), focus `to`. */
function keepFocus(from: HTMLButtonElement | null, to: HTMLButtonElement | null) {
  const active = document.activeElement;
  if (from?.disabled && (active === from || active === document.body) && to && !to.disabled) to.focus();
}

/**
 * Before Swiper starts, the loader's early answer (client/early.ts) may have moved the carousel:
 * a sliding one's track scrolled natively to a slide (`data-early` makes it a snapping scroll
 * container), a fade one showing another slide (inline visibility, `data-early-slide`). Swiper
 * takes over from the slide on screen, with the track back at rest: returns that slide's index.
 */
function takeOverEarly(root: HTMLElement, track: HTMLElement, fade: boolean): number {
  const slides = [...track.querySelectorAll<HTMLElement>('.swiper-slide')];
  let at = 0;
  if (fade) {
    at = Number(track.dataset.earlySlide ?? 0) || 0;
    delete track.dataset.earlySlide;
    for (const s of slides) {
      s.style.removeProperty('visibility');
      s.querySelector<HTMLElement>('.carousel__media')?.style.removeProperty('content-visibility');
    }
  } else if (track.scrollLeft > 0 && slides[0] && slides[1]) {
    at = Math.round(track.scrollLeft / (slides[1].offsetLeft - slides[0].offsetLeft || 1));
    track.scrollLeft = 0;
  }
  delete root.dataset.early;
  return Math.max(0, Math.min(slides.length - 1, at));
}

/**
 * A Swiper carousel whose slides are plain server-rendered HTML laid out by CSS at the
 * spec's per-view counts. Swiper itself (code and behaviour) is loaded when the carousel
 * comes near the viewport, then takes over the same DOM: no layout shift, and nothing
 * for carousels the visitor never scrolls to.
 */
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
  const rootRef = useRef<HTMLElement>(null);
  const swiperElRef = useRef<HTMLDivElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const paginationRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const fade = effect === 'fade';
  const speed = fade ? FADE_SPEED_MS : CAROUSEL_SPEED_MS;
  const layoutKey = JSON.stringify(layout);

  useEffect(() => {
    const root = rootRef.current;
    const el = swiperElRef.current;
    if (!root || !el) return;
    let cancelled = false;
    let swiper: { destroy: (deleteInstance?: boolean, cleanStyles?: boolean) => void } | undefined;

    const start = async () => {
      const { createSwiper } = await import('./carousel-swiper');
      if (cancelled) return;
      const current: CarouselLayout = JSON.parse(layoutKey);
      const breakpoints: SwiperOptions['breakpoints'] = {};
      for (const bp of KNOWN_BREAKPOINTS) {
        const v = current.from?.[bp];
        if (v !== undefined) breakpoints[bp] = { slidesPerView: v };
      }
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      const initialSlide = takeOverEarly(root, el, fade);
      // A dot of ours that has focus gives it to Swiper's bullet in its place (ours are hidden now);
      // the track, a tab stop of its own until Swiper starts (client/early.ts), to the current bullet.
      const focusedDot = [...root.querySelectorAll('.carousel__dots > button')].indexOf(document.activeElement as Element);
      const trackFocused = document.activeElement === el;
      swiper = createSwiper(el, {
        initialSlide,
        slidesPerView: fade ? 1 : current.base,
        breakpoints: fade ? undefined : breakpoints,
        spaceBetween: fade ? 0 : gap,
        speed: reduced ? 0 : speed,
        autoplay: false,
        loop,
        effect,
        ...(fade ? { fadeEffect: { crossFade: true } } : {}),
        keyboard: { enabled: true, onlyInViewport: true },
        a11y: { enabled: true, prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide', containerMessage: label, itemRoleDescriptionMessage: 'slide' },
        navigation: { prevEl: prevRef.current, nextEl: nextRef.current },
        pagination: pagination && paginationRef.current ? { el: paginationRef.current, clickable: true } : false,
        on: {
          init: () => setReady(true),
          // At either end Swiper disables that button, and a disabled button drops focus to <body>:
          // a keyboard user carries on from the other button instead.
          navigationNext: () => keepFocus(nextRef.current, prevRef.current),
          navigationPrev: () => keepFocus(prevRef.current, nextRef.current),
        },
      });
      if (focusedDot >= 0) {
        // Ours are one per slide, Swiper's one per position (fewer when several slides show at once):
        // a slide past the last position is shown from the last position.
        const bullets = paginationRef.current?.querySelectorAll<HTMLElement>('.swiper-pagination-bullet') ?? [];
        bullets[Math.min(focusedDot, bullets.length - 1)]?.focus();
      } else if (trackFocused) {
        const to = paginationRef.current?.querySelector<HTMLElement>('.swiper-pagination-bullet-active') ?? [nextRef.current, prevRef.current].find((b) => b && !b.disabled);
        to?.focus();
      }
    };

    if (typeof IntersectionObserver === 'undefined') {
      void start();
    } else {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          void start();
        },
        { rootMargin: '300px 0px' },
      );
      observer.observe(root);
      return () => {
        cancelled = true;
        observer.disconnect();
        swiper?.destroy(true, true);
      };
    }
    return () => {
      cancelled = true;
      swiper?.destroy(true, true);
    };
  }, [layoutKey, fade, speed, gap, loop, effect, pagination, label, items.length]);

  return (
    <section
      ref={rootRef}
      className={`carousel${fade ? ' carousel--fade' : ''}${ready ? ' is-ready' : ''}${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-speed={speed}
      data-autoplay="off"
      data-loop={loop ? 'true' : undefined}
      style={layoutVars(fade ? { base: 1 } : layout, gap)}
    >
      <div ref={swiperElRef} className="swiper">
        <div className="swiper-wrapper">
          {items.map((item, i) => (
            <div className="swiper-slide" key={getKey(item, i)}>
              {renderItem(item, i)}
            </div>
          ))}
        </div>
        {pagination && <div ref={paginationRef} className="swiper-pagination" />}
      </div>
      {/* Until Swiper starts (and renders its own bullets in .swiper-pagination), the loader puts
          one dot per slide here (client/early.ts), answered by it; hidden once Swiper has started.
          Not in the server's HTML (bytes of every carousel page, ADR 0027), and not React's: an
          element whose inner HTML React was given is not hydrated child by child. */}
      {pagination && <div className="carousel__dots" dangerouslySetInnerHTML={NO_DOTS} />}
      <div className="carousel__controls">
        <button ref={prevRef} type="button" className={`carousel__btn carousel__prev${loop ? '' : ' swiper-button-disabled'}`} aria-label="Previous slide" disabled={!loop}>
          <Icon name="chevronLeft" size={20} />
        </button>
        <button ref={nextRef} type="button" className="carousel__btn carousel__next" aria-label="Next slide">
          <Icon name="chevronRight" size={20} />
        </button>
      </div>
    </section>
  );
}
