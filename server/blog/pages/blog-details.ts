import { blogPostLoader } from '../page-data';

/** /blogDetails: the post and its approved comments (server/blog/page-data.ts). */
export const loader = blogPostLoader('/blogDetails');

/** The comment form: held for moderation as a request. */
export { commentAction as action } from '../comment-action';
