import type { PageRoute } from '../platform/page-route';

/** The requests' pages: the forms that ask for a visit or write to the clinic, the privacy notice they link to, the newsletter's links, and the staff inbox. */
export const requestsRoutes: PageRoute[] = [
  {
    path: '/contact',
    page: 'requests/contact',
    serverAction: true,
    meta: {
      title: 'Contact Us',
      description: 'E-mail, call or visit our chiropractic clinic in Wuse II, Abuja, or write to us to ask about an appointment.',
    },
  },
  {
    path: '/privacy',
    page: 'requests/privacy',
    serverLoader: true,
    meta: {
      title: 'Privacy notice',
      description: 'What our Abuja clinic keeps when you send a form, why, for how long, who sees it, and how to ask for a copy or erasure.',
    },
  },
  {
    path: '/newsletter/confirm',
    page: 'requests/newsletter-confirm',
    serverAction: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'Confirm your newsletter subscription', description: 'Confirm that you want to receive the clinic’s newsletter.' },
  },
  {
    path: '/newsletter/unsubscribe',
    page: 'requests/newsletter-unsubscribe',
    serverAction: true,
    handle: { private: true, noReferrer: true },
    meta: { title: 'Unsubscribe from the newsletter', description: 'Stop receiving the clinic’s newsletter.' },
  },
  // The clinic's back office: decided on the server, never in the public navigation or the sitemap.
  {
    path: '/staff',
    page: 'requests/staff',
    serverLoader: true,
    handle: { private: true },
    meta: { title: 'Staff inbox', description: 'Requests from the website, for the clinic’s staff.' },
  },
  {
    path: '/staff/requests/:reference',
    page: 'requests/staff-request',
    serverAction: true,
    serverLoader: true,
    handle: { private: true },
    meta: { title: 'Request', description: 'A request from the website, for the clinic’s staff.' },
  },
  {
    path: '/staff/people',
    page: 'requests/staff-people',
    serverAction: true,
    serverLoader: true,
    handle: { private: true },
    meta: { title: 'Personal data', description: 'Export or erase one person’s requests.' },
  },
];
