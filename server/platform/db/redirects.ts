import { eq, sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Tx } from './db';

/**
 * Addresses that moved (a renamed post): the old one answers a 301 to the new one, for good, so
 * links people shared and search engines' entries keep working. Migration 0009_publishing.sql.
 */
export const contentRedirects = pgTable('content_redirects', {
  fromPath: text('from_path').primaryKey(),
  toPath: text('to_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Records that `from` now lives at `to`: earlier addresses that led to `from` lead to `to` directly
 * (no chains), and `to` itself stops redirecting (it is live again).
 */
export async function addRedirect(tx: Tx, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx.delete(contentRedirects).where(eq(contentRedirects.fromPath, to));
  await tx.update(contentRedirects).set({ toPath: to }).where(eq(contentRedirects.toPath, from));
  await tx
    .insert(contentRedirects)
    .values({ fromPath: from, toPath: to })
    .onConflictDoUpdate({ target: contentRedirects.fromPath, set: { toPath: to, createdAt: sql`now()` } });
}

/** `path` is live (again): nothing redirects away from it. */
export async function clearRedirect(tx: Tx, path: string): Promise<void> {
  await tx.delete(contentRedirects).where(eq(contentRedirects.fromPath, path));
}
