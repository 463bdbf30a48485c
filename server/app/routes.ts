import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router';
import { createRoutes, pages, type RouteData, type RouteDataBinder } from '../../shared/app/routes';
import type { PageRoute } from '../../shared/platform/page-route';

/** What a page's server half (`server/<area>/pages/<name>.ts`) may export: its server-only data functions. */
export interface ServerPageModule {
  loader?: LoaderFunction;
  action?: ActionFunction;
}

// The server halves of the pages, by page id (`<area>/<name>`). They run only here: the browser
// bundle never imports server/, and reaches them through data requests (client/server-data.ts).
const globbed = import.meta.glob<ServerPageModule>('../*/pages/*.ts', { eager: true });
export const serverPageModules: Record<string, ServerPageModule> = Object.fromEntries(
  Object.entries(globbed).map(([key, mod]) => {
    // Vite names this folder's own pages './pages/…' rather than '../app/pages/…'.
    const [, area = 'app', name] = /^(?:\.\.\/([^/]+)|\.)\/pages\/([^/]+)\.ts$/.exec(key)!;
    return [`${area}/${name}`, mod];
  }),
);

function agree(id: string, page: string, kind: 'loader' | 'action', exported: boolean, declared: boolean) {
  if (exported === declared) return;
  const flag = kind === 'loader' ? 'serverLoader' : 'serverAction';
  const [area, name] = page.split('/');
  throw new Error(
    exported
      ? `Route ${id}: server/${area}/pages/${name}.ts exports a ${kind}; set ${flag}: true in its routes entry.`
      : `Route ${id}: ${flag} is set but server/${area}/pages/${name}.ts exports no ${kind}.`,
  );
}

/**
 * Binds each page's server loader and action from its server half. Fails at start when a
 * routes entry's `serverLoader`/`serverAction` flag and the modules disagree: the browser
 * relies on them to know which routes to ask the server about.
 */
export function serverBinder(modules: Record<string, ServerPageModule> = serverPageModules): RouteDataBinder {
  return ({ id, page, serverLoader, serverAction }) => {
    const mod = modules[page] ?? {};
    agree(id, page, 'loader', Boolean(mod.loader), serverLoader);
    agree(id, page, 'action', Boolean(mod.action), serverAction);
    const data: RouteData = {};
    if (mod.loader) data.loader = mod.loader;
    if (mod.action) data.action = mod.action;
    return data;
  };
}

/** The route tree with the server halves bound; tests may add or replace server modules. */
export function createServerRoutes(options: { modules?: Record<string, ServerPageModule>; table?: readonly PageRoute[] } = {}): RouteObject[] {
  const table = options.table ?? pages;
  const modules = { ...serverPageModules, ...options.modules };
  for (const page of Object.keys(modules)) {
    if (!table.some((r) => r.page === page)) throw new Error(`The server half of ${page} has no route in the route table.`);
  }
  return createRoutes(serverBinder(modules), table);
}
