import type { FaqItem } from '../content/faq';
import type { ClinicDetails } from '../content/site';
import type { SiteImage } from '../platform/site-image';

/**
 * The clinic's facts, as the database holds them (server/clinic/repo.ts) and pages receive
 * them from their loaders. Times of day are `HH:MM` in the location's time zone.
 */
export interface Practitioner {
  /** Stable id (never reused), e.g. `adaeze-okafor`. */
  id: string;
  slug: string;
  name: string;
  title: string;
  bio: string;
  portrait: SiteImage;
  /** Patients can book this person (clinicians); administrators are on the team pages only. */
  bookable: boolean;
  /** The services this person gives, by id. */
  serviceIds: readonly string[];
  /** Shown on the site (team pages, booking); hidden people keep their bookings and history. */
  visible: boolean;
}

export interface ClinicService {
  /** Stable id, also the service page's address: `/service-detail/<id>`. */
  id: string;
  slug: string;
  name: string;
  summary: string;
  firstVisitMinutes: number;
  followUpMinutes: number;
  /** Kept free after a visit before the practitioner's next one. */
  bufferMinutes: number;
  /** Whole naira; null when the price is given on request. */
  priceNgn: number | null;
  /** Offered in the online booking; otherwise the service page says to call. */
  bookableOnline: boolean;
  /** Its picture on the service pages; null: the illustration of its copy. */
  picture: SiteImage | null;
}

export interface Location {
  id: string;
  /** As people say it, e.g. `Abuja (Wuse II)`. */
  name: string;
  street: string | null;
  area: string | null;
  city: string;
  region: string | null;
  countryCode: string;
  geo: { latitude: number; longitude: number } | null;
  mapHref: string | null;
  timeZone: string;
  /** `planned`: one of the cities the clinic means to open in; nothing is booked there yet. */
  status: 'open' | 'planned';
}

export interface OpeningHours {
  locationId: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  opens: string;
  closes: string;
}

export type { ClinicDetails };

export interface ClinicFacts {
  practitioners: readonly Practitioner[];
  services: readonly ClinicService[];
  locations: readonly Location[];
  hours: readonly OpeningHours[];
  details: ClinicDetails;
  /** The questions and answers of the FAQ bands, in order. */
  faqs: readonly FaqItem[];
}
