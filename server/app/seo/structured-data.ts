import { DAY_NAMES } from '../../../shared/clinic/site-facts';
import type { ClinicFacts, Practitioner } from '../../../shared/clinic/types';
import { principalProfile } from '../../../shared/content/doctor-pages';
import type { BlogPost } from '../../../shared/blog/loaders';
import { copyOf } from '../../../shared/content/services';
import { site } from '../../../shared/content/site';
import type { ClinicService } from '../../../shared/clinic/types';

/**
 * schema.org structured data (JSON-LD) for the head of each page, from the same clinic facts
 * (the database's, through the catalog) and content modules the pages render. One `@graph` per page; nodes refer to each other by `@id`.
 * No review or aggregateRating about the clinic (search engines do not accept self-serving reviews).
 */
export type JsonLdNode = Record<string, unknown> & { '@type': string | string[] };

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) may have none. */
  url?: string;
}

const SCHEMA = 'https://schema.org/';

/**
 * A link to a thing (a schema.org enumeration member such as https://schema.org/Monday, or a
 * page), written as a node reference. schema.org's context makes a plain string an IRI only for
 * properties whose range is URL (url, image, sameAs…); for the others (dayOfWeek,
 * medicalSpecialty, a ListItem's item) a JSON-LD processor would read a plain string as text.
 */
const ref = (iri: string) => ({ '@id': iri });

export function clinicId(origin: string): string {
  return `${origin}/#clinic`;
}

/** The clinic's open location (the first), the one the site is about. */
function mainLocation(facts: ClinicFacts) {
  return facts.locations.find((l) => l.status === 'open') ?? facts.locations[0]!;
}

/** Opening hours as schema.org wants them: one specification per distinct opening and closing time. */
function openingHours(facts: ClinicFacts, locationId: string) {
  const groups = new Map<string, number[]>();
  for (const h of facts.hours.filter((x) => x.locationId === locationId)) {
    const key = `${h.opens}-${h.closes}`;
    groups.set(key, [...(groups.get(key) ?? []), h.weekday]);
  }
  return [...groups].map(([key, days]) => {
    const [opens, closes] = key.split('-');
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days.sort((a, b) => a - b).map((d) => ref(SCHEMA + DAY_NAMES[d])), opens, closes };
  });
}

/**
 * The clinic. In full on the pages about it (`full`); elsewhere its identity, by which a search
 * engine knows it is the same clinic (`@id`, name, address, position, phone, e-mail, hours) and
 * the logo an article's publisher needs: the rest (description, picture, founding year, map,
 * specialties, social profiles) would repeat on every page about 1.2 kB of the first round trip.
 */
export function clinicNode(origin: string, facts: ClinicFacts, full = true): JsonLdNode {
  const location = mainLocation(facts);
  const identity: JsonLdNode = {
    '@type': 'MedicalClinic',
    '@id': clinicId(origin),
    name: site.name,
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
    email: facts.details.email,
    telephone: facts.details.phones.map((p) => p.e164),
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.street,
      addressLocality: location.city,
      addressRegion: location.region,
      addressCountry: location.countryCode,
    },
    ...(location.geo ? { geo: { '@type': 'GeoCoordinates', latitude: location.geo.latitude, longitude: location.geo.longitude } } : {}),
    openingHoursSpecification: openingHours(facts, location.id),
  };
  if (!full) return identity;
  return {
    ...identity,
    alternateName: site.shortName,
    description: `Gentle, evidence-informed chiropractic, rehabilitation and wellness care in ${location.area}, ${location.city}.`,
    image: `${origin}/og/hero-clinic-care.png`,
    foundingDate: String(site.foundedYear),
    ...(location.mapHref ? { hasMap: location.mapHref } : {}),
    medicalSpecialty: [ref(`${SCHEMA}Musculoskeletal`), ref(`${SCHEMA}Physiotherapy`)],
    isAcceptingNewPatients: true,
    sameAs: facts.details.social.map((s) => s.href),
  };
}

const CLINICIAN_TITLES = /doctor|physician|chiropractic associate clinician/i;

/** Clinicians are physicians (schema.org IndividualPhysician, the Physician type for one person); the rest of the team are people who work at the clinic. */
export function teamMemberNode(origin: string, doctor: Practitioner, pageUrl: string): JsonLdNode {
  const common = {
    '@id': `${origin}/doctors#team-${doctor.id}`,
    name: doctor.name,
    description: `${doctor.title}. ${doctor.bio}`,
    image: origin + doctor.portrait.src,
    url: pageUrl,
  };
  if (doctor.id === principalProfile.practitionerId || CLINICIAN_TITLES.test(doctor.title)) {
    return { '@type': 'IndividualPhysician', ...common, medicalSpecialty: ref(`${SCHEMA}Musculoskeletal`), practicesAt: { '@id': clinicId(origin) } };
  }
  return { '@type': 'Person', ...common, jobTitle: doctor.title, worksFor: { '@id': clinicId(origin) } };
}

/** The principal chiropractor's profile page: the Physician with languages and credentials. */
export function principalNode(origin: string, facts: ClinicFacts, pageUrl: string): JsonLdNode[] {
  const principal = facts.practitioners.find((p) => p.id === principalProfile.practitionerId);
  if (!principal) return [];
  return [
    {
      ...teamMemberNode(origin, principal, pageUrl),
      url: pageUrl,
      knowsLanguage: principalProfile.languages.map((l) => l.replace(/\s*\(.*\)$/, '')),
      hasCredential: principalProfile.education.map((e) => ({ '@type': 'EducationalOccupationalCredential', name: e.title, credentialCategory: 'degree' })),
    },
  ];
}

export function teamNodes(origin: string, facts: ClinicFacts, pageUrl: string): JsonLdNode[] {
  return facts.practitioners.filter((p) => p.visible).map((d) => teamMemberNode(origin, d, pageUrl));
}

export function serviceNode(origin: string, facts: ClinicFacts, service: Pick<ClinicService, 'id' | 'slug' | 'name' | 'summary'>): JsonLdNode {
  const url = `${origin}/service-detail/${service.id}`;
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.name,
    description: service.summary,
    url,
    image: origin + (facts.services.find((s) => s.id === service.id)?.picture ?? copyOf(service.slug).img).src,
    serviceType: service.name,
    category: 'Chiropractic and rehabilitation care',
    provider: { '@id': clinicId(origin) },
    areaServed: { '@type': 'City', name: mainLocation(facts).city },
  };
}

export function serviceNodes(origin: string, facts: ClinicFacts): JsonLdNode[] {
  return facts.services.map((s) => serviceNode(origin, facts, s));
}

export function blogPostingNode(origin: string, post: BlogPost, pageUrl: string, imageUrl: string): JsonLdNode {
  return {
    '@type': 'BlogPosting',
    '@id': `${pageUrl}#article`,
    headline: post.title,
    description: post.excerpt,
    image: imageUrl === origin + post.img.src ? [imageUrl] : [imageUrl, origin + post.img.src],
    datePublished: post.date,
    dateModified: post.modified,
    author: { '@type': 'Person', name: post.author, worksFor: { '@id': clinicId(origin) } },
    publisher: { '@id': clinicId(origin) },
    mainEntityOfPage: pageUrl,
    url: pageUrl,
    articleSection: post.category,
    keywords: post.tags.join(', '),
    inLanguage: 'en-NG',
    timeRequired: `PT${post.readingMinutes}M`,
  };
}

export function faqPageNode(pageUrl: string, facts: ClinicFacts): JsonLdNode {
  return {
    '@type': 'FAQPage',
    '@id': `${pageUrl}#faq`,
    url: pageUrl,
    mainEntity: facts.faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}

export function breadcrumbNode(pageUrl: string, crumbs: readonly Crumb[]): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${pageUrl}#breadcrumb`,
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: ref(c.url ?? pageUrl),
    })),
  };
}

export function graph(nodes: readonly JsonLdNode[]): { '@context': string; '@graph': readonly JsonLdNode[] } {
  return { '@context': 'https://schema.org', '@graph': nodes };
}
