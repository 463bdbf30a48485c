import { galleryLoader } from '../../gallery/page-data';

/** Its gallery's published pictures (server/gallery/page-data.ts). */
export const loader = galleryLoader('gallery');
