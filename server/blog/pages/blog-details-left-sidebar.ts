import { blogPostServerLoader } from '../post-loader';

/** /blogDetailsLeftSidebar: the post and its approved comments (server/blog/post-loader.ts). */
export const loader = blogPostServerLoader('/blogDetailsLeftSidebar');

/** The comment form: held for moderation as a request. */
export { commentAction as action } from '../comment-action';
