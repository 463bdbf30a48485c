/** An image with real intrinsic dimensions, so layout never shifts and the clinic can swap in photographs later. */
export interface Img {
  /** Absolute path under public/, e.g. "/images/services/chiropractic-therapy.svg". */
  src: string;
  width: number;
  height: number;
  /** Useful alt text; empty string only for purely decorative images. */
  alt: string;
}

/** An option of a select field (appointment, quote and enquiry forms). */
export interface Option {
  value: string;
  label: string;
}

/** The names of the icons in shared/ui/icons.tsx; content picks icons by name. */
export type IconName =
  | 'phone'
  | 'mail'
  | 'pin'
  | 'clock'
  | 'menu'
  | 'close'
  | 'arrowRight'
  | 'arrowLeft'
  | 'chevronLeft'
  | 'chevronRight'
  | 'chevronDown'
  | 'plus'
  | 'minus'
  | 'check'
  | 'play'
  | 'user'
  | 'calendar'
  | 'search'
  | 'heart'
  | 'spine'
  | 'quote'
  | 'star'
  | 'comment'
  | 'whatsapp'
  | 'grid'
  | 'list'
  | 'cart'
  | 'zoomIn'
  | 'zoomOut'
  | 'logout'
  | 'globe'
  | 'facebook'
  | 'instagram'
  | 'x'
  | 'linkedin'
  | 'youtube';

/** One count-up figure (shared/ui/counter.tsx). */
export interface CounterItem {
  end: number;
  label: string;
  icon?: IconName;
  suffix?: string;
}

export interface HeroSlideLink {
  label: string;
  to: string;
}

/** One slide of a hero slider (shared/ui/sections/hero-slider.tsx). */
export interface HeroSlide {
  /** Stable key. */
  id: string;
  eyebrow?: string;
  title: string;
  text: string;
  img: Img;
  cta?: HeroSlideLink;
  secondary?: HeroSlideLink;
}
