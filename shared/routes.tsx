import type { ComponentType } from 'react';
import { data, type ActionFunction, type LoaderFunction, type RouteObject } from 'react-router';
import type { RouteHandle } from './page-meta';
import { accountsRoutes } from './route-table/accounts';
import { blogRoutes } from './route-table/blog';
import { clinicRoutes } from './route-table/clinic';
import { galleryRoutes } from './route-table/gallery';
import { homeRoutes } from './route-table/home';
import { servicesRoutes } from './route-table/services';
import { shopRoutes } from './route-table/shop';
import { enquiryRoutes } from './route-table/enquiries';
import { offlineRoutes } from './route-table/offline';
import { staffRoutes } from './route-table/staff';
import type { PageRoute } from './route-table/types';
import { Root, RootErrorBoundary } from './root';
import { NotFound } from './ui/not-found';

/** What a page module under shared/pages/ exports. Its own loader/action run on both sides. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
}

/** Data functions a side attaches to a page: the server's own, or the browser's calls to the server. */
export interface RouteData {
  loader?: LoaderFunction;
  action?: ActionFunction;
}

/**
 * How each side binds a page's server-only data functions. The server passes the
 * functions of server/pages/<page>.ts; the browser passes functions that ask the server
 * for the same route (client/server-data.ts). shared/ never sees either implementation.
 */
export type RouteDataBinder = (route: { id: string; page: string; serverLoader: boolean }) => RouteData;

// Every page module is a separate chunk; the key doubles as the Vite manifest key
// the server uses to emit preload hints for the matched route.
const pageModules = import.meta.glob<PageModule>('./pages/*.tsx');

export function pageModuleKey(page: string): string {
  return `shared/pages/${page}.tsx`;
}

/** One function per kind, from the page module or from the server half: never both, never silently dropped. */
function pick<T>(path: string, kind: string, own: T | undefined, bound: T | undefined): T | undefined {
  if (own && bound) throw new Error(`Route ${path}: the page module and its server half both export a ${kind}; keep one.`);
  return own ?? bound;
}

function pageRoute(route: PageRoute, bind: RouteDataBinder): RouteObject {
  const { path, page, meta, handle } = route;
  const load = pageModules[`./pages/${page}.tsx`];
  if (!load) throw new Error(`Route ${path}: no page module shared/pages/${page}.tsx`);
  const bound = bind({ id: path, page, serverLoader: route.serverLoader === true });
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

/** The site's pages. Adding a screen is one line in shared/route-table/ plus a module in shared/pages/. */
export const pages: readonly PageRoute[] = [
  ...homeRoutes,
  ...clinicRoutes,
  ...servicesRoutes,
  ...blogRoutes,
  ...galleryRoutes,
  ...shopRoutes,
  ...accountsRoutes,
  ...enquiryRoutes,
  ...staffRoutes,
  ...offlineRoutes,
];

/** The one route tree, with each side's data functions bound in. */
export function createRoutes(bind: RouteDataBinder, table: readonly PageRoute[] = pages): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      children: [
        ...table.map((route) => pageRoute(route, bind)),
        { id: 'not-match', path: '/notMatch', loader: notFound, Component: NotFound },
        { id: 'catch-all', path: '*', loader: notFound, Component: NotFound },
      ],
    },
  ];
}
