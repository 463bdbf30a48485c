import type { ClinicFacts, ClinicService, Practitioner } from './types';

/** A member of the team as the cards show them (the pages' loaders send only this, to keep pages light). */
export type TeamMember = Pick<Practitioner, 'id' | 'name' | 'title' | 'portrait'> & { bio?: string };

/** The team shown on the site, in display order, as cards, with each person's short introduction when the page shows it. */
export function teamOf(facts: Pick<ClinicFacts, 'practitioners'>, options: { bios?: boolean } = {}): TeamMember[] {
  return facts.practitioners.filter((p) => p.visible).map(({ id, name, title, portrait, bio }) => (options.bios ? { id, name, title, portrait, bio } : { id, name, title, portrait }));
}

/** A service as the lists show it: the facts, without durations and prices. */
export type ServiceSummary = Pick<ClinicService, 'id' | 'slug' | 'name' | 'summary'>;

export function serviceSummaries(facts: Pick<ClinicFacts, 'services'>): ServiceSummary[] {
  return facts.services.map(({ id, slug, name, summary }) => ({ id, slug, name, summary }));
}

/** The address of a service's page. */
export const serviceHref = (id: string) => `/service-detail/${id}`;

/** Who has a full profile page (the principal chiropractor, shared/content/doctor-pages.ts), by practitioner id. */
export const PROFILE_PAGES: Readonly<Record<string, string>> = { 'adaeze-okafor': '/doctorDetails' };

/**
 * The facts as patients book online: the services offered online, and the people shown on the
 * site (a hidden practitioner keeps their visits but takes no new ones from the site).
 */
export function onlineBookingFacts<F extends Pick<ClinicFacts, 'services' | 'practitioners'>>(facts: F): F {
  return { ...facts, services: facts.services.filter((s) => s.bookableOnline), practitioners: facts.practitioners.filter((p) => p.visible) };
}
