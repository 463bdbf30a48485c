import { blogPostLoader } from '../page-data';

/** /blogDetailsAudio: the post and its approved comments (server/blog/page-data.ts). */
export const loader = blogPostLoader('/blogDetailsAudio');

/** The comment form: held for moderation as a request. */
export { commentAction as action } from '../comment-action';
