import type { PageRoute } from '../../platform/page-route';

/**
 * The clinic's side of booking (issue 31): the calendar, phone bookings, and the practitioners'
 * plans and feeds (a booking's page, with its messages, is the composition's:
 * shared/app/site-routes.ts). Staff only (decided by each server loader, like /staff),
 * never in the public navigation or the sitemap. The feed itself (`/staff/calendar/<token>.ics`)
 * is not a page: server/booking/feed-route.ts answers it.
 */
const staffOnly = { handle: { private: true }, serverLoader: true } as const;

export const bookingStaffRoutes: PageRoute[] = [
  // Deposits (issue 48): the payments of a month, the daily reconciliation's lists, the CSV for the accountant.
  {
    path: '/staff/payments',
    page: 'booking/staff-payments',
    ...staffOnly,
    meta: { title: 'Payments', description: 'Deposits paid and refunded, and what does not match, for the clinic’s staff.' },
  },
  {
    path: '/staff/booking-limits',
    page: 'booking/staff-limits',
    ...staffOnly,
    meta: { title: 'Booking limits', description: 'Who hit a limit of online booking, for the clinic’s staff.' },
  },
  {
    path: '/staff/calendar',
    page: 'booking/staff-calendar',
    ...staffOnly,
    meta: { title: 'Calendar', description: 'The clinic’s booked visits by day and week, for the clinic’s staff.' },
  },
  {
    path: '/staff/bookings/new',
    page: 'booking/staff-new-booking',
    ...staffOnly,
    serverAction: true,
    meta: { title: 'Book by phone', description: 'Book a visit on a patient’s behalf.' },
  },
  // A course of follow-ups booked on a patient's behalf, after one of their visits (issue 46).
  {
    path: '/staff/bookings/:reference/course',
    page: 'booking/staff-course',
    ...staffOnly,
    serverAction: true,
    meta: { title: 'Book a course of visits', description: 'Book a patient’s follow-up visits at once.' },
  },
  // The waitlist per practitioner: who waits for what, offers and who took what; a time offered by hand (issue 46).
  {
    path: '/staff/waitlist',
    page: 'booking/staff-waitlist',
    ...staffOnly,
    serverAction: true,
    meta: { title: 'Waitlist', description: 'Who waits for a time with each practitioner, and the times offered to them.' },
  },
  {
    path: '/staff/plans',
    page: 'booking/staff-plans',
    ...staffOnly,
    serverAction: true,
    meta: { title: 'Working plans', description: 'The practitioners’ weeks, days off, closures and calendar feeds.' },
  },
];
