import { products } from '../../content/products';
import type { PageRoute } from '../../platform/page-route';

/**
 * Canonical addresses and the sitemap's list, from the route table. Both use the same rules,
 * so the sitemap lists exactly the addresses pages name as canonical.
 */

/** Query parameters that choose what a page shows (a post, a product, a list's page or filter); the rest (sort, view, search) do not. */
const CONTENT_PARAMS = ['post', 'product', 'tag', 'category', 'page'] as const;

/** Route paths that are other addresses of a page listed under its own address. */
const ALIASES: Record<string, string> = { '/home': '/', '/servicesDetails': '/service-detail/1' };

/** The canonical path (and content query) of a request. `override` is a loader's own canonical path. */
export function canonicalPath(pathname: string, search: string, override?: string): string {
  if (override) return override;
  const path = ALIASES[pathname] ?? pathname;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of CONTENT_PARAMS) {
    const value = params.get(key);
    if (value && !(key === 'page' && value === '1')) kept.set(key, value);
  }
  // The shop has one page: its paging and sorting do not make other pages.
  if (path === '/shop') return path;
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

export interface SitemapEntry {
  /** Path and query, e.g. "/blogDetails?post=…". */
  loc: string;
  /** yyyy-mm-dd, where the content is dated. */
  lastmod?: string;
}

const newestProductDate = products.map((p) => p.dateAdded).sort().at(-1);
const BLOG_LISTS = /^\/blog(s|LeftSideBar|NoSideBar|TwoColumn|TwoMasonry|ThreeColumn|ThreeColMasonry)$/;

/** A published post as the sitemap lists it: its address and the day it last changed (yyyy-mm-dd). */
export interface SitemapPost {
  slug: string;
  modified: string;
}

/**
 * Every public, canonical address of the site: static routes, plus each service, published post
 * and product. Drafts and scheduled posts are not published, so they are never here.
 */
export function sitemapEntries(pages: readonly PageRoute[], serviceIds: readonly string[], posts: readonly SitemapPost[]): SitemapEntry[] {
  const newestPostDate = posts.map((p) => p.modified).sort().at(-1);
  const entries: SitemapEntry[] = [];
  const add = (loc: string, lastmod?: string) => entries.push(lastmod ? { loc, lastmod } : { loc });
  for (const { path, handle } of pages) {
    // Signed-in, staff and one-time-link pages are for no search engine.
    if (handle?.private) continue;
    if (path in ALIASES) continue;
    if (path === '/service-detail/:id') {
      for (const id of serviceIds) add(`/service-detail/${id}`);
      continue;
    }
    if (path.includes(':') || path.includes('*')) throw new Error(`sitemap: no expansion for ${path}`);
    if (BLOG_LISTS.test(path) || path.startsWith('/blogDetails')) add(path, newestPostDate);
    else if (path === '/shop') add(path, newestProductDate);
    else add(path);
    if (path === '/blogDetails') for (const p of posts) add(`/blogDetails?post=${encodeURIComponent(p.slug)}`, p.modified);
    if (path === '/shopDetails') for (const p of products) add(`/shopDetails?product=${encodeURIComponent(p.slug)}`, p.dateAdded);
  }
  return entries;
}
