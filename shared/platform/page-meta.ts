import { site } from '../content/site';

/** Title and description of a page. Static ones live in the route table; a loader may return `meta` to override. */
export interface PageMeta {
  title: string;
  description: string;
}

export interface RouteHandle {
  meta?: PageMeta;
  /** Show the language list in the top bar (home four). */
  languages?: boolean;
  /** Signed-in or staff-only page: noindex, never cached, left out of the sitemap. */
  private?: boolean;
  /**
   * The page's address holds a secret (a manage link's token, a newsletter link's): it is sent
   * with `Referrer-Policy: same-origin`, so no link or request to another site carries the
   * address (not `no-referrer`: its form posts would say `Origin: null`, refused as cross-site).
   */
  noReferrer?: boolean;
  /**
   * Keys of the page's loader data that its HTML shows in full and that the browser takes from
   * that HTML at hydration (shared/ui/kept-html.tsx): the server leaves them out of the hydration
   * data in the document, so they are not sent twice (ADR 0052). A client-side navigation's data
   * (the data request) carries them as usual.
   */
  hydrateFromHtml?: readonly string[];
}

export function isPageMeta(value: unknown): value is PageMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PageMeta).title === 'string' &&
    typeof (value as PageMeta).description === 'string'
  );
}

export const NOT_FOUND_META: PageMeta = { title: 'Page not found', description: 'The page you are looking for does not exist.' };
export const FORBIDDEN_META: PageMeta = { title: 'Not allowed', description: 'This page is for the clinic’s staff.' };
export const ERROR_META: PageMeta = { title: 'Something went wrong', description: 'An unexpected error occurred.' };
export const DEFAULT_META: PageMeta = { title: site.tagline, description: `${site.name}: ${site.tagline}.` };

export function documentTitle(meta: PageMeta): string {
  return `${meta.title} | ${site.name}`;
}

/** One matched route, as the server's handler context and the client's useMatches() both describe it. */
export interface MetaSource {
  handle?: unknown;
  data?: unknown;
}

/** The deepest match's meta: a loader's `meta` wins over the route table's. */
export function resolvePageMeta(matches: readonly MetaSource[]): PageMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const fromData = (m?.data as { meta?: unknown } | undefined)?.meta;
    if (isPageMeta(fromData)) return fromData;
    const fromHandle = (m?.handle as RouteHandle | undefined)?.meta;
    if (fromHandle) return fromHandle;
  }
  return DEFAULT_META;
}
