import { blogListLoader } from '../page-data';

/** /blogs: the published posts of this page, filtered and paged (server/blog/page-data.ts). */
export const loader = blogListLoader('/blogs');
