import type { LoaderFunctionArgs } from 'react-router';
import { blogPostLoader, type BlogPostData } from '../../shared/blog/loaders';
import { approvedComments } from '../requests/repo';
import { errorFields } from '../platform/http/error-fields';
import { clientContext, platformContext } from '../platform/render/route-context';

/**
 * The blog detail pages' loader, on the server: the post from the shared content loader, plus
 * the comments staff have approved, from the store, so they are in the first HTML.
 */
export function blogPostServerLoader(path: string) {
  const fromContent = blogPostLoader(path);
  return async (args: LoaderFunctionArgs): Promise<BlogPostData> => {
    const page = fromContent(args);
    const { store, logger } = args.context.get(platformContext);
    try {
      const comments = await approvedComments(store, page.post.slug);
      return {
        ...page,
        approvedComments: comments.map((c) => ({
          reference: c.reference,
          name: c.name ?? 'A reader',
          text: typeof c.payload.comment === 'string' ? c.payload.comment : '',
          publishedAt: c.publishedAt.toISOString(),
        })),
      };
    } catch (error) {
      // The article matters more than its comments: show it without them.
      logger.error('approved comments could not be read', { requestId: args.context.get(clientContext).requestId, post: page.post.slug, ...errorFields(error) });
      return page;
    }
  };
}
