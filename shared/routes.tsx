import type { ComponentType } from 'react';
import { data, type ActionFunction, type LoaderFunction, type RouteObject } from 'react-router';
import { formAction } from './form-action';
import type { RouteHandle } from './page-meta';
import { accountsRoutes } from './route-table/accounts';
import { blogRoutes } from './route-table/blog';
import { clinicRoutes } from './route-table/clinic';
import { galleryRoutes } from './route-table/gallery';
import { homeRoutes } from './route-table/home';
import { servicesRoutes } from './route-table/services';
import { shopRoutes } from './route-table/shop';
import type { PageRoute } from './route-table/types';
import { Root, RootErrorBoundary } from './root';
import { NotFound } from './ui/not-found';

/** What a page module under shared/pages/ exports. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
}

// Every page module is a separate chunk; the key doubles as the Vite manifest key
// the server uses to emit preload hints for the matched route.
const pageModules = import.meta.glob<PageModule>('./pages/*.tsx');

export function pageModuleKey(page: string): string {
  return `shared/pages/${page}.tsx`;
}

function pageRoute({ path, page, meta, handle }: PageRoute): RouteObject {
  const load = pageModules[`./pages/${page}.tsx`];
  if (!load) throw new Error(`Route ${path}: no page module shared/pages/${page}.tsx`);
  return {
    id: path,
    path,
    handle: { ...handle, meta, page } satisfies RouteHandle & { page: string },
    action: formAction,
    lazy: async () => {
      const mod = await load();
      return { Component: mod.default, ...(mod.loader ? { loader: mod.loader } : {}), ...(mod.action ? { action: mod.action } : {}) };
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
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    children: [
      ...pages.map(pageRoute),
      { id: 'not-match', path: '/notMatch', loader: notFound, Component: NotFound },
      { id: 'catch-all', path: '*', loader: notFound, Component: NotFound },
    ],
  },
];
