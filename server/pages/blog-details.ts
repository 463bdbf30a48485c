import { blogPostServerLoader } from '../blog/post-loader';

/** /blogDetails: the post and its approved comments (server/blog/post-loader.ts). */
export const loader = blogPostServerLoader('/blogDetails');
