import type { PageRoute } from './types';

/** The page the service worker (public/sw.js) shows when there is no connection and no saved copy. */
export const offlineRoutes: PageRoute[] = [
  {
    path: '/offline',
    page: 'offline',
    meta: {
      title: 'You are offline',
      description: 'No connection right now. Call or visit our chiropractic clinic in Wuse II, Abuja; pages you have opened before still work offline.',
    },
  },
];
