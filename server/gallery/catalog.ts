import { asc } from 'drizzle-orm';
import { homeFiveGallery } from '../../shared/content/home-five';
import { portfolioItems } from '../../shared/content/portfolio';
import type { GalleryItem } from '../../shared/content/portfolio';
import { createContext } from 'react-router';
import type { Store } from '../platform/db/store';
import { memoized } from '../platform/db/memo';
import { galleryItems, type GalleryRow } from './schema';

export type Collection = GalleryRow['collection'];

/** The published pictures of the home page's gallery and of the portfolio pages, in order. */
export interface GalleryCatalog {
  items(collection: Collection): Promise<readonly GalleryItem[]>;
}

export const galleryContext = createContext<GalleryCatalog>();

/**
 * A picture's id as the pages show it (`data-id`): the template's pictures keep their numbers
 * (stored as g3, p12: the gallery and the portfolio share one table), the editor's their own.
 */
export const shownGalleryId = (id: string): string | number => (/^[gp]\d+$/.test(id) ? Number(id.slice(1)) : id);

const itemOf = (r: Pick<GalleryRow, 'id' | 'picture' | 'caption' | 'category'>): GalleryItem => ({ id: shownGalleryId(r.id), img: r.picture, category: r.category, title: r.caption });

/** From the database, kept in memory until `invalidate()` (the content version moved). */
export function storeGalleryCatalog(store: Store): GalleryCatalog & { invalidate(): void } {
  const loaded = memoized(async () => {
    const rows = await store.db.select().from(galleryItems).orderBy(asc(galleryItems.sort), asc(galleryItems.id));
    return { gallery: rows.filter((r) => r.collection === 'gallery').map(itemOf), portfolio: rows.filter((r) => r.collection === 'portfolio').map(itemOf) };
  });
  return { items: async (collection) => (await loaded.get())[collection], invalidate: loaded.invalidate };
}

/** The template's pictures, as a new database gets them (tests and pages rendered without a database). */
export function staticGalleryCatalog(): GalleryCatalog {
  const fixed = {
    gallery: homeFiveGallery,
    portfolio: portfolioItems,
  };
  return { items: async (collection) => fixed[collection] };
}

/** A catalog with one picture as its draft shows it (preview, editors only): in its place, or first when new. */
export function withDraftItem(base: GalleryCatalog, collection: Collection, draft: GalleryItem): GalleryCatalog {
  return {
    async items(c) {
      const items = await base.items(c);
      if (c !== collection) return items;
      return items.some((i) => i.id === draft.id) ? items.map((i) => (i.id === draft.id ? draft : i)) : [draft, ...items];
    },
  };
}
