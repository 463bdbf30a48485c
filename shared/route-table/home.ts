import type { PageRoute } from './types';

const homeMeta = {
  title: 'Chiropractic & Wellness Clinic in Abuja',
  description: 'Gentle, evidence-informed chiropractic, rehabilitation and wellness care in Wuse II, Abuja. Book an appointment with our team.',
};

export const homeRoutes: PageRoute[] = [
  { path: '/', page: 'home', meta: homeMeta },
  { path: '/home', page: 'home', meta: homeMeta },
];
