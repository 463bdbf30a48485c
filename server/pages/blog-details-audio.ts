import { blogPostServerLoader } from '../blog/post-loader';

/** /blogDetailsAudio: the post and its approved comments (server/blog/post-loader.ts). */
export const loader = blogPostServerLoader('/blogDetailsAudio');
