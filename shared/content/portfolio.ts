import { galleryImages } from './images';
import type { Img } from './types';

/** A portfolio or gallery item (spec section 3): an image in one category. */
export interface GalleryItem<C extends string = string> {
  /** Stable key (the template's numbers; the database's ids, e.g. `p3`). */
  id: number | string;
  img: Img;
  category: C;
  title: string;
}

/** A filter button: `value` 'all' shows the de-duplicated list. */
export interface GalleryFilter<C extends string = string> {
  value: C | 'all';
  label: string;
}

const galleryImg = (n: number): Img => {
  const img = galleryImages[n - 1];
  if (!img) throw new Error(`No gallery image ${n}`);
  return img;
};

export type PortfolioCategory = 'care' | 'dental' | 'medical' | 'surgery';

/** Portfolio filter buttons, spelled as in the spec. */
export const portfolioFilters: readonly GalleryFilter<PortfolioCategory>[] = [
  { value: 'all', label: 'Show all' },
  { value: 'dental', label: 'Dental' },
  { value: 'care', label: 'Care' },
  { value: 'medical', label: 'Medical' },
  { value: 'surgery', label: 'Surgery' },
];

/**
 * Twelve portfolio items. Items 10, 11 and 12 reuse an earlier item's image in another
 * category, so the default list shows 9 (spec: duplicates by image are dropped there).
 */
export const portfolioItems: readonly GalleryItem<PortfolioCategory>[] = [
  { id: 1, category: 'care', title: 'Hands-on soft-tissue therapy', img: galleryImg(8) },
  { id: 2, category: 'dental', title: 'Jaw tension and bite check', img: galleryImg(5) },
  { id: 3, category: 'medical', title: 'Reading a spinal x-ray together', img: galleryImg(9) },
  { id: 4, category: 'surgery', title: 'Planning recovery before surgery', img: galleryImg(6) },
  { id: 5, category: 'care', title: 'Resistance-band shoulder programme', img: galleryImg(4) },
  { id: 6, category: 'medical', title: 'Explaining the spine, vertebra by vertebra', img: galleryImg(3) },
  { id: 7, category: 'care', title: 'Morning mobility class', img: galleryImg(12) },
  { id: 8, category: 'medical', title: 'First consultation and history', img: galleryImg(11) },
  { id: 9, category: 'care', title: 'Our quiet treatment room', img: galleryImg(1) },
  { id: 10, category: 'surgery', title: 'Post-operative spine review', img: galleryImg(9) },
  { id: 11, category: 'dental', title: 'Working with your dentist on clenching', img: galleryImg(11) },
  { id: 12, category: 'surgery', title: 'Rebuilding strength after an operation', img: galleryImg(4) },
];

/** The list without items whose image repeats an earlier item's image (spec section 3). */
export function dedupeByImage<T extends GalleryItem>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.img.src)) return false;
    seen.add(item.img.src);
    return true;
  });
}

/** What a filter shows (spec section 4): a category only its items, 'all' the de-duplicated list. */
export function filterGallery<T extends GalleryItem>(items: readonly T[], filter: T['category'] | 'all'): T[] {
  return filter === 'all' ? dedupeByImage(items) : items.filter((item) => item.category === filter);
}

/** Pictures for the portfolio slider: one per distinct illustration. */
export const portfolioSlides = dedupeByImage(portfolioItems);

export const portfolioCategoryLabel: Record<PortfolioCategory, string> = {
  care: 'Care',
  dental: 'Dental',
  medical: 'Medical',
  surgery: 'Surgery',
};
