import { eq } from 'drizzle-orm';
import { faqs as contentFaqs } from '../../shared/content/faq';
import { homeFiveGallery } from '../../shared/content/home-five';
import { portfolioItems } from '../../shared/content/portfolio';
import { serviceCopy } from '../../shared/content/services';
import { seedDetails } from '../../shared/content/site';
import { plainTextToRichText } from '../../shared/platform/rich-text';
import { KIND_IDS } from '../../shared/publishing/kinds';
import type { Tx } from '../platform/db/db';
import { posts } from '../blog/schema';
import { seedPostRows } from '../blog/seed';
import { clinicDetails, faqs, practitioners, services } from '../clinic/schema';
import { galleryItems } from '../gallery/schema';
import { kindStore } from './kinds';
import { contentEntries, contentRevisions } from './schema';

export const FIRST_CONTENT = 'The site’s first content';

/**
 * The migration step after 0009_publishing.sql: the content that was in the code becomes data
 * (the clinic's details and FAQ, each service's page copy, the template's posts and pictures),
 * and everything on the site gets its entry and first revision, so its history starts there.
 * On a database the clinic already changed, the clinic's rows are taken as they are.
 */
export async function seedPublishing(tx: Tx): Promise<void> {
  await tx.insert(clinicDetails).values({ id: true, data: seedDetails }).onConflictDoNothing();
  await tx.insert(faqs).values(contentFaqs.map((f, sort) => ({ id: f.id, question: f.question, answer: f.answer, sort }))).onConflictDoNothing();
  for (const [slug, copy] of Object.entries(serviceCopy)) {
    await tx.update(services).set({ body: plainTextToRichText(copy.body.join('\n\n')), points: [...copy.points], picture: { ...copy.img } }).where(eq(services.slug, slug));
  }
  const team = await tx.select({ id: practitioners.id, name: practitioners.name }).from(practitioners);
  await tx.insert(posts).values(seedPostRows((name) => team.find((p) => p.name === name)?.id ?? null)).onConflictDoNothing();
  await tx
    .insert(galleryItems)
    .values([
      ...homeFiveGallery.map((g, sort) => ({ id: `g${g.id}`, collection: 'gallery' as const, picture: { ...g.img }, caption: g.title, category: g.category, sort })),
      ...portfolioItems.map((p, sort) => ({ id: `p${p.id}`, collection: 'portfolio' as const, picture: { ...p.img }, caption: p.title, category: p.category, sort })),
    ])
    .onConflictDoNothing();

  const now = new Date();
  for (const kind of KIND_IDS) {
    for (const { id, doc } of await kindStore(kind).list(tx)) {
      await tx.insert(contentEntries).values({ kind, id, version: 1, revision: 1, publishedAt: now }).onConflictDoNothing();
      await tx.insert(contentRevisions).values({ kind, id, n: 1, doc, changed: ['First publication'], byUid: null, byName: FIRST_CONTENT, at: now, note: 'From the template’s content' }).onConflictDoNothing();
    }
  }
}
