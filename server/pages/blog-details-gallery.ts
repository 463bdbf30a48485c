import { blogPostServerLoader } from '../blog/post-loader';

/** /blogDetailsGallery: the post and its approved comments (server/blog/post-loader.ts). */
export const loader = blogPostServerLoader('/blogDetailsGallery');
