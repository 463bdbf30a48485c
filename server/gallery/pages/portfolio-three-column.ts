import { galleryLoader } from '../page-data';

/** The portfolio's published pictures (server/gallery/page-data.ts). */
export const loader = galleryLoader('portfolio');
