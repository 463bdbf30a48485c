import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { POSTS_PER_PAGE } from '../../shared/content/blog';
import { adjacentPosts, filterHeading, filterPosts, listFilter, sidebarOf, type BlogListData, type BlogPostData, type PostLink } from '../../shared/blog/loaders';
import { blogRouteMeta } from '../../shared/blog/routes';
import { approvedComments } from '../requests/repo';
import { errorFields } from '../platform/http/error-fields';
import { clientContext, platformContext } from '../platform/render/route-context';
import { blogContext } from './context';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** Loader of a blog list page: filter (`?tag=`, `?category=`, `?q=`) and page (`?page=`); a page that does not exist is a 404. */
export function blogListLoader(path: string) {
  const base = blogRouteMeta(path);
  return async ({ request, context }: LoaderFunctionArgs): Promise<BlogListData> => {
    const all = await context.get(blogContext).posts();
    const params = new URL(request.url).searchParams;
    const filter = listFilter(params);
    const matching = filterPosts(all, filter);
    const pageCount = Math.max(1, Math.ceil(matching.length / POSTS_PER_PAGE));
    const rawPage = params.get('page');
    const page = rawPage === null ? 1 : /^\d{1,3}$/.test(rawPage) ? Number(rawPage) : NaN;
    if (!(page >= 1 && page <= pageCount)) throw notFound();
    let title = base.title;
    if (filter) title += `: ${filterHeading(filter)}`;
    if (page > 1) title += `, page ${page}`;
    return {
      posts: matching.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE),
      total: matching.length,
      page,
      pageCount,
      filter,
      meta: { title, description: base.description },
      sidebar: sidebarOf(all),
    };
  };
}

const linkOf = (p: { slug: string; title: string } | undefined): PostLink | null => (p ? { slug: p.slug, title: p.title } : null);

/**
 * Loader of a blog detail page: the post of `?post=<slug>` (the newest without it), with the
 * comments staff have approved (from the store, so they are in the first HTML). A renamed post's
 * old slug answers a 301 to its new one; an unknown slug is a 404.
 */
export function blogPostLoader(path: string) {
  const base = blogRouteMeta(path);
  return async ({ request, context }: LoaderFunctionArgs): Promise<BlogPostData> => {
    const blog = context.get(blogContext);
    const all = await blog.posts();
    const url = new URL(request.url);
    const slug = url.searchParams.get('post');
    const post = slug === null ? all[0] : all.find((p) => p.slug === slug);
    if (!post) {
      const moved = slug === null ? null : await blog.movedTo(slug);
      if (moved) {
        url.searchParams.set('post', moved);
        throw redirect(`${url.pathname}?${url.searchParams}`, 301);
      }
      throw notFound();
    }
    const body = await blog.body(post.slug);
    if (!body) throw notFound();
    const { previous, next } = adjacentPosts(all, post.slug);
    const page: BlogPostData = {
      post,
      body,
      previous: linkOf(previous),
      next: linkOf(next),
      // The route's own title leads, so each variant keeps a title of its own; the post's title follows.
      meta: { title: `${base.title}: ${post.title}`, description: post.excerpt },
      sidebar: sidebarOf(all),
    };
    const { store, logger } = context.get(platformContext);
    try {
      const comments = await approvedComments(store, post.slug);
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
      logger.error('approved comments could not be read', { requestId: context.get(clientContext).requestId, post: post.slug, ...errorFields(error) });
      return page;
    }
  };
}
