/**
 * The clinic's identity: its name, tagline and years stay here; how to reach it (e-mail, phones,
 * WhatsApp, social links, the emergency notice) is data the clinic edits at /staff/content
 * (`ClinicDetails`, read with `useSiteDetails()`), first filled from the values below. Its
 * locations, opening hours, team and services are data too (seeded from server/clinic/seed.ts).
 * Every value here is a reserved example (example.com e-mail, fictional phone numbers).
 */
export interface Phone {
  /** As printed on the page. */
  display: string;
  /** E.164 form for tel: links. */
  e164: string;
}

export interface SocialLink {
  name: 'Facebook' | 'Instagram' | 'X' | 'LinkedIn' | 'YouTube';
  href: string;
}

export interface Site {
  name: string;
  shortName: string;
  tagline: string;
  foundedYear: number;
  email: string;
  phones: readonly [Phone, Phone];
  social: readonly SocialLink[];
  copyrightYear: number;
}

/**
 * How to reach the clinic, in one place (edited at /staff/content): the header, footer, contact
 * page, structured data, mails and messages all read it. The address is the open location's.
 */
export interface ClinicDetails {
  email: string;
  /** The main number first (calls), then the second. */
  phones: readonly [Phone, Phone];
  /** The WhatsApp number, when the clinic answers there (the contact bar's WhatsApp link). */
  whatsapp: Phone | null;
  /** What to do in an emergency, in one sentence: the footer, contact and booking pages show it. */
  emergencyNotice: string;
  social: readonly SocialLink[];
}

export const site: Site = {
  name: 'Abuja Spine & Wellness Clinic',
  shortName: 'Spine & Wellness',
  tagline: 'Chiropractic and wellness care in Abuja',
  foundedYear: 2009,
  email: 'info@example.com',
  phones: [
    { display: '+234 800 000 0001', e164: '+2348000000001' },
    { display: '+234 800 000 0002', e164: '+2348000000002' },
  ],
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/example' },
    { name: 'Instagram', href: 'https://www.instagram.com/example' },
    { name: 'X', href: 'https://x.com/example' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
  ],
  copyrightYear: 2024,
};


/** The details a new database starts with (then the database's, edited at /staff/content). */
export const seedDetails: ClinicDetails = {
  email: site.email,
  phones: site.phones,
  whatsapp: site.phones[0],
  emergencyNotice: 'Not for emergencies: call 112.',
  social: site.social,
};
