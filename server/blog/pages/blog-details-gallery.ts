import { blogPostLoader } from '../page-data';

/** /blogDetailsGallery: the post and its approved comments (server/blog/page-data.ts). */
export const loader = blogPostLoader('/blogDetailsGallery');

/** The comment form: held for moderation as a request. */
export { commentAction as action } from '../comment-action';
