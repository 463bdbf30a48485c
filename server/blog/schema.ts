import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SiteImage } from '../../shared/platform/site-image';
import type { RichTextDoc } from '../../shared/platform/rich-text';

// Drizzle's view of the blog's table (server/platform/db/migrations/0009_publishing.sql is the source of truth).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The published posts: what the blog pages, the home pages' news and the sitemap show. */
export const posts = pgTable('posts', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull(),
  body: jsonb('body').$type<RichTextDoc>().notNull(),
  cover: jsonb('cover').$type<SiteImage>().notNull(),
  category: text('category').notNull(),
  tags: text('tags').array().notNull().default([]),
  authorId: text('author_id'),
  authorName: text('author_name').notNull(),
  publishedAt: ts('published_at').notNull(),
  commentsOpen: boolean('comments_open').notNull().default(true),
  sampleComments: integer('sample_comments').notNull().default(0),
  readingMinutes: integer('reading_minutes').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type PostRow = typeof posts.$inferSelect;
