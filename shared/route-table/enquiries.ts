import type { PageRoute } from './types';

/** Pages that belong to the forms: the privacy notice they link to. */
export const enquiryRoutes: PageRoute[] = [
  {
    path: '/privacy',
    page: 'privacy',
    serverLoader: true,
    meta: {
      title: 'Privacy notice',
      description: 'What our Abuja clinic keeps when you send a form, why, for how long, who sees it, and how to ask for a copy or erasure.',
    },
  },
];
