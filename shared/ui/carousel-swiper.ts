// Swiper and the modules the site uses, in one chunk that carousels load when they
// come near the viewport, so no page pays for Swiper on its first load.
import Swiper from 'swiper';
import { A11y, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';

export function createSwiper(el: HTMLElement, options: SwiperOptions): Swiper {
  // The early scroll container's tab stop (client/early.ts) goes: Swiper's controls take over.
  if (el.dataset.earlyTabStop !== undefined) {
    el.removeAttribute('tabindex');
    delete el.dataset.earlyTabStop;
  }
  return new Swiper(el, { modules: [A11y, EffectFade, Keyboard, Navigation, Pagination], ...options });
}

export type { Swiper };
