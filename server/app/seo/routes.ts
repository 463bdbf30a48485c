import path from 'node:path';
import express, { type Router } from 'express';
import { site } from '../../../shared/content/site';
import type { PageRoute } from '../../../shared/platform/page-route';
import { allCards, APP_ICONS } from '../../../shared/app/seo/social-cards';
import { sitemapEntries, type SitemapPost } from '../../../shared/app/seo/urls';
import type { BlogCatalog } from '../../blog/catalog';
import type { ClinicCatalog } from '../../clinic/context';
import { escapeHtml } from '../../platform/render/document';

export interface SeoRoutesOptions {
  /** Origin of absolute URLs (config PUBLIC_ORIGIN). */
  origin: string;
  pages: readonly PageRoute[];
  /** The clinic's facts: the sitemap lists each service's page. */
  clinic: ClinicCatalog;
  /** The published posts: the sitemap lists each, with the day it last changed. */
  blog: BlogCatalog;
  /**
   * Public folder to draw /og/*.png and /icons/*.png from on the fly (development and tests,
   * where there is no build). Production serves the PNGs the build wrote into dist/client.
   */
  generateFrom?: string;
}

export function sitemapXml(origin: string, pages: readonly PageRoute[], serviceIds: readonly string[], posts: readonly SitemapPost[]): string {
  const urls = sitemapEntries(pages, serviceIds, posts).map(
    ({ loc, lastmod }) => `<url><loc>${escapeHtml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: the staff area, the API and the newsletter's one-time links are for no crawler.
 * Only Disallow lines, and no `Allow: /`: what no line names is allowed by every parser, and
 * parsers disagree on which line wins. Google (RFC 9309) takes the longest match, Python's
 * urllib.robotparser and other older ones the first: an `Allow: /` first would open everything
 * to the latter (tests/integration/robots.test.ts parses it both ways).
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /api/\nDisallow: /staff\nDisallow: /newsletter/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function webManifest() {
  return {
    name: site.name,
    short_name: site.shortName,
    description: `${site.tagline}.`,
    lang: 'en-NG',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f7f3ee',
    theme_color: '#0e5a63',
    icons: APP_ICONS.filter((i) => i.purpose !== 'apple').map((i) => ({ src: `/icons/${i.file}`, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
  };
}

/** sitemap.xml, robots.txt, the web app manifest, and (without a build) the social cards and icons. */
export function seoRoutes({ origin, pages, clinic, blog, generateFrom }: SeoRoutesOptions): Router {
  const router = express.Router();
  const robots = robotsTxt(origin);
  const manifest = JSON.stringify(webManifest());

  // Made on each request from the facts in memory (the services are data): microseconds.
  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const [{ services }, posts] = await Promise.all([clinic.facts(), blog.posts()]);
      const sitemap = sitemapXml(origin, pages, services.map((s) => s.id), posts);
      res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600').send(sitemap);
    } catch (error) {
      next(error);
    }
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
  });
  router.get('/manifest.webmanifest', (_req, res) => {
    res.type('application/manifest+json').setHeader('Cache-Control', 'public, max-age=3600').send(manifest);
  });

  if (generateFrom) {
    const publicDir = path.resolve(generateFrom);
    const cards = new Map(allCards().map((c) => [`${c.key}.png`, c]));
    const icons = new Map<string, (typeof APP_ICONS)[number]>(APP_ICONS.map((i) => [i.file, i]));
    const cache = new Map<string, Promise<Buffer>>();
    // Loaded on first use: the renderer needs resvg, a development dependency.
    const renderer = () => import('./card-render');
    const send = (key: string, make: () => Promise<Buffer>): express.RequestHandler => async (_req, res, next) => {
      try {
        if (!cache.has(key)) cache.set(key, make());
        const png = await cache.get(key)!;
        res.type('image/png').setHeader('Cache-Control', 'no-cache').send(png);
      } catch (error) {
        cache.delete(key);
        next(error);
      }
    };
    router.get('/og/:file', (req, res, next) => {
      const card = cards.get(req.params.file);
      if (!card) return next();
      return send(`og/${card.key}`, async () => (await renderer()).renderCard(card, publicDir))(req, res, next);
    });
    router.get('/icons/:file', (req, res, next) => {
      const icon = icons.get(req.params.file);
      if (!icon) return next();
      return send(`icons/${icon.file}`, async () => (await renderer()).renderIcon(icon.size, icon.purpose, publicDir))(req, res, next);
    });
  }
  return router;
}
