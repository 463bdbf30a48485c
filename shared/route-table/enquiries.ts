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
  {
    path: '/newsletter/confirm',
    page: 'newsletter-confirm',
    handle: { private: true },
    meta: { title: 'Confirm your newsletter subscription', description: 'Confirm that you want to receive the clinic’s newsletter.' },
  },
  {
    path: '/newsletter/unsubscribe',
    page: 'newsletter-unsubscribe',
    handle: { private: true },
    meta: { title: 'Unsubscribe from the newsletter', description: 'Stop receiving the clinic’s newsletter.' },
  },
];
