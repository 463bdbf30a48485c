/**
 * The clinic's identity, in one place (its locations, opening hours, team and services are
 * data: the database's, seeded from server/clinic/seed.ts). Every value here is a reserved example
 * (example.com e-mail, fictional phone numbers) that the operator replaces with
 * the clinic's real details before going live.
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

