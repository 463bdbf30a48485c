import type { Post } from '../../shared/content/posts';
import { posts as contentPosts } from '../../shared/content/posts';
import { postBody, type PostBlock } from '../../shared/content/post-bodies';
import type { RichTextBlock, RichTextDoc } from '../../shared/platform/rich-text';
import type { PostRow } from './schema';

const paragraph = (t: string) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text: t }] });

/**
 * A pull quote's attribution, as a stored document keeps it: the quote's last line, starting
 * with an em dash (shared/blog/post-body.tsx shows it as the quote's caption).
 */
export const ATTRIBUTION_DASH = '— ';

/** The template's post body as a rich-text document: the first revision of each seeded post. */
export function docOfBlocks(blocks: readonly PostBlock[]): RichTextDoc {
  return {
    type: 'doc',
    content: blocks.map((b): RichTextBlock => {
      switch (b.kind) {
        case 'p':
          return paragraph(b.text);
        case 'h2':
          return { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: b.text }] };
        case 'list':
          return { type: 'bulletList', content: b.items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })) };
        case 'quote':
          return { type: 'blockquote', content: [paragraph(b.text), paragraph(`${ATTRIBUTION_DASH}${b.cite}`)] };
      }
    }),
  };
}

/** The team member's id of a seeded post's author (by name), or null. */
export type AuthorIdOf = (name: string) => string | null;

/** A post of the template's content as the posts table holds it (published at noon, Abuja, on its date). */
export function seedPostRow(p: Post, authorIdOf: AuthorIdOf): PostRow {
  const publishedAt = new Date(`${p.date}T12:00:00+01:00`);
  return {
    id: p.slug,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    body: docOfBlocks(postBody(p.slug)),
    cover: { ...p.img },
    category: p.category,
    tags: [...p.tags],
    authorId: authorIdOf(p.author),
    authorName: p.author,
    publishedAt,
    commentsOpen: true,
    sampleComments: p.comments,
    readingMinutes: p.readingMinutes,
    updatedAt: publishedAt,
  };
}

/** Every seeded post (the template's nine), newest first. */
export function seedPostRows(authorIdOf: AuthorIdOf): PostRow[] {
  return contentPosts.map((p) => seedPostRow(p, authorIdOf));
}
