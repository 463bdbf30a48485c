import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { FormValues } from '../../shared/publishing/fields';
import type { AnyDoc, KindId } from '../../shared/publishing/kinds';
import type { MediaPicture } from '../../shared/platform/media';

// Drizzle's view of the editor's tables (server/platform/db/migrations/0009_publishing.sql is the source of truth).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const contentEntries = pgTable(
  'content_entries',
  {
    kind: text('kind').$type<KindId>().notNull(),
    id: text('id').notNull(),
    draft: jsonb('draft').$type<FormValues>(),
    version: integer('version').notNull().default(1),
    draftSavedAt: ts('draft_saved_at'),
    draftSavedBy: text('draft_saved_by'),
    revision: integer('revision').notNull().default(0),
    publishedAt: ts('published_at'),
    scheduled: jsonb('scheduled').$type<AnyDoc>(),
    scheduledFor: ts('scheduled_for'),
    scheduledByUid: text('scheduled_by_uid'),
    scheduledByName: text('scheduled_by_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

export const contentRevisions = pgTable(
  'content_revisions',
  {
    kind: text('kind').$type<KindId>().notNull(),
    id: text('id').notNull(),
    n: integer('n').notNull(),
    doc: jsonb('doc').$type<AnyDoc>().notNull(),
    changed: text('changed').array().notNull().default([]),
    byUid: text('by_uid'),
    byName: text('by_name').notNull(),
    at: ts('at').notNull().defaultNow(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id, t.n] })],
);

export const media = pgTable('media', {
  id: text('id').primaryKey(),
  picture: jsonb('picture').$type<MediaPicture>().notNull(),
  originalName: text('original_name').notNull(),
  bytes: integer('bytes').notNull(),
  sourceType: text('source_type').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type MediaRow = typeof media.$inferSelect;
