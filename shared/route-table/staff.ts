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
];
