import { useEffect, useRef, useState } from 'react';
import type { CounterItem } from '../content/types';
import { Icon } from './icons';

/** Count-up duration (spec section 9). */
export const COUNTER_DURATION_MS = 8000;

const format = (n: number) => n.toLocaleString('en-NG');

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A number that counts up from 0 to `end` over 8 seconds once it scrolls into view.
 * The server HTML carries the end value; visitors who ask for reduced motion keep it.
 */
export function CountUp({ end, duration = COUNTER_DURATION_MS }: { end: number; duration?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(end);

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    let frame = 0;
    setValue(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / duration);
          // Ease-out so the last digits settle gently.
          setValue(Math.round(end * (1 - Math.pow(1 - t, 3))));
          if (t < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.4 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [end, duration]);

  return (
    <span ref={ref} className="counter__value" data-end={end}>
      {format(value)}
    </span>
  );
}

export function Counters({ items, variant = 'light' }: { items: readonly CounterItem[]; variant?: 'light' | 'dark' }) {
  return (
    <ul className={`counters counters--${variant}`}>
      {items.map((c) => (
        <li key={c.label} className="counter">
          {c.icon && (
            <span className="counter__icon">
              <Icon name={c.icon} size={28} />
            </span>
          )}
          <span className="counter__number">
            {/* Screen readers get the final figure once, not every animation frame. */}
            <span aria-hidden="true">
              <CountUp end={c.end} />
              {c.suffix}
            </span>
            <span className="visually-hidden">
              {format(c.end)}
              {c.suffix}
            </span>
          </span>
          <span className="counter__label">{c.label}</span>
        </li>
      ))}
    </ul>
  );
}
