import { desc, eq, like, lte } from 'drizzle-orm';
import type { BlogPost, PostBody } from '../../shared/blog/loaders';
import type { RichTextDoc } from '../../shared/platform/rich-text';
import type { MediaPicture } from '../../shared/platform/media';
import type { Store } from '../platform/db/store';
import { memoized } from '../platform/db/memo';
import { contentRedirects } from '../platform/db/redirects';
import { posts, type PostRow } from './schema';

/** The published posts as the blog's pages read them: from memory, refreshed when the content version moves. */
export interface BlogCatalog {
  /** Published posts, newest first. */
  posts(): Promise<readonly BlogPost[]>;
  /** A published post's body (its document and the uploaded pictures it shows), or null. */
  body(slug: string): Promise<PostBody | null>;
  /** Where a renamed post went: the slug it has now, or null. */
  movedTo(slug: string): Promise<string | null>;
}

/** A post's publication date as the pages show it: its day in Abuja. */
export function abujaDay(at: Date): string {
  return new Date(at.getTime() + 60 * 60_000).toISOString().slice(0, 10);
}

type Summary = Omit<PostRow, 'body'>;

export function blogPostOf(row: Summary): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    date: abujaDay(row.publishedAt),
    author: row.authorName,
    comments: row.sampleComments,
    img: row.cover,
    category: row.category,
    tags: row.tags,
    readingMinutes: row.readingMinutes,
    commentsOpen: row.commentsOpen,
    modified: abujaDay(row.updatedAt > row.publishedAt ? row.updatedAt : row.publishedAt),
  };
}

/** The slug a post's address names (`/blogDetails?post=<slug>`), as content_redirects keeps it. */
export const postPath = (slug: string) => `/blogDetails?post=${encodeURIComponent(slug)}`;
const slugOfPath = (path: string) => decodeURIComponent(path.slice('/blogDetails?post='.length));

interface Loaded {
  posts: BlogPost[];
  moved: Map<string, string>;
  bodies: Map<string, Promise<PostBody | null>>;
}

/** The blog's posts from the database, kept in memory until `invalidate()` (the content version moved). */
export function storeBlogCatalog(store: Store, now: () => Date = () => new Date(), pictures: (doc: RichTextDoc) => Promise<Record<string, MediaPicture>> = async () => ({})): BlogCatalog & { invalidate(): void } {
  const loaded = memoized(async (): Promise<Loaded> => {
    const { id, slug, title, excerpt, cover, category, tags, authorId, authorName, publishedAt, commentsOpen, sampleComments, readingMinutes, updatedAt } = posts;
    const columns = { id, slug, title, excerpt, cover, category, tags, authorId, authorName, publishedAt, commentsOpen, sampleComments, readingMinutes, updatedAt };
    const [rows, redirects] = await Promise.all([
      store.db.select(columns).from(posts).where(lte(posts.publishedAt, now())).orderBy(desc(posts.publishedAt), desc(posts.id)),
      store.db.select().from(contentRedirects).where(like(contentRedirects.fromPath, '/blogDetails?post=%')),
    ]);
    return { posts: rows.map(blogPostOf), moved: new Map(redirects.map((r) => [slugOfPath(r.fromPath), slugOfPath(r.toPath)])), bodies: new Map() };
  });
  const load = () => loaded.get();
  return {
    posts: async () => (await load()).posts,
    async body(slug) {
      const current = await load();
      if (!current.posts.some((p) => p.slug === slug)) return null;
      let body = current.bodies.get(slug);
      if (!body) {
        body = store.db
          .select({ body: posts.body })
          .from(posts)
          .where(eq(posts.slug, slug))
          .then(async ([row]) => (row ? { doc: row.body, pictures: await pictures(row.body) } : null));
        body.catch(() => current.bodies.delete(slug));
        current.bodies.set(slug, body);
      }
      return body;
    },
    movedTo: async (slug) => (await load()).moved.get(slug) ?? null,
    invalidate: loaded.invalidate,
  };
}

/** Fixed posts (tests and pages rendered without a database): the given rows with their bodies. */
export function staticBlogCatalog(rows: readonly PostRow[]): BlogCatalog {
  const sorted = [...rows].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  const list = sorted.map(blogPostOf);
  const bodies = new Map(sorted.map((r): [string, PostBody] => [r.slug, { doc: r.body, pictures: {} }]));
  return { posts: async () => list, body: async (slug) => bodies.get(slug) ?? null, movedTo: async () => null };
}

/** A catalog with one post as a draft shows it (preview, editors only): in its place, or first when new. */
export function withDraftPost(base: BlogCatalog, draft: { post: BlogPost; body: PostBody; replaces: string | null }): BlogCatalog {
  return {
    async posts() {
      const all = (await base.posts()).filter((p) => p.id !== draft.post.id && p.slug !== draft.replaces);
      return [draft.post, ...all].sort((a, b) => b.date.localeCompare(a.date));
    },
    body: async (slug) => (slug === draft.post.slug ? draft.body : base.body(slug)),
    movedTo: (slug) => base.movedTo(slug),
  };
}
