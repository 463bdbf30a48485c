import { principalProfile } from '../../../shared/content/doctor-pages';
import { doctors, principalDoctor, type Doctor } from '../../../shared/content/doctors';
import { faqs } from '../../../shared/content/faq';
import type { Post } from '../../../shared/content/posts';
import { services, type Service } from '../../../shared/content/services';
import { site } from '../../../shared/content/site';

/**
 * schema.org structured data (JSON-LD) for the head of each page, from the same content
 * modules the pages render. One `@graph` per page; nodes refer to each other by `@id`.
 * No review or aggregateRating about the clinic (search engines do not accept self-serving reviews).
 */
export type JsonLdNode = Record<string, unknown> & { '@type': string | string[] };

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) may have none. */
  url?: string;
}

const SCHEMA = 'https://schema.org/';

export function clinicId(origin: string): string {
  return `${origin}/#clinic`;
}

export function clinicNode(origin: string): JsonLdNode {
  return {
    '@type': 'MedicalClinic',
    '@id': clinicId(origin),
    name: site.name,
    alternateName: site.shortName,
    description: `Gentle, evidence-informed chiropractic, rehabilitation and wellness care in ${site.address.area}, ${site.address.city}.`,
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
    image: `${origin}/og/hero-clinic-care.png`,
    email: site.email,
    telephone: site.phones.map((p) => p.e164),
    foundingDate: String(site.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      addressCountry: site.address.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    hasMap: site.address.mapHref,
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: site.openingHours.days.map((d) => SCHEMA + d),
        opens: site.openingHours.opens,
        closes: site.openingHours.closes,
      },
    ],
    medicalSpecialty: [`${SCHEMA}Musculoskeletal`, `${SCHEMA}Physiotherapy`],
    isAcceptingNewPatients: true,
    sameAs: site.social.map((s) => s.href),
  };
}

const CLINICIAN_TITLES = /doctor|physician|chiropractic associate clinician/i;

/** Clinicians are physicians (schema.org IndividualPhysician, the Physician type for one person); the rest of the team are people who work at the clinic. */
export function teamMemberNode(origin: string, doctor: Doctor, pageUrl: string): JsonLdNode {
  const common = {
    '@id': `${origin}/doctors#team-${doctor.number}`,
    name: doctor.name,
    description: `${doctor.title}. ${doctor.bio}`,
    image: origin + doctor.img.src,
    url: pageUrl,
  };
  if (doctor === principalDoctor || CLINICIAN_TITLES.test(doctor.title)) {
    return { '@type': 'IndividualPhysician', ...common, medicalSpecialty: `${SCHEMA}Musculoskeletal`, practicesAt: { '@id': clinicId(origin) } };
  }
  return { '@type': 'Person', ...common, jobTitle: doctor.title, worksFor: { '@id': clinicId(origin) } };
}

/** The principal chiropractor's profile page: the Physician with languages and credentials. */
export function principalNode(origin: string, pageUrl: string): JsonLdNode {
  return {
    ...teamMemberNode(origin, principalDoctor, pageUrl),
    url: pageUrl,
    knowsLanguage: principalProfile.languages.map((l) => l.replace(/\s*\(.*\)$/, '')),
    hasCredential: principalProfile.education.map((e) => ({ '@type': 'EducationalOccupationalCredential', name: e.title, credentialCategory: 'degree' })),
  };
}

export function teamNodes(origin: string, pageUrl: string): JsonLdNode[] {
  return doctors.map((d) => teamMemberNode(origin, d, pageUrl));
}

export function serviceNode(origin: string, service: Service): JsonLdNode {
  const url = `${origin}/service-detail/${service.id}`;
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    description: service.summary,
    url,
    image: origin + service.img.src,
    serviceType: service.title,
    category: 'Chiropractic and rehabilitation care',
    provider: { '@id': clinicId(origin) },
    areaServed: { '@type': 'City', name: site.address.city },
  };
}

export function serviceNodes(origin: string): JsonLdNode[] {
  return services.map((s) => serviceNode(origin, s));
}

export function blogPostingNode(origin: string, post: Post, pageUrl: string, imageUrl: string): JsonLdNode {
  return {
    '@type': 'BlogPosting',
    '@id': `${pageUrl}#article`,
    headline: post.title,
    description: post.excerpt,
    image: [imageUrl, origin + post.img.src],
    datePublished: post.date,
    dateModified: post.date,
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

export function faqPageNode(pageUrl: string): JsonLdNode {
  return {
    '@type': 'FAQPage',
    '@id': `${pageUrl}#faq`,
    url: pageUrl,
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
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
      item: c.url ?? pageUrl,
    })),
  };
}

export function graph(nodes: readonly JsonLdNode[]): { '@context': string; '@graph': readonly JsonLdNode[] } {
  return { '@context': 'https://schema.org', '@graph': nodes };
}
