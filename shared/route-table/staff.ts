import type { PageRoute } from './types';

/** The clinic's back office: decided on the server (server/pages/), never in the public navigation or the sitemap. */
export const staffRoutes: PageRoute[] = [
  {
    path: '/staff',
    page: 'staff',
    serverLoader: true,
    handle: { private: true },
    meta: { title: 'Staff inbox', description: 'Requests from the website, for the clinic’s staff.' },
  },
  {
    path: '/staff/requests/:reference',
    page: 'staff-request',
    serverLoader: true,
    handle: { private: true },
    meta: { title: 'Request', description: 'A request from the website, for the clinic’s staff.' },
  },
  {
    path: '/staff/people',
    page: 'staff-people',
    serverLoader: true,
    handle: { private: true },
    meta: { title: 'Personal data', description: 'Export or erase one person’s requests.' },
  },
];
