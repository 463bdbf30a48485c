import { commentForm } from '../../shared/blog/comment-form';
import { requestFormAction } from '../requests/form-action';

/** The blog posts' comment form: stored as a request, published under the post once staff approve it. */
export const commentAction = requestFormAction(commentForm);
