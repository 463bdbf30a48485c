import { asc } from 'drizzle-orm';
import type { ClinicFacts } from '../../shared/clinic/types';
import type { Db, Tx } from '../platform/db/db';
import { locations, openingHours, practitioners, practitionerServices, services } from './schema';

const hhmm = (t: string) => t.slice(0, 5);

/** Every fact of the clinic, in display order. */
export async function loadClinicFacts(db: Db | Tx): Promise<ClinicFacts> {
  const [locationRows, hourRows, serviceRows, practitionerRows, links] = await Promise.all([
    db.select().from(locations).orderBy(asc(locations.sort), asc(locations.id)),
    db.select().from(openingHours).orderBy(asc(openingHours.locationId), asc(openingHours.weekday), asc(openingHours.opens)),
    db.select().from(services).orderBy(asc(services.sort), asc(services.id)),
    db.select().from(practitioners).orderBy(asc(practitioners.sort), asc(practitioners.id)),
    db.select().from(practitionerServices),
  ]);
  return {
    locations: locationRows.map(({ latitude, longitude, sort: _sort, updatedAt: _updated, ...l }) => ({
      ...l,
      geo: latitude !== null && longitude !== null ? { latitude, longitude } : null,
    })),
    hours: hourRows.map((h) => ({ locationId: h.locationId, weekday: h.weekday, opens: hhmm(h.opens), closes: hhmm(h.closes) })),
    services: serviceRows.map(({ sort: _sort, updatedAt: _updated, ...s }) => s),
    practitioners: practitionerRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      title: p.title,
      bio: p.bio,
      portrait: { src: p.portraitSrc, width: p.portraitWidth, height: p.portraitHeight, alt: p.portraitAlt },
      bookable: p.bookable,
      serviceIds: links.filter((l) => l.practitionerId === p.id).map((l) => l.serviceId).sort(),
    })),
  };
}

/** Inserts the clinic's facts (a new database's first start); the order of each list becomes its display order. */
export async function insertClinicFacts(tx: Tx, facts: ClinicFacts): Promise<void> {
  await tx.insert(locations).values(
    facts.locations.map(({ geo, ...l }, sort) => ({ ...l, latitude: geo?.latitude ?? null, longitude: geo?.longitude ?? null, sort })),
  );
  await tx.insert(openingHours).values(facts.hours.map((h) => ({ ...h })));
  await tx.insert(services).values(facts.services.map((s, sort) => ({ ...s, sort })));
  await tx.insert(practitioners).values(
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
