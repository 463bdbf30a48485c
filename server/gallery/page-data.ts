import type { LoaderFunctionArgs } from 'react-router';
import type { GalleryData } from '../../shared/gallery/portfolio-gallery';
import { galleryContext, type Collection } from './catalog';

/** The loader of a page showing one collection's published pictures (edited at /staff/content). */
export function galleryLoader(collection: Collection) {
  return async ({ context }: LoaderFunctionArgs): Promise<GalleryData> => ({ items: [...(await context.get(galleryContext).items(collection))] });
}
