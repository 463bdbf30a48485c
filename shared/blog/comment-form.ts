import { z } from 'zod';
import { check, email, required, str } from '../platform/form-fields';
import type { FormSpec, NewRequest } from '../requests/schemas';

/** A reader's comment under a post: held for moderation as a request (staff publish it). */
export const commentForm: FormSpec = {
  kind: 'comment',
  schema: ({ commentable }) =>
    z
      .object({
        // The posts are data: the server checks the post is published and open for comments.
        post: str.pipe(check((v) => /^[a-z0-9-]{1,80}$/.test(v) && (!commentable || commentable.includes(v)), 'Please choose a post.', 'Comments are closed for this post.')),
        comment: required('your comment', 2000),
        name: required('your name', 120),
        email: email(true),
        website: str.pipe(
          z
            .string()
            .max(200, 'Please enter a shorter web address.')
            .refine((v) => !v || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Please enter a web address starting with http:// or https://, or leave it empty.'),
        ),
      })
      // Stored as postId: approved comments are looked up by it (requests_comment_post_idx).
      .transform(({ name, email: mail, post, ...rest }): NewRequest => ({ kind: 'comment', name, email: mail, phone: null, payload: { postId: post, ...rest } })),
};
