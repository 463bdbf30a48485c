import { commentForm } from '../../shared/blog/comment-form';
import { requestFormAction } from '../requests/form-action';
import { blogContext } from './context';

/**
 * The blog posts' comment form: stored as a request, published under the post once staff approve
 * it. Only a published post open for comments takes one.
 */
export const commentAction = requestFormAction(commentForm, {
  context: async ({ context }) => ({ commentable: (await context.get(blogContext).posts()).filter((p) => p.commentsOpen).map((p) => p.slug) }),
});
