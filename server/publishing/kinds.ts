import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { FieldErrors } from '../../shared/platform/form-fields';
import { emptyRichText, isRichTextEmpty, richTextPlainText, type RichTextDoc } from '../../shared/platform/rich-text';
import type { DetailsDoc, DocOf, FaqDoc, GalleryDoc, KindId, LocationDoc, PostDoc, PractitionerDoc, ServiceDoc } from '../../shared/publishing/kinds';
import { slugify } from '../../shared/publishing/fields';
import { queryRows, type Db, type Tx } from '../platform/db/db';
import { addRedirect, clearRedirect } from '../platform/db/redirects';
import { appointments } from '../booking/schema';
import { posts } from '../blog/schema';
import { postPath } from '../blog/catalog';
import { clinicDetails, faqs, locations, openingHours, practitioners, practitionerServices, services } from '../clinic/schema';
import { galleryItems } from '../gallery/schema';
import { refOf, resolvePicture } from './pictures';

/**
 * Each kind's server side: where its published state lives (the public table the pages read), how
 * a publish writes it, and whether it may be taken off the site. What is live is always the
 * table's row, so the editor starts from what visitors see, even after a change made by hand.
 */
export interface KindStore<D> {
  /** Published items, in display order. */
  list(db: Db | Tx): Promise<{ id: string; doc: D }[]>;
  load(db: Db | Tx, id: string): Promise<D | null>;
  /** Problems only the database can see (an address another item has), by field. */
  check(db: Db | Tx, id: string, doc: D): Promise<FieldErrors>;
  /** Writes the published state (inserts a new item); `previous` is what was live. */
  apply(tx: Tx, id: string, doc: D, previous: D | null, now: Date): Promise<void>;
  /** Why it may not be taken off the site, or null (then `remove` takes it off). */
  refusal(db: Db | Tx, id: string): Promise<string | null>;
  remove(tx: Tx, id: string, previous: D): Promise<void>;
  /** The id of a new item, from its first valid draft. */
  newId(db: Db | Tx, doc: D): Promise<string>;
}

/** An id not yet taken: the base, else base-2, base-3… */
async function freeId(base: string, taken: (id: string) => Promise<boolean>): Promise<string> {
  const stem = (slugify(base) || 'item').slice(0, 60);
  for (let n = 1; ; n++) {
    const id = n === 1 ? stem : `${stem}-${n}`;
    if (!(await taken(id))) return id;
  }
}

const exists = async (db: Db | Tx, table: typeof faqs | typeof galleryItems | typeof posts | typeof practitioners | typeof locations, id: string) =>
  (await db.select({ n: count() }).from(table).where(eq(table.id, id)))[0]!.n > 0;

// ---------------------------------------------------------------------------------- service

const serviceDoc = (r: typeof services.$inferSelect): ServiceDoc => ({
  name: r.name,
  slug: r.slug,
  summary: r.summary,
  body: r.body ?? emptyRichText(),
  points: r.points,
  firstVisitMinutes: r.firstVisitMinutes,
  followUpMinutes: r.followUpMinutes,
  bufferMinutes: r.bufferMinutes,
  priceNgn: r.priceNgn,
  picture: r.picture ? refOf(r.picture) : null,
  bookableOnline: r.bookableOnline,
  order: r.sort,
});

const serviceStore: KindStore<ServiceDoc> = {
  list: async (db) => (await db.select().from(services).orderBy(asc(services.sort), asc(services.id))).map((r) => ({ id: r.id, doc: serviceDoc(r) })),
  load: async (db, id) => {
    const [r] = await db.select().from(services).where(eq(services.id, id));
    return r ? serviceDoc(r) : null;
  },
  async check(db, id, doc): Promise<FieldErrors> {
    const [clash] = await db.select({ name: services.name }).from(services).where(and(eq(services.slug, doc.slug), ne(services.id, id)));
    return clash ? { slug: `“${clash.name}” already has this short name. Please choose another.` } : {};
  },
  async apply(tx, id, doc, _previous, now) {
    const row = {
      slug: doc.slug,
      name: doc.name,
      summary: doc.summary,
      body: doc.body,
      points: doc.points,
      firstVisitMinutes: doc.firstVisitMinutes,
      followUpMinutes: doc.followUpMinutes,
      bufferMinutes: doc.bufferMinutes,
      priceNgn: doc.priceNgn,
      picture: doc.picture ? await resolvePicture(tx, doc.picture) : null,
      bookableOnline: doc.bookableOnline,
      sort: doc.order,
      updatedAt: now,
    };
    await tx.insert(services).values({ id, ...row }).onConflictDoUpdate({ target: services.id, set: row });
  },
  async refusal(db, id) {
    const [{ n }] = (await db.select({ n: count() }).from(appointments).where(eq(appointments.serviceId, id))) as [{ n: number }];
    if (!n) return null;
    return `${n === 1 ? 'One visit was' : `${n} visits were`} booked for this service, and their records keep it. Untick “Patients can book it online” to stop new bookings instead.`;
  },
  remove: async (tx, id) => {
    await tx.delete(services).where(eq(services.id, id));
  },
  newId: async (db) => {
    // Services are addressed by id (/service-detail/<id>): the next number, never reused while the row exists.
    const [row] = await queryRows<{ n: string }>(db, sql`SELECT (coalesce(max(id::integer), 0) + 1)::text AS n FROM services WHERE id ~ '^[0-9]+$'`);
    return row!.n;
  },
};

// ----------------------------------------------------------------------------- practitioner

async function practitionerDoc(db: Db | Tx, r: typeof practitioners.$inferSelect): Promise<PractitionerDoc> {
  const links = await db.select({ serviceId: practitionerServices.serviceId }).from(practitionerServices).where(eq(practitionerServices.practitionerId, r.id));
  return {
    name: r.name,
    slug: r.slug,
    title: r.title,
    bio: r.bio,
    portrait: refOf({ src: r.portraitSrc, width: r.portraitWidth, height: r.portraitHeight, alt: r.portraitAlt, ...(r.portraitMedia ? { media: r.portraitMedia } : {}) }),
    bookable: r.bookable,
    serviceIds: links.map((l) => l.serviceId).sort(),
    visible: r.visible,
    order: r.sort,
  };
}

const practitionerStore: KindStore<PractitionerDoc> = {
  async list(db) {
    const rows = await db.select().from(practitioners).orderBy(asc(practitioners.sort), asc(practitioners.id));
    return Promise.all(rows.map(async (r) => ({ id: r.id, doc: await practitionerDoc(db, r) })));
  },
  async load(db, id) {
    const [r] = await db.select().from(practitioners).where(eq(practitioners.id, id));
    return r ? practitionerDoc(db, r) : null;
  },
  async check(db, id, doc) {
    const errors: FieldErrors = {};
    const [clash] = await db.select({ name: practitioners.name }).from(practitioners).where(and(eq(practitioners.slug, doc.slug), ne(practitioners.id, id)));
    if (clash) errors.slug = `${clash.name} already has this short name. Please choose another.`;
    const known = new Set((await db.select({ id: services.id }).from(services)).map((s) => s.id));
    if (doc.serviceIds.some((s) => !known.has(s))) errors.serviceIds = 'One of the chosen services no longer exists. Please choose again.';
    return errors;
  },
  async apply(tx, id, doc, _previous, now) {
    const picture = await resolvePicture(tx, doc.portrait);
    const row = {
      slug: doc.slug,
      name: doc.name,
      title: doc.title,
      bio: doc.bio,
      portraitSrc: picture.src,
      portraitWidth: picture.width,
      portraitHeight: picture.height,
      portraitAlt: picture.alt,
      portraitMedia: picture.media ?? null,
      bookable: doc.bookable,
      visible: doc.visible,
      sort: doc.order,
      updatedAt: now,
    };
    await tx.insert(practitioners).values({ id, ...row }).onConflictDoUpdate({ target: practitioners.id, set: row });
    await tx.delete(practitionerServices).where(eq(practitionerServices.practitionerId, id));
    if (doc.serviceIds.length) await tx.insert(practitionerServices).values(doc.serviceIds.map((serviceId) => ({ practitionerId: id, serviceId })));
  },
  async refusal(db, id) {
    const [{ future, all }] = (await db
      .select({ future: sql<number>`count(*) FILTER (WHERE ${appointments.startsAt} > now() AND ${appointments.status} = 'booked')::int`, all: sql<number>`count(*)::int` })
      .from(appointments)
      .where(eq(appointments.practitionerId, id))) as [{ future: number; all: number }];
    if (future) return `${future === 1 ? 'One future visit is' : `${future} future visits are`} booked with them: they can only be hidden (untick “Shown on the site”), so those patients keep their visits. Move or cancel the visits in the calendar first to delete them.`;
    if (all) return `Their past visits (${all}) stay in the clinic’s records, so they can only be hidden: untick “Shown on the site”.`;
    return null;
  },
  remove: async (tx, id) => {
    await tx.delete(practitioners).where(eq(practitioners.id, id));
  },
  newId: (db, doc) => freeId(doc.slug || doc.name, (id) => exists(db, practitioners, id)),
};

// --------------------------------------------------------------------------------- location

async function locationDoc(db: Db | Tx, r: typeof locations.$inferSelect): Promise<LocationDoc> {
  const hours = await db.select().from(openingHours).where(eq(openingHours.locationId, r.id)).orderBy(asc(openingHours.weekday), asc(openingHours.opens));
  return {
    name: r.name,
    street: r.street,
    area: r.area,
    city: r.city,
    region: r.region,
    latitude: r.latitude,
    longitude: r.longitude,
    mapHref: r.mapHref,
    status: r.status,
    // One opening per day in the editor (the first, if a day has more).
    hours: hours.filter((h, i) => hours.findIndex((x) => x.weekday === h.weekday) === i).map((h) => ({ weekday: h.weekday, opens: h.opens.slice(0, 5), closes: h.closes.slice(0, 5) })),
    order: r.sort,
  };
}

const locationStore: KindStore<LocationDoc> = {
  async list(db) {
    const rows = await db.select().from(locations).orderBy(asc(locations.sort), asc(locations.id));
    return Promise.all(rows.map(async (r) => ({ id: r.id, doc: await locationDoc(db, r) })));
  },
  async load(db, id) {
    const [r] = await db.select().from(locations).where(eq(locations.id, id));
    return r ? locationDoc(db, r) : null;
  },
  async check(db, id, doc): Promise<FieldErrors> {
    if (doc.status === 'open') return {};
    const [{ n }] = (await db.select({ n: count() }).from(locations).where(and(eq(locations.status, 'open'), ne(locations.id, id)))) as [{ n: number }];
    return n ? {} : { status: 'This is the clinic’s only open location: the site needs one. Open another first.' };
  },
  async apply(tx, id, doc, _previous, now) {
    const row = { name: doc.name, street: doc.street, area: doc.area, city: doc.city, region: doc.region, latitude: doc.latitude, longitude: doc.longitude, mapHref: doc.mapHref, status: doc.status, sort: doc.order, updatedAt: now };
    await tx
      .insert(locations)
      .values({ id, countryCode: 'NG', timeZone: 'Africa/Lagos', ...row })
      .onConflictDoUpdate({ target: locations.id, set: row });
    await tx.delete(openingHours).where(eq(openingHours.locationId, id));
    if (doc.hours.length) await tx.insert(openingHours).values(doc.hours.map((h) => ({ locationId: id, weekday: h.weekday, opens: h.opens, closes: h.closes })));
  },
  async refusal(db, id) {
    const [{ n }] = (await db.select({ n: count() }).from(appointments).where(eq(appointments.locationId, id))) as [{ n: number }];
    if (n) return `Visits were booked here (${n}), and their records keep the location. Set it to “Planned” instead.`;
    const [row] = await db.select({ status: locations.status }).from(locations).where(eq(locations.id, id));
    if (row?.status === 'open') {
      const [{ open }] = (await db.select({ open: count() }).from(locations).where(eq(locations.status, 'open'))) as [{ open: number }];
      if (open <= 1) return 'This is the clinic’s only open location: the site needs one.';
    }
    return null;
  },
  remove: async (tx, id) => {
    await tx.delete(locations).where(eq(locations.id, id));
  },
  newId: (db, doc) => freeId(doc.city || doc.name, (id) => exists(db, locations, id)),
};

// ---------------------------------------------------------------------------------- details

/** The one item of the clinic's details. */
export const DETAILS_ID = 'clinic';

const detailsStore: KindStore<DetailsDoc> = {
  async list(db) {
    const doc = await detailsStore.load(db, DETAILS_ID);
    return doc ? [{ id: DETAILS_ID, doc }] : [];
  },
  async load(db, id) {
    if (id !== DETAILS_ID) return null;
    const [row] = await db.select({ data: clinicDetails.data }).from(clinicDetails);
    if (!row) return null;
    const d = row.data;
    return { email: d.email, phones: [{ ...d.phones[0] }, { ...d.phones[1] }], whatsapp: d.whatsapp ? { ...d.whatsapp } : null, emergencyNotice: d.emergencyNotice, social: d.social.map((s) => ({ ...s })) };
  },
  check: async () => ({}),
  async apply(tx, _id, doc, _previous, now) {
    await tx.insert(clinicDetails).values({ id: true, data: doc, updatedAt: now }).onConflictDoUpdate({ target: clinicDetails.id, set: { data: doc, updatedAt: now } });
  },
  refusal: async () => 'The clinic’s details are always on the site.',
  remove: async () => {},
  newId: async () => DETAILS_ID,
};

// ------------------------------------------------------------------------------------- post

const postDoc = (r: typeof posts.$inferSelect): PostDoc => ({
  title: r.title,
  slug: r.slug,
  excerpt: r.excerpt,
  body: r.body,
  cover: refOf(r.cover),
  category: r.category,
  tags: r.tags,
  authorId: r.authorId ?? '',
  publishAt: r.publishedAt.toISOString(),
  commentsOpen: r.commentsOpen,
});

/** About 200 words a minute, at least one. */
export function readingMinutes(body: RichTextDoc): number {
  const words = richTextPlainText(body).split(/\s+/).filter(Boolean).length;
  return Math.min(120, Math.max(1, Math.round(words / 200)));
}

const postStore: KindStore<PostDoc> = {
  list: async (db) => (await db.select().from(posts).orderBy(sql`${posts.publishedAt} DESC`, asc(posts.id))).map((r) => ({ id: r.id, doc: postDoc(r) })),
  load: async (db, id) => {
    const [r] = await db.select().from(posts).where(eq(posts.id, id));
    return r ? postDoc(r) : null;
  },
  async check(db, id, doc) {
    const errors: FieldErrors = {};
    const [clash] = await db.select({ title: posts.title }).from(posts).where(and(eq(posts.slug, doc.slug), ne(posts.id, id)));
    if (clash) errors.slug = `The post “${clash.title}” already has this address. Please choose another.`;
    const [author] = await db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.id, doc.authorId));
    if (!author) errors.authorId = 'Please choose the author from the team.';
    if (isRichTextEmpty(doc.body)) errors.body = 'Please write the post’s text.';
    return errors;
  },
  async apply(tx, id, doc, previous, now) {
    const [author] = await tx.select({ name: practitioners.name }).from(practitioners).where(eq(practitioners.id, doc.authorId));
    const row = {
      slug: doc.slug,
      title: doc.title,
      excerpt: doc.excerpt,
      body: doc.body,
      cover: await resolvePicture(tx, doc.cover),
      category: doc.category,
      tags: doc.tags,
      authorId: doc.authorId,
      authorName: author?.name ?? 'The clinic team',
      publishedAt: doc.publishAt ? new Date(doc.publishAt) : now,
      commentsOpen: doc.commentsOpen,
      readingMinutes: readingMinutes(doc.body),
      updatedAt: now,
    };
    await tx.insert(posts).values({ id, ...row }).onConflictDoUpdate({ target: posts.id, set: row });
    // A renamed post: its old address keeps working (301 to the new one).
    if (previous && previous.slug !== doc.slug) await addRedirect(tx, postPath(previous.slug), postPath(doc.slug));
    else await clearRedirect(tx, postPath(doc.slug));
  },
  refusal: async () => null,
  remove: async (tx, id) => {
    await tx.delete(posts).where(eq(posts.id, id));
  },
  newId: (db, doc) => freeId(doc.slug, (id) => exists(db, posts, id)),
};

// -------------------------------------------------------------------------------------- faq

const faqStore: KindStore<FaqDoc> = {
  list: async (db) => (await db.select().from(faqs).orderBy(asc(faqs.sort), asc(faqs.id))).map((r) => ({ id: r.id, doc: { question: r.question, answer: r.answer, order: r.sort } })),
  load: async (db, id) => {
    const [r] = await db.select().from(faqs).where(eq(faqs.id, id));
    return r ? { question: r.question, answer: r.answer, order: r.sort } : null;
  },
  check: async () => ({}),
  async apply(tx, id, doc, _previous, now) {
    const row = { question: doc.question, answer: doc.answer, sort: doc.order, updatedAt: now };
    await tx.insert(faqs).values({ id, ...row }).onConflictDoUpdate({ target: faqs.id, set: row });
  },
  refusal: async () => null,
  remove: async (tx, id) => {
    await tx.delete(faqs).where(eq(faqs.id, id));
  },
  newId: (db, doc) => freeId(doc.question.split(/\s+/).slice(0, 6).join(' '), (id) => exists(db, faqs, id)),
};

// -------------------------------------------------------------------------- gallery, portfolio

function galleryStore(collection: 'gallery' | 'portfolio'): KindStore<GalleryDoc> {
  const doc = (r: typeof galleryItems.$inferSelect): GalleryDoc => ({ picture: refOf(r.picture), caption: r.caption, category: r.category, order: r.sort });
  const inCollection = (id: string) => and(eq(galleryItems.id, id), eq(galleryItems.collection, collection));
  return {
    list: async (db) => (await db.select().from(galleryItems).where(eq(galleryItems.collection, collection)).orderBy(asc(galleryItems.sort), asc(galleryItems.id))).map((r) => ({ id: r.id, doc: doc(r) })),
    load: async (db, id) => {
      const [r] = await db.select().from(galleryItems).where(inCollection(id));
      return r ? doc(r) : null;
    },
    check: async () => ({}),
    async apply(tx, id, d, _previous, now) {
      const row = { picture: await resolvePicture(tx, d.picture), caption: d.caption, category: d.category, sort: d.order, updatedAt: now };
      await tx.insert(galleryItems).values({ id, collection, ...row }).onConflictDoUpdate({ target: galleryItems.id, set: row });
    },
    refusal: async () => null,
    remove: async (tx, id) => {
      await tx.delete(galleryItems).where(inCollection(id));
    },
    newId: (db, d) => freeId(`${collection === 'gallery' ? 'g' : 'p'}-${d.caption.split(/\s+/).slice(0, 5).join(' ')}`, (id) => exists(db, galleryItems, id)),
  };
}

export const STORES: { readonly [K in KindId]: KindStore<DocOf[K]> } = {
  service: serviceStore,
  practitioner: practitionerStore,
  location: locationStore,
  details: detailsStore,
  post: postStore,
  faq: faqStore,
  gallery: galleryStore('gallery'),
  portfolio: galleryStore('portfolio'),
};

export function kindStore<K extends KindId>(kind: K): KindStore<DocOf[K]> {
  return STORES[kind] as KindStore<DocOf[K]>;
}

/** Practitioners with future visits booked (the team list says who can only be hidden). */
export async function futureVisitCounts(db: Db | Tx, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: appointments.practitionerId, n: count() })
    .from(appointments)
    .where(and(gt(appointments.startsAt, now), eq(appointments.status, 'booked')))
    .groupBy(appointments.practitionerId);
  return new Map(rows.map((r) => [r.id, r.n]));
}
