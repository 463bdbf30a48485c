export interface NavItem {
  to: string;
  label: string;
  /** Match only the exact path (for Home). */
  end?: boolean;
}

/** Header menu (spec section 2: Home, Services). */
export const headerNav: readonly NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/services', label: 'Services' },
];

/** Mobile side drawer (spec section 2: Home, Services, Contact). */
export const drawerNav: readonly NavItem[] = [...headerNav, { to: '/contact', label: 'Contact' }];

/** Footer "Explore" column, so every part of the site is reachable without the template's mega-menu. */
export const exploreNav: readonly NavItem[] = [
  { to: '/about', label: 'About us' },
  { to: '/doctors', label: 'Our team' },
  { to: '/appoinment', label: 'Book an appointment' },
  { to: '/blogs', label: 'Health blog' },
  { to: '/portfolioThreeColumn', label: 'Gallery' },
  { to: '/shop', label: 'Wellness shop' },
  { to: '/contact', label: 'Contact' },
];
