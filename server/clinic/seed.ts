import type { ClinicFacts, ClinicService, Practitioner } from '../../shared/clinic/types';
import { faqs } from '../../shared/content/faq';
import { copyOf } from '../../shared/content/services';
import { seedDetails } from '../../shared/content/site';

/**
 * The clinic's facts on a new database: inserted once, at the first start (server/clinic/repo.ts
 * `seedClinic`), and from then on the database is where they live. The values are the sample
 * team, services and hours of the site's content; the clinic replaces them.
 */
const portrait = (n: number, name: string) => ({ src: `/images/doctors/doctor-${n}.svg`, width: 400, height: 480, alt: `Illustrated portrait of ${name}` });

const person = (n: number, id: string, name: string, title: string, bio: string, bookable: boolean, serviceIds: string[]): Practitioner => ({
  id,
  slug: id,
  name,
  title,
  bio,
  portrait: portrait(n, name),
  bookable,
  serviceIds,
  visible: true,
});

/** A service of the seed, with its copy's illustration as its picture and booked online. */
const service = (s: Omit<ClinicService, 'bookableOnline' | 'picture'>): ClinicService => ({ ...s, bookableOnline: true, picture: copyOf(s.slug).img });

export const clinicSeed: ClinicFacts = {
  locations: [
    {
      id: 'abuja',
      name: 'Abuja (Wuse II)',
      street: '12 Example Crescent, Wuse II',
      area: 'Wuse II',
      city: 'Abuja',
      region: 'Federal Capital Territory',
      countryCode: 'NG',
      // The centre of Wuse II; the operator replaces it with the clinic's own position.
      geo: { latitude: 9.0796, longitude: 7.4699 },
      mapHref: 'https://www.openstreetmap.org/search?query=Wuse%20II%20Abuja',
      timeZone: 'Africa/Lagos',
      status: 'open',
    },
    ...['Lagos', 'Kaduna', 'Port Harcourt', 'Benin City', 'Kano'].map((city) => ({
      id: city.toLowerCase().replace(/\s+/g, '-'),
      name: city,
      street: null,
      area: null,
      city,
      region: null,
      countryCode: 'NG',
      geo: null,
      mapHref: null,
      timeZone: 'Africa/Lagos',
      status: 'planned' as const,
    })),
  ],
  // Sunday to Friday, 08:00 to 22:00; closed on Saturday.
  hours: [0, 1, 2, 3, 4, 5].map((weekday) => ({ locationId: 'abuja', weekday, opens: '08:00', closes: '22:00' })),
  services: [
    service({ id: '1', slug: 'chiropractic-therapy', name: 'Chiropractic Therapy', summary: 'Gentle, hands-on adjustments that help your spine and joints move the way they should.', firstVisitMinutes: 60, followUpMinutes: 30, bufferMinutes: 10, priceNgn: 25000 }),
    service({ id: '2', slug: 'vertebral-subluxation', name: 'Vertebral Subluxation', summary: 'Assessment and care for spinal segments that are not moving or aligned as they should.', firstVisitMinutes: 45, followUpMinutes: 30, bufferMinutes: 10, priceNgn: 25000 }),
    service({ id: '3', slug: 'radiculopathy-paraesthesia', name: 'Radiculopathy & Paraesthesia', summary: 'Care for nerve-related pain, tingling and numbness that travels into the arms or legs.', firstVisitMinutes: 60, followUpMinutes: 30, bufferMinutes: 10, priceNgn: 30000 }),
    service({ id: '4', slug: 'wellness-care', name: 'Wellness Care', summary: 'Regular check-ups, posture coaching and lifestyle advice to keep you moving well.', firstVisitMinutes: 45, followUpMinutes: 30, bufferMinutes: 0, priceNgn: 20000 }),
    service({ id: '5', slug: 'rehabilitation-therapy', name: 'Rehabilitation Therapy', summary: 'Guided exercise and hands-on care to rebuild strength after injury or surgery.', firstVisitMinutes: 60, followUpMinutes: 45, bufferMinutes: 15, priceNgn: 30000 }),
  ],
  practitioners: [
    person(1, 'adaeze-okafor', 'Dr. Adaeze Okafor', 'Head Doctor', 'Principal chiropractor with over fifteen years of practice in spinal care and rehabilitation.', true, ['1', '2', '3', '4']),
    person(2, 'ibrahim-musa', 'Dr. Ibrahim Musa', 'Primary Care Physician', 'Looks after your general health and coordinates referrals when you need a specialist.', true, ['3', '4']),
    person(3, 'funmilayo-adeyemi', 'Dr. Funmilayo Adeyemi', 'Chiropractic Associate clinician', 'Focuses on neck and back pain linked to desk work, driving and long commutes.', true, ['1', '2', '4']),
    person(4, 'chinedu-eze', 'Chinedu Eze', 'Physical Rehabilitation Associate', 'Designs step-by-step exercise programmes after injury, surgery or a long break from activity.', true, ['4', '5']),
    person(5, 'halima-bello', 'Halima Bello', 'Director of Administration', 'Keeps appointments, records and insurance paperwork running smoothly for every patient.', false, []),
    person(6, 'tunde-bakare', 'Tunde Bakare', 'Chiropractic Manual Therapist', 'Provides soft-tissue and manual therapy to ease muscle tension and restore movement.', true, ['1', '5']),
    person(7, 'ngozi-nwosu', 'Ngozi Nwosu', 'Deputy administrator', 'Your first point of contact at reception, on the phone and by e-mail.', false, []),
  ],
  details: seedDetails,
  faqs,
};
