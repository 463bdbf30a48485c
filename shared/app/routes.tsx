import { data, type ActionFunction, type LoaderFunction, type RouteObject } from 'react-router';
import { accountsRoutes } from '../accounts/routes';
import { blogRoutes } from '../blog/routes';
import { bookingRoutes } from '../booking/routes';
import { clinicRoutes } from '../clinic/routes';
import { galleryRoutes } from '../gallery/routes';
import type { RouteHandle } from '../platform/page-meta';
import type { PageModule, PageRoute } from '../platform/page-route';
import { requestsRoutes } from '../requests/routes';
import { bookingStaffRoutes } from '../booking/staff/routes';
import { intakeRoutes } from '../intake/routes';
import { shopRoutes } from '../shop/routes';
import { publishingRoutes } from '../publishing/routes';
import { NotFound } from './not-found';
import { PageErrorBoundary, Pages, Root, RootErrorBoundary } from './root';
import { siteRoutes } from './site-routes';

/** Data functions a side attaches to a page: the server's own, or the browser's calls to the server. */
export interface RouteData {
  loader?: LoaderFunction;
  action?: ActionFunction;
}

/**
 * How each side binds a page's server-only data functions. The server passes the functions of
 * the page's server half (server/<area>/pages/<name>.ts); the browser passes functions that ask
 * the server for the same route (client/server-data.ts). shared/ never sees either implementation.
 */
export type RouteDataBinder = (route: { id: string; page: string; serverLoader: boolean; serverAction: boolean }) => RouteData;

// Every page module is a separate chunk; its manifest key (pageModuleKey) gives the server the
// preload hints of the matched route.
const pageModules = import.meta.glob<PageModule>(['../*/pages/*.tsx', './pages/*.tsx']);

function moduleOf(page: string) {
  const [area, name] = page.split('/');
  return pageModules[area === 'app' ? `./pages/${name}.tsx` : `../${area}/pages/${name}.tsx`];
}

/** One function per kind, from the page module or from the server half: never both, never silently dropped. */
function pick<T>(path: string, kind: string, own: T | undefined, bound: T | undefined): T | undefined {
  if (own && bound) throw new Error(`Route ${path}: the page module and its server half both export a ${kind}; keep one.`);
  return own ?? bound;
}

function pageRoute(route: PageRoute, bind: RouteDataBinder): RouteObject {
  const { path, page, meta, handle } = route;
  const load = moduleOf(page);
  if (!load) throw new Error(`Route ${path}: no page module for ${page} (shared/<area>/pages/<name>.tsx)`);
  const bound = bind({ id: path, page, serverLoader: route.serverLoader === true, serverAction: route.serverAction === true });
  return {
    id: path,
    path,
    handle: { ...handle, meta, page } satisfies RouteHandle & { page: string },
    // Data functions come with the module (lazy), so none is set statically: React Router
    // ignores a lazy property that is already set on the route.
    lazy: async () => {
      const mod = await load();
      const loader = pick(path, 'loader', mod.loader, bound.loader);
      const action = pick(path, 'action', mod.action, bound.action);
      return { Component: mod.default, ...(loader ? { loader } : {}), ...(action ? { action } : {}) };
    },
  };
}

const notFound = () => {
  throw data(null, { status: 404, statusText: 'Not Found' });
};

/**
 * The site's pages, each domain's list in turn. Adding a screen is one entry in its domain's
 * `routes.ts` plus its page module (and its server half when it needs one).
 */
export const pages: readonly PageRoute[] = [...siteRoutes, ...clinicRoutes, ...requestsRoutes, ...bookingRoutes, ...bookingStaffRoutes, ...intakeRoutes, ...publishingRoutes, ...blogRoutes, ...galleryRoutes, ...shopRoutes, ...accountsRoutes];

/** The one route tree, with each side's data functions bound in. */
export function createRoutes(bind: RouteDataBinder, table: readonly PageRoute[] = pages): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          // A page's errors (404, 403, a failed action) end here, inside the site's layout: the
          // root's loader still runs for them, so the layout has the clinic's facts.
          id: 'pages',
          Component: Pages,
          ErrorBoundary: PageErrorBoundary,
          children: [
            ...table.map((route) => pageRoute(route, bind)),
            { id: 'not-match', path: '/notMatch', loader: notFound, Component: NotFound },
            { id: 'catch-all', path: '*', loader: notFound, Component: NotFound },
          ],
        },
      ],
    },
  ];
}
