import { data, type LoaderFunctionArgs } from 'react-router';
import { POSTS_PER_PAGE } from '../content/blog';
import { adjacentPosts, findPost, latestPost, posts, postsByCategory, postsByTag, searchPosts, type Post } from '../content/posts';
import type { PageMeta } from '../platform/page-meta';
import { blogRouteMeta } from './routes';

export type ListFilter = { kind: 'tag' | 'category' | 'search'; value: string } | null;

export interface BlogListData {
  /** The posts of this page. */
  posts: Post[];
  /** How many posts match (all pages). */
  total: number;
  page: number;
  pageCount: number;
  filter: ListFilter;
  meta: PageMeta;
}

/** The one filter a list URL asks for: `?tag=`, else `?category=`, else `?q=`. */
export function listFilter(params: URLSearchParams): ListFilter {
  for (const [key, kind] of [['tag', 'tag'], ['category', 'category'], ['q', 'search']] as const) {
    const value = params.get(key)?.trim().slice(0, 100);
    if (value) return { kind, value };
  }
  return null;
}

function filtered(filter: ListFilter): Post[] {
  if (!filter) return [...posts];
  if (filter.kind === 'tag') return postsByTag(filter.value);
  if (filter.kind === 'category') return postsByCategory(filter.value);
  return searchPosts(filter.value);
}

export function filterHeading(filter: NonNullable<ListFilter>): string {
  if (filter.kind === 'tag') return `Posts tagged “${filter.value}”`;
  if (filter.kind === 'category') return `Posts in “${filter.value}”`;
  return `Search results for “${filter.value}”`;
}

/** Loader of a blog list page: filter (`?tag=`, `?category=`, `?q=`) and page (`?page=`); a page that does not exist is a 404. */
export function blogListLoader(path: string) {
  const base = blogRouteMeta(path);
  return ({ request }: LoaderFunctionArgs): BlogListData => {
    const params = new URL(request.url).searchParams;
    const filter = listFilter(params);
    const matching = filtered(filter);
    const pageCount = Math.max(1, Math.ceil(matching.length / POSTS_PER_PAGE));
    const rawPage = params.get('page');
    const page = rawPage === null ? 1 : /^\d{1,3}$/.test(rawPage) ? Number(rawPage) : NaN;
    if (!(page >= 1 && page <= pageCount)) throw data(null, { status: 404, statusText: 'Not Found' });
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
    };
  };
}

/** Title and slug of a neighbouring post, for the previous/next links. */
export interface PostLink {
  slug: string;
  title: string;
}

/** A reader's comment that staff approved (from the store; only the server's loader adds them). */
export interface PublishedComment {
  reference: string;
  name: string;
  text: string;
  publishedAt: string;
}

export interface BlogPostData {
  post: Post;
  /** Approved readers' comments, oldest first. */
  approvedComments?: PublishedComment[];
  /** The older post. */
  previous: PostLink | null;
  /** The newer post. */
  next: PostLink | null;
  meta: PageMeta;
}

const linkOf = (p: Post | undefined): PostLink | null => (p ? { slug: p.slug, title: p.title } : null);

/** Loader of a blog detail page: the post of `?post=<slug>` (the newest without it); an unknown slug is a 404. */
export function blogPostLoader(path: string) {
  const base = blogRouteMeta(path);
  return ({ request }: LoaderFunctionArgs): BlogPostData => {
    const slug = new URL(request.url).searchParams.get('post');
    const post = slug === null ? latestPost : findPost(slug);
    if (!post) throw data(null, { status: 404, statusText: 'Not Found' });
    const { previous, next } = adjacentPosts(post.slug);
    return {
      post,
      previous: linkOf(previous),
      next: linkOf(next),
      // The route's own title leads, so each variant keeps a title of its own; the post's title follows.
      meta: { title: `${base.title}: ${post.title}`, description: post.excerpt },
    };
  };
}
