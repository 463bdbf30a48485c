import { blogListLoader } from '../page-data';

/** /blogTwoMasonry: the published posts of this page, filtered and paged (server/blog/page-data.ts). */
export const loader = blogListLoader('/blogTwoMasonry');
