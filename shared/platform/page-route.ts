import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction } from 'react-router';
import type { PageMeta, RouteHandle } from './page-meta';

/**
 * One page of the site: its path, its module, and its title and description. A domain lists its
 * pages in `shared/<domain>/routes.ts`; the app's route table (shared/app/routes.tsx) joins them.
 */
export interface PageRoute {
  path: string;
  /**
   * `<area>/<name>`: the page module `shared/<area>/pages/<name>.tsx` (an area is a domain, or
   * `app` for the pages that compose several), and its server half, if it has one,
   * `server/<area>/pages/<name>.ts`.
   */
  page: string;
  meta: PageMeta;
  handle?: Omit<RouteHandle, 'meta'>;
  /**
   * The page has a server-only loader (in its server half). The browser must know to ask the
   * server for its data on client-side navigation; the server checks at start that this flag
   * and its modules agree.
   */
  serverLoader?: boolean;
  /** The page has a server-only action (its forms post to it); checked the same way. */
  serverAction?: boolean;
}

/** What a page module exports. Its own loader and action, if any, run on both sides. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
}

/** The page module's Vite manifest key, e.g. `shared/clinic/pages/doctors.tsx`; the server turns it into preload hints. */
export function pageModuleKey(page: string): string {
  const [area, name] = page.split('/');
  return `shared/${area}/pages/${name}.tsx`;
}
