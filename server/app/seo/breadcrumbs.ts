import type { ClinicFacts } from '../../../shared/clinic/types';
import type { ServiceSummary } from '../../../shared/clinic/team';
import { principalProfile } from '../../../shared/content/doctor-pages';
import type { Crumb } from './structured-data';

/**
 * The breadcrumb each page shows (its PageHeader), as data for the BreadcrumbList. The head is
 * written before the page renders, so this mirrors the pages' crumbs; tests/integration/seo.test.ts
 * checks on every route that it matches the breadcrumb in the HTML.
 */
type Trail = readonly [label: string, path?: string][];

const HOME: [string, string] = ['Home', '/'];
const SERVICES: [string, string] = ['Services', '/services'];
const DOCTORS: [string, string] = ['Doctors', '/doctors'];
const BLOG: [string, string] = ['Blog', '/blogs'];
const SHOP: [string, string] = ['Shop', '/shop'];

type TrailData = { service?: ServiceSummary; facts: ClinicFacts };

const trails: Record<string, Trail | ((data: TrailData) => Trail)> = {
  '/about': [HOME, ['About']],
  '/appoinment': [HOME, ['Appointment']],
  '/book': [HOME, ['Appointment', '/appoinment'], ['Book a visit']],
  '/services': [HOME, ['Services']],
  '/service-detail/:id': (d) => [HOME, SERVICES, [d.service?.name ?? 'Service']],
  '/servicesDetails': (d) => [HOME, SERVICES, [d.service?.name ?? 'Service']],
  '/servicesTwo': [HOME, SERVICES, ['Departments']],
  '/doctors': [HOME, ['Doctors']],
  '/doctorsTwo': [HOME, DOCTORS, ['Care team']],
  '/doctorDetails': ({ facts }) => [HOME, DOCTORS, [facts.practitioners.find((p) => p.id === principalProfile.practitionerId)?.name ?? 'Profile']],
  '/contact': [HOME, ['Contact']],
  '/portfolioTwoColumn': [HOME, ['Portfolio']],
  '/portfolioThreeColumn': [HOME, ['Portfolio']],
  '/portfolioSlider': [HOME, ['Portfolio']],
  '/shop': [HOME, ['Shop']],
  '/shopDetails': [HOME, SHOP, ['Shop Details']],
  '/shoppingCart': [HOME, SHOP, ['Shopping Cart']],
  '/wishList': [HOME, SHOP, ['Wishlist']],
  '/checkout': [HOME, SHOP, ['Checkout']],
  '/login': [HOME, ['Login']],
  '/register': [HOME, ['Register']],
  '/privacy': [HOME, ['Privacy']],
  '/newsletter/confirm': [HOME, ['Newsletter']],
  '/newsletter/unsubscribe': [HOME, ['Newsletter']],
  '/offline': [HOME, ['Offline']],
};
for (const path of ['/blogs', '/blogLeftSideBar', '/blogNoSideBar', '/blogTwoColumn', '/blogTwoMasonry', '/blogThreeColumn', '/blogThreeColMasonry']) {
  trails[path] = [HOME, ['Blog']];
}
for (const path of ['/blogDetails', '/blogDetailsLeftSidebar', '/blogDetailsAudio', '/blogDetailsVideo', '/blogDetailsGallery']) {
  trails[path] = [HOME, BLOG, ['Blog Details']];
}

/** The page's breadcrumb with absolute URLs (the last one is the page itself), or none where the page shows none (the home pages). */
export function breadcrumbsFor(routePath: string, data: unknown, origin: string, facts: ClinicFacts): Crumb[] | undefined {
  const entry = trails[routePath];
  if (!entry) return undefined;
  const trail = typeof entry === 'function' ? entry({ ...((data ?? {}) as Omit<TrailData, 'facts'>), facts }) : entry;
  return trail.map(([name, path], i) => (path && i < trail.length - 1 ? { name, url: origin + path } : { name }));
}
