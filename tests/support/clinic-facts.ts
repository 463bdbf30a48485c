import { clinicSeed } from '../../server/clinic/seed';
import { describeHours, fullAddressOf, siteFactsOf } from '../../shared/clinic/site-facts';
import { copyOf } from '../../shared/content/services';

/**
 * The clinic's facts the pages show in tests: the seed (what a new database holds, and what
 * makeTestApp's catalog serves), in the shapes the assertions read.
 */
export const facts = clinicSeed;
export const siteFacts = siteFactsOf(clinicSeed);

/** The team in display order, with each portrait as `img`. */
export const doctors = clinicSeed.practitioners.map((p) => ({ ...p, img: p.portrait }));
export const principalDoctor = doctors[0]!;

/** The services with their names as `title` and their detail pages' copy. */
export const services = clinicSeed.services.map((s) => ({ ...s, title: s.name, ...copyOf(s.slug) }));

export const location = siteFacts.location;
export const hours = describeHours(siteFacts.hours);
export const fullAddress = fullAddressOf(siteFacts.location);
