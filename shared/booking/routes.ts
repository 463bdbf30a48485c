import type { PageRoute } from '../platform/page-route';

/** The visitor's booking pages: choose a day and a time and book; the manage link's page. */
export const bookingRoutes: PageRoute[] = [
  {
    path: '/book',
    page: 'booking/book',
    serverLoader: true,
    serverAction: true,
    meta: {
      title: 'Book a visit online',
      description: 'Choose a service, a day and a free time with our chiropractic team in Wuse II, Abuja, and book your visit online in a minute.',
    },
  },
  // Where Paystack sends the patient back after paying a deposit (issue 48): never cached, for no search engine.
  {
    path: '/book/deposit',
    page: 'booking/deposit-return',
    serverLoader: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'Your deposit', description: 'What became of your deposit payment.' },
  },
  // One patient's booking, opened by the signed link in their confirmation: for no search engine, never cached.
  {
    path: '/booking/manage/:token',
    page: 'booking/manage',
    serverLoader: true,
    serverAction: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'Your booking', description: 'See, move or cancel your visit to the clinic.' },
  },
  // After a visit, its patient books a course of follow-ups with the same practitioner (issue 46).
  {
    path: '/booking/manage/:token/course',
    page: 'booking/course-plan',
    serverLoader: true,
    serverAction: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'Book a course of visits', description: 'Book your follow-up visits at once, with the same practitioner.' },
  },
  // A course's own link: its visits, and cancelling the remaining ones.
  {
    path: '/booking/course/:token',
    page: 'booking/course',
    serverLoader: true,
    serverAction: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'Your course of visits', description: 'See your visits, or cancel the remaining ones.' },
  },
  // The waitlist (issue 46): join where nothing suits; an entry's own link; an offer's link.
  {
    path: '/waitlist/join',
    page: 'booking/waitlist-join',
    serverLoader: true,
    serverAction: true,
    handle: { private: true },
    meta: { title: 'Join the waitlist', description: 'Tell us which days and times would suit you, and we will offer you the first one that comes free.' },
  },
  {
    path: '/waitlist/entry/:token',
    page: 'booking/waitlist-entry',
    serverLoader: true,
    serverAction: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'Your place on the waitlist', description: 'See what you asked for, the times offered to you, or leave the waitlist.' },
  },
  {
    path: '/waitlist/offer/:token',
    page: 'booking/waitlist-offer',
    serverLoader: true,
    serverAction: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'A time has come free', description: 'Take the time offered to you from the waitlist.' },
  },
];
