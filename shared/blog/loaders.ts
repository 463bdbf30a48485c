import type { Post } from '../content/posts';
import type { PageMeta } from '../platform/page-meta';
import type { MediaPicture } from '../platform/media';
import type { RichTextDoc } from '../platform/rich-text';
import type { SiteImage } from '../platform/site-image';
import type { Img } from '../content/types';

/**
 * The blog pages' data. The posts are data (the posts table, edited at /staff/content), so the
 * pages' loaders are on the server (server/blog/page-data.ts); these are their shapes and the
 * rules they share.
 */

/** A published post as the pages show it: the summary the cards use, with its id and whether readers may comment. */
export interface BlogPost extends Post {
  id: string;
  /** Its cover: an illustration, or an upload with its copies. */
  img: SiteImage;
  commentsOpen: boolean;
  /** The day it last changed (yyyy-mm-dd, Abuja): the sitemap's lastmod, the article's dateModified. */
  modified: string;
}

export type ListFilter = { kind: 'tag' | 'category' | 'search'; value: string } | null;

/**
 * A post as the sidebar's feeds show it: its link, title, day and picture (the picture's own
 * size; its alt text is the title's, so not carried). Only these: the sidebar is on every blog
 * page, and its data is in each page's document for hydration (ADR 0052).
 */
export interface SidebarPost {
  slug: string;
  title: string;
  date: string;
  img: Pick<Img, 'src' | 'width' | 'height'>;
}

/** What the sidebar shows beside every list and post. */
export interface SidebarData {
  popular: SidebarPost[];
  categories: { name: string; count: number }[];
  tags: string[];
  imageFeed: SidebarPost[];
}

const sidebarPost = ({ slug, title, date, img }: Post): SidebarPost => ({ slug, title, date, img: { src: img.src, width: img.width, height: img.height } });

export interface BlogListData {
  /** The posts of this page. */
  posts: Post[];
  /** How many posts match (all pages). */
  total: number;
  page: number;
  pageCount: number;
  filter: ListFilter;
  meta: PageMeta;
  sidebar: SidebarData;
}

/** The one filter a list URL asks for: `?tag=`, else `?category=`, else `?q=`. */
export function listFilter(params: URLSearchParams): ListFilter {
  for (const [key, kind] of [['tag', 'tag'], ['category', 'category'], ['q', 'search']] as const) {
    const value = params.get(key)?.trim().slice(0, 100);
    if (value) return { kind, value };
  }
  return null;
}

/** The posts a filter keeps, in their order. */
export function filterPosts<P extends Post>(all: readonly P[], filter: ListFilter): P[] {
  if (!filter) return [...all];
  const value = filter.value.trim().toLowerCase();
  if (filter.kind === 'tag') return all.filter((p) => p.tags.some((t) => t.toLowerCase() === value));
  if (filter.kind === 'category') return all.filter((p) => p.category.toLowerCase() === value);
  const words = value.split(/\s+/).filter(Boolean);
  return all.filter((p) => {
    const hay = `${p.title} ${p.excerpt}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** Every tag used, in order of first appearance. */
export function tagsOf(all: readonly Post[]): string[] {
  return [...new Set(all.flatMap((p) => p.tags))];
}

/** Each category with its number of posts, in order of first appearance. */
export function categoriesOf(all: readonly Post[]): { name: string; count: number }[] {
  return [...all.reduce((m, p) => m.set(p.category, (m.get(p.category) ?? 0) + 1), new Map<string, number>())].map(([name, count]) => ({ name, count }));
}

/** The sidebar's lists, from the published posts (newest first). */
export function sidebarOf(all: readonly Post[]): SidebarData {
  return {
    popular: [...all].sort((a, b) => b.comments - a.comments).slice(0, 3).map(sidebarPost),
    categories: categoriesOf(all),
    tags: tagsOf(all),
    imageFeed: all.slice(0, 6).map(sidebarPost),
  };
}

export function filterHeading(filter: NonNullable<ListFilter>): string {
  if (filter.kind === 'tag') return `Posts tagged “${filter.value}”`;
  if (filter.kind === 'category') return `Posts in “${filter.value}”`;
  return `Search results for “${filter.value}”`;
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

/** A post's body: its stored document (rendered from an allowlist: nothing typed can run) and the uploaded pictures it shows, by id. */
export interface PostBody {
  doc: RichTextDoc;
  pictures: Record<string, MediaPicture>;
}

/** A post as its page's data holds it: its cover is absent at hydration (the page's HTML has it, ADR 0052). */
export type PostOnPage = Omit<BlogPost, 'img'> & { img?: BlogPost['img'] };

export interface BlogPostData {
  post: PostOnPage;
  /**
   * Always from the server's loader; absent in the document's hydration data (the detail routes'
   * `hydrateFromHtml`): the page's HTML has it in full and the browser keeps that (ADR 0052).
   */
  body?: PostBody;
  /** Approved readers' comments, oldest first. */
  approvedComments?: PublishedComment[];
  /** The older post. */
  previous: PostLink | null;
  /** The newer post. */
  next: PostLink | null;
  meta: PageMeta;
  /** Absent at hydration, as `body` (ADR 0052). */
  sidebar?: SidebarData;
}

/** The posts before (older) and after (newer) this one, for previous/next links. */
export function adjacentPosts<P extends Post>(all: readonly P[], slug: string): { previous: P | undefined; next: P | undefined } {
  const i = all.findIndex((p) => p.slug === slug);
  if (i < 0) return { previous: undefined, next: undefined };
  return { previous: all[i + 1], next: i > 0 ? all[i - 1] : undefined };
}
