import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SiteImage } from '../../shared/platform/site-image';

// Drizzle's view of the gallery's table (server/platform/db/migrations/0009_publishing.sql is the source of truth).

/** The published pictures of the home page's gallery and of the portfolio pages. */
export const galleryItems = pgTable('gallery_items', {
  id: text('id').primaryKey(),
  collection: text('collection', { enum: ['gallery', 'portfolio'] }).notNull(),
  picture: jsonb('picture').$type<SiteImage>().notNull(),
  caption: text('caption').notNull(),
  category: text('category').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type GalleryRow = typeof galleryItems.$inferSelect;
