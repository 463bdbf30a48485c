import { asc, eq } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, smallint, text, time } from 'drizzle-orm/pg-core';
import { seedDetails } from '../../shared/content/site';
import type { ClinicFacts } from '../../shared/clinic/types';
import type { Db, Tx } from '../platform/db/db';
import { clinicDetails, faqs, locations, openingHours, practitioners, practitionerServices, services } from './schema';

const hhmm = (t: string) => t.slice(0, 5);


/** Every fact of the clinic, in display order. */
export async function loadClinicFacts(db: Db | Tx): Promise<ClinicFacts> {
  const [locationRows, hourRows, serviceRows, practitionerRows, links, detailRows, faqRows] = await Promise.all([
    db.select().from(locations).orderBy(asc(locations.sort), asc(locations.id)),
    db.select().from(openingHours).orderBy(asc(openingHours.locationId), asc(openingHours.weekday), asc(openingHours.opens)),
    db
      .select({
        id: services.id,
        slug: services.slug,
        name: services.name,
        summary: services.summary,
        firstVisitMinutes: services.firstVisitMinutes,
        followUpMinutes: services.followUpMinutes,
        bufferMinutes: services.bufferMinutes,
        priceNgn: services.priceNgn,
        bookableOnline: services.bookableOnline,
        picture: services.picture,
      })
      .from(services)
      .orderBy(asc(services.sort), asc(services.id)),
    db.select().from(practitioners).orderBy(asc(practitioners.sort), asc(practitioners.id)),
    db.select().from(practitionerServices),
    db.select({ data: clinicDetails.data }).from(clinicDetails),
    db.select({ id: faqs.id, question: faqs.question, answer: faqs.answer }).from(faqs).orderBy(asc(faqs.sort), asc(faqs.id)),
  ]);
  return {
    locations: locationRows.map(({ latitude, longitude, sort: _sort, updatedAt: _updated, ...l }) => ({
      ...l,
      geo: latitude !== null && longitude !== null ? { latitude, longitude } : null,
    })),
    hours: hourRows.map((h) => ({ locationId: h.locationId, weekday: h.weekday, opens: hhmm(h.opens), closes: hhmm(h.closes) })),
    services: serviceRows,
    practitioners: practitionerRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      title: p.title,
      bio: p.bio,
      portrait: { src: p.portraitSrc, width: p.portraitWidth, height: p.portraitHeight, alt: p.portraitAlt, ...(p.portraitMedia ? { media: p.portraitMedia } : {}) },
      bookable: p.bookable,
      visible: p.visible,
      serviceIds: links.filter((l) => l.practitionerId === p.id).map((l) => l.serviceId).sort(),
    })),
    details: detailRows[0]?.data ?? seedDetails,
    faqs: faqRows,
  };
}

/** A service's page copy beyond the facts: its body (rich text, null: the summary) and the points of a visit. */
export async function loadServiceCopy(db: Db | Tx, id: string): Promise<{ body: typeof services.$inferSelect.body; points: string[] } | null> {
  const [row] = await db.select({ body: services.body, points: services.points }).from(services).where(eq(services.id, id));
  return row ?? null;
}

// The clinic's tables as migration 0002 made them: the first start's seed (below) runs right
// after that migration, before 0009 added the columns the editor fills.
const locations0002 = pgTable('locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  street: text('street'),
  area: text('area'),
  city: text('city').notNull(),
  region: text('region'),
  countryCode: text('country_code').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  mapHref: text('map_href'),
  timeZone: text('time_zone').notNull(),
  status: text('status').notNull(),
  sort: integer('sort').notNull(),
});
const hours0002 = pgTable('opening_hours', { locationId: text('location_id').notNull(), weekday: smallint('weekday').notNull(), opens: time('opens').notNull(), closes: time('closes').notNull() });
const services0002 = pgTable('services', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  summary: text('summary').notNull(),
  firstVisitMinutes: integer('first_visit_minutes').notNull(),
  followUpMinutes: integer('follow_up_minutes').notNull(),
  bufferMinutes: integer('buffer_minutes').notNull(),
  priceNgn: integer('price_ngn'),
  sort: integer('sort').notNull(),
});
const practitioners0002 = pgTable('practitioners', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  bio: text('bio').notNull(),
  portraitSrc: text('portrait_src').notNull(),
  portraitWidth: integer('portrait_width').notNull(),
  portraitHeight: integer('portrait_height').notNull(),
  portraitAlt: text('portrait_alt').notNull(),
  bookable: boolean('bookable').notNull(),
  sort: integer('sort').notNull(),
});

/** Inserts the clinic's facts (a new database's first start); the order of each list becomes its display order. */
export async function insertClinicFacts(tx: Tx, facts: ClinicFacts): Promise<void> {
  await tx.insert(locations0002).values(
    facts.locations.map(({ geo, ...l }, sort) => ({ ...l, latitude: geo?.latitude ?? null, longitude: geo?.longitude ?? null, sort })),
  );
  await tx.insert(hours0002).values(facts.hours.map((h) => ({ ...h })));
  await tx.insert(services0002).values(
    facts.services.map((s, sort) => ({ id: s.id, slug: s.slug, name: s.name, summary: s.summary, firstVisitMinutes: s.firstVisitMinutes, followUpMinutes: s.followUpMinutes, bufferMinutes: s.bufferMinutes, priceNgn: s.priceNgn, sort })),
  );
  await tx.insert(practitioners0002).values(
    facts.practitioners.map((p, sort) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      title: p.title,
      bio: p.bio,
      portraitSrc: p.portrait.src,
      portraitWidth: p.portrait.width,
      portraitHeight: p.portrait.height,
      portraitAlt: p.portrait.alt,
      bookable: p.bookable,
      sort,
    })),
  );
  const links = facts.practitioners.flatMap((p) => p.serviceIds.map((serviceId) => ({ practitionerId: p.id, serviceId })));
  if (links.length) await tx.insert(practitionerServices).values(links);
}
