import { blogListLoader } from '../page-data';

/** /blogThreeColMasonry: the published posts of this page, filtered and paged (server/blog/page-data.ts). */
export const loader = blogListLoader('/blogThreeColMasonry');
