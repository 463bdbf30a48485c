import { aboutImages, blogImages, galleryImages, heroImages, miscImages, productImages, serviceImages } from '../../content/images';
import { posts } from '../../content/posts';
import { products } from '../../content/products';
import { copyOf, serviceCopy } from '../../content/services';
import type { Img } from '../../content/types';

/**
 * Social cards (Open Graph / Twitter): one 1200×630 PNG per illustration, made at build time
 * from the SVGs in public/images/ (server/app/seo/card-render.ts, the Vite plugin in vite.config.ts)
 * and served at /og/<key>.png. Each route names the illustration its card shows.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface SocialCard {
  /** File name under /og/, without .png. */
  key: string;
  img: Img;
}

/** "/images/hero/clinic-care.svg" → "hero-clinic-care". */
export function cardKey(img: Img): string {
  return img.src.replace(/^\/images\//, '').replace(/\.svg$/, '').replace(/[^a-z0-9]+/gi, '-');
}

/** The illustration of each static route (route-table path). */
const routeImages: Record<string, Img> = {
  '/': heroImages.clinicCare,
  '/home': heroImages.clinicCare,
  '/homeTwo': heroImages.wellness,
  '/homeThree': heroImages.consultation,
  '/homeFour': aboutImages.clinicTeam,
  '/homeFive': galleryImages[0]!,
  '/about': aboutImages.approach,
  '/appoinment': miscImages.cta,
  '/book': miscImages.cta,
  '/services': serviceImages.chiropracticTherapy,
  '/service-detail/:id': serviceImages.chiropracticTherapy,
  '/servicesDetails': serviceImages.chiropracticTherapy,
  '/servicesTwo': serviceImages.rehabilitationTherapy,
  '/doctors': aboutImages.clinicTeam,
  '/doctorsTwo': aboutImages.clinicTeam,
  '/doctorDetails': heroImages.clinicCare,
  '/contact': miscImages.newsletter,
  '/blogs': blogImages[0]!,
  '/blogLeftSideBar': blogImages[1]!,
  '/blogNoSideBar': blogImages[2]!,
  '/blogTwoColumn': blogImages[3]!,
  '/blogTwoMasonry': blogImages[4]!,
  '/blogThreeColumn': blogImages[5]!,
  '/blogThreeColMasonry': blogImages[6]!,
  '/blogDetails': posts[0]!.img,
  '/blogDetailsLeftSidebar': posts[0]!.img,
  '/blogDetailsAudio': posts[0]!.img,
  '/blogDetailsVideo': miscImages.videoCover,
  '/blogDetailsGallery': posts[0]!.img,
  '/portfolioTwoColumn': galleryImages[1]!,
  '/portfolioThreeColumn': galleryImages[2]!,
  '/portfolioSlider': galleryImages[3]!,
  '/shop': productImages[0]!,
  '/shopDetails': productImages[1]!,
  '/shoppingCart': productImages[1]!,
  '/wishList': productImages[2]!,
  '/checkout': productImages[0]!,
  '/login': heroImages.wellness,
  '/register': heroImages.consultation,
  '/privacy': miscImages.newsletter,
  '/newsletter/confirm': miscImages.newsletter,
  '/newsletter/unsubscribe': miscImages.newsletter,
  '/offline': heroImages.clinicCare,
};

/** What a page shows, as far as its card cares: the service, post or product in its loader data. */
export interface CardSubject {
  /** A service page's service (its picture is its copy's, by slug). */
  service?: { slug: string };
  post?: { img: Img };
  slug?: string;
}

/** The card of a matched route: the shown service's, post's or product's own picture, else the route's. */
export function cardFor(routePath: string, data?: unknown): SocialCard | undefined {
  const subject = (data ?? {}) as CardSubject;
  let img: Img | undefined = routeImages[routePath];
  if (subject.service?.slug) img = copyOf(subject.service.slug).img;
  else if (subject.post?.img && routePath !== '/blogDetailsVideo') img = subject.post.img;
  else if (routePath === '/shopDetails' && subject.slug) img = products.find((p) => p.slug === subject.slug)?.img ?? img;
  return img ? { key: cardKey(img), img } : undefined;
}

/** Every card the site can name: built once at build time. */
export function allCards(): SocialCard[] {
  const imgs = [...Object.values(routeImages), ...Object.values(serviceCopy).map((s) => s.img), ...posts.map((p) => p.img), ...products.map((p) => p.img)];
  const byKey = new Map<string, SocialCard>();
  for (const img of imgs) byKey.set(cardKey(img), { key: cardKey(img), img });
  return [...byKey.values()];
}

/** Has the route table a card for this path? (a test checks every route has one) */
export function hasRouteCard(routePath: string): boolean {
  return routePath in routeImages;
}

/** App icons for the web app manifest, made at build time from the favicon. */
export const APP_ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, purpose: 'apple' },
] as const;
