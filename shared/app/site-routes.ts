import type { PageRoute } from '../platform/page-route';

const homeMeta = {
  title: 'Chiropractic & Wellness Clinic in Abuja',
  description: 'Gentle, evidence-informed chiropractic, rehabilitation and wellness care in Wuse II, Abuja. Book an appointment with our team.',
};

/** The pages that compose several domains: the home page and its variants, about, the appointment page, the departments with the quote form, the offline page, and a booking's staff page with its messages. */
export const siteRoutes: PageRoute[] = [
  { path: '/', page: 'app/home', serverAction: true, meta: homeMeta },
  { path: '/home', page: 'app/home', serverAction: true, meta: homeMeta },
  {
    path: '/homeTwo',
    // The news band's posts are data (server/app/news.ts).
    serverLoader: true,
    page: 'app/home-two',
    meta: {
      title: 'Chiropractic Membership Plans & FAQ',
      description: 'Monthly and yearly chiropractic care plans, answers to common questions and the latest advice from our clinic in Wuse II, Abuja.',
    },
  },
  {
    path: '/homeThree',
    // The news band's posts are data (server/app/news.ts).
    serverLoader: true,
    page: 'app/home-three',
    meta: {
      title: 'Spine, Posture & Rehabilitation Care in Abuja',
      description: 'Gentle chiropractic, posture and rehabilitation care in Abuja: our clinic in numbers, our departments and what patients say.',
    },
  },
  {
    path: '/homeFour',
    // The news band's posts are data (server/app/news.ts).
    serverLoader: true,
    page: 'app/home-four',
    serverAction: true,
    handle: { languages: true },
    meta: {
      title: 'Gentle Care for Back & Neck Pain in Abuja',
      description: 'Meet our chiropractic team in Wuse II, Abuja, see how a visit works, browse the clinic and request an appointment.',
    },
  },
  {
    path: '/about',
    page: 'app/about',
    meta: {
      title: 'About Us',
      description: 'Who we are: a chiropractic and wellness clinic in Abuja since 2009. Our approach, our team and how we start your care.',
    },
  },
  {
    path: '/homeFive',
    // Its gallery's pictures are data (server/app/pages/home-five.ts).
    serverLoader: true,
    page: 'app/home-five',
    meta: {
      title: 'Chiropractic Care, Opening Hours & Timetable',
      description: 'Opening hours, the weekly doctor timetable, our departments and team at our chiropractic and wellness clinic in Abuja. Emergency line and gallery.',
    },
  },
  // The page the service worker (public/sw.js) shows when there is no connection and no saved copy.
  {
    path: '/offline',
    page: 'app/offline',
    meta: {
      title: 'You are offline',
      description: 'No connection right now. Call or visit our chiropractic clinic in Wuse II, Abuja; pages you have opened before still work offline.',
    },
  },
  // The booking's first step, the specification's request-a-call-back form and the latest posts.
  {
    path: '/appoinment',
    // The news band's posts are data (server/app/news.ts).
    serverLoader: true,
    page: 'app/appointment',
    serverAction: true,
    meta: {
      title: 'Book an Appointment',
      description: 'Request an appointment with our chiropractic and rehabilitation team in Wuse II, Abuja, and see what to expect at your first visit.',
    },
  },
  // Composes the clinic's departments with the requests domain's quote form.
  {
    path: '/servicesTwo',
    page: 'app/services-two',
    serverAction: true,
    meta: {
      title: 'Departments & Care Plans',
      description: 'Our departments, a no-obligation quote request for a course of care, and workplace programmes for employers in Abuja.',
    },
  },
  // A booking (the booking domain's) with its patient messages (the messages domain's), for staff
  // only: decided by its server loader, like the other /staff pages; never in the sitemap.
  {
    path: '/staff/bookings/:reference',
    page: 'app/staff-booking',
    handle: { private: true },
    serverLoader: true,
    serverAction: true,
    meta: { title: 'Booking', description: 'A booked visit and its history, for the clinic’s staff.' },
  },
];
