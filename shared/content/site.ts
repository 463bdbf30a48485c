/**
 * The clinic's identity, in one place. Every value here is a reserved example
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

export type DayOfWeek = 'Sunday' | 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday';

export interface Site {
  name: string;
  shortName: string;
  tagline: string;
  foundedYear: number;
  email: string;
  phones: readonly [Phone, Phone];
  address: { street: string; area: string; city: string; country: string; region: string; countryCode: string; mapHref: string };
  social: readonly SocialLink[];
  hours: { days: string; time: string; closed: string };
  /** The same opening hours for machines (structured data): schema.org day names, 24-hour times. */
  openingHours: { days: readonly DayOfWeek[]; opens: string; closes: string };
  /** Map position of the clinic (WGS 84), for structured data. */
  geo: { latitude: number; longitude: number };
  copyrightYear: number;
  expansionCities: readonly string[];
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
  address: {
    street: '12 Example Crescent, Wuse II',
    area: 'Wuse II',
    city: 'Abuja',
    country: 'Nigeria',
    region: 'Federal Capital Territory',
    countryCode: 'NG',
    mapHref: 'https://www.openstreetmap.org/search?query=Wuse%20II%20Abuja',
  },
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/example' },
    { name: 'Instagram', href: 'https://www.instagram.com/example' },
    { name: 'X', href: 'https://x.com/example' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
  ],
  hours: { days: 'Sunday to Friday', time: '08:00 am to 10:00 pm', closed: 'Saturday closed' },
  openingHours: { days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '22:00' },
  // The centre of Wuse II; the operator replaces it with the clinic's own position.
  geo: { latitude: 9.0796, longitude: 7.4699 },
  copyrightYear: 2024,
  expansionCities: ['Lagos', 'Kaduna', 'Port Harcourt', 'Benin City', 'Kano'],
};

export const fullAddress = `${site.address.street}, ${site.address.city}, ${site.address.country}`;
