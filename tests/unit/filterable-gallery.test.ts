import { describe, expect, it } from 'vitest';
import { dedupeByImage, filterGallery, portfolioFilters, portfolioItems } from '../../shared/content/portfolio';
import { homeFiveFilters, homeFiveGallery } from '../../shared/content/home-five';

describe('gallery filter (spec sections 3 and 4)', () => {
  it('the portfolio has 12 items and the default list drops items that repeat an image', () => {
    expect(portfolioItems).toHaveLength(12);
    const all = filterGallery(portfolioItems, 'all');
    expect(all).toHaveLength(new Set(portfolioItems.map((i) => i.img.src)).size);
    expect(all).toHaveLength(9);
    // The first item with each image is the one kept.
    expect(all.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a category shows only its items, repeats included', () => {
    for (const f of portfolioFilters) {
      if (f.value === 'all') continue;
      const shown = filterGallery(portfolioItems, f.value);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((i) => i.category === f.value)).toBe(true);
      expect(shown).toHaveLength(portfolioItems.filter((i) => i.category === f.value).length);
    }
    expect(filterGallery(portfolioItems, 'surgery').map((i) => i.id)).toEqual([4, 10, 12]);
  });

  it('dedupeByImage keeps order and the first occurrence', () => {
    const img = (src: string) => ({ src, width: 1, height: 1, alt: src });
    const items = [
      { id: 1, category: 'a', title: 'one', img: img('x') },
      { id: 2, category: 'b', title: 'two', img: img('y') },
      { id: 3, category: 'b', title: 'three', img: img('x') },
    ];
    expect(dedupeByImage(items).map((i) => i.id)).toEqual([1, 2]);
  });

  it('home five uses the spec filters and every category has items', () => {
    expect(homeFiveFilters.map((f) => f.label)).toEqual(['show all', 'Dental', 'Neurology', 'Surgery', 'Medicin']);
    for (const f of homeFiveFilters) expect(filterGallery(homeFiveGallery, f.value).length).toBeGreaterThan(0);
    expect(filterGallery(homeFiveGallery, 'all').length).toBeLessThan(homeFiveGallery.length);
  });
});
