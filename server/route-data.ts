import { matchRoutes, type ActionFunction, type LoaderFunction, type RouteObject, type RouterContextProvider } from 'react-router';
import { createRoutes, pages, type RouteData, type RouteDataBinder } from '../shared/routes';
import type { PageRoute } from '../shared/route-table/types';
import { echoAction } from './forms/echo-action';
import { enquiryAction } from './forms/enquiry-action';

/** What server/pages/<page>.ts may export: the page's server-only data functions. */
export interface ServerPageModule {
  loader?: LoaderFunction;
  action?: ActionFunction;
}

// The server halves of the pages, by page name. They run only here: the browser bundle
// never imports server/, and reaches them through data requests (client/server-data.ts).
const globbed = import.meta.glob<ServerPageModule>('./pages/*.ts', { eager: true });
export const serverPageModules: Record<string, ServerPageModule> = Object.fromEntries(
  Object.entries(globbed).map(([key, mod]) => [key.replace(/^\.\/pages\/|\.ts$/g, ''), mod]),
);

/**
 * Binds each page's server loader and action. A page without a server action gets the
 * default one, so every form posts somewhere on the server. Fails at start when the
 * route table's `serverLoader` flag and the modules disagree: the browser relies on it.
 */
export function serverBinder(modules: Record<string, ServerPageModule> = serverPageModules, defaultAction: ActionFunction = enquiryAction(echoAction)): RouteDataBinder {
  return ({ id, page, serverLoader }) => {
    const mod = modules[page] ?? {};
    if (Boolean(mod.loader) !== serverLoader) {
      throw new Error(
        mod.loader
          ? `Route ${id}: server/pages/${page}.ts exports a loader; set serverLoader: true in its route-table entry.`
          : `Route ${id}: serverLoader is set but server/pages/${page}.ts exports no loader.`,
      );
    }
    const data: RouteData = { action: mod.action ?? defaultAction };
    if (mod.loader) data.loader = mod.loader;
    return data;
  };
}

/** The route tree with the server halves bound; tests may add or replace server modules. */
export function createServerRoutes(options: { modules?: Record<string, ServerPageModule>; table?: readonly PageRoute[]; defaultAction?: ActionFunction } = {}): RouteObject[] {
  const modules = { ...serverPageModules, ...options.modules };
  for (const page of Object.keys(modules)) {
    if (!(options.table ?? pages).some((r) => r.page === page)) throw new Error(`server/pages/${page}.ts has no route in the route table.`);
  }
  return createRoutes(serverBinder(modules, options.defaultAction), options.table);
}

/** The JSON a data request answers with; client/server-data.ts turns it back into what the function returned or threw. */
export type DataEnvelope =
  | { kind: 'data'; status: number; data: unknown }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'error'; status: number; statusText: string; data: unknown };

interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

async function fromResponse(response: Response, thrown: boolean): Promise<DataEnvelope> {
  const location = response.headers.get('Location');
  if (response.status >= 300 && response.status < 400 && location) return { kind: 'redirect', status: response.status, location };
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // plain text body
  }
  if (thrown) return { kind: 'error', status: response.status, statusText: response.statusText, data: body };
  return { kind: 'data', status: response.status, data: body };
}

/** Turns what a loader or action returned or threw into the envelope, with the headers it asked for. */
export async function toEnvelope(outcome: { value: unknown; thrown: boolean }): Promise<{ envelope: DataEnvelope; headers: Headers }> {
  const { value, thrown } = outcome;
  if (value instanceof Response) return { envelope: await fromResponse(value, thrown), headers: new Headers() };
  if (isDataWithInit(value)) {
    const status = value.init?.status ?? 200;
    const headers = new Headers(value.init?.headers);
    // Returned (not thrown) with a 4xx/5xx status, e.g. a form's 422: it is still the action's data for the page.
    if (thrown) return { envelope: { kind: 'error', status, statusText: value.init?.statusText ?? '', data: value.data }, headers };
    return { envelope: { kind: 'data', status, data: value.data }, headers };
  }
  if (thrown) throw value; // a real failure: the caller logs it and answers 500
  return { envelope: { kind: 'data', status: 200, data: value ?? null }, headers: new Headers() };
}

/**
 * Runs the loader (GET) or action (POST) of one route for a data request
 * (`?_data=<route id>`), the way the router would run it during a render.
 */
export async function runDataRequest(routes: RouteObject[], routeId: string, request: Request, context: RouterContextProvider) {
  const url = new URL(request.url);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const match = matches.find((m) => m.route.id === routeId);
  if (!match) return { envelope: { kind: 'error', status: 404, statusText: 'Not Found', data: null } satisfies DataEnvelope, headers: new Headers() };
  const route = match.route;
  if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
  const fn = (request.method === 'GET' || request.method === 'HEAD' ? route.loader : route.action) as LoaderFunction | undefined;
  if (typeof fn !== 'function') {
    return { envelope: { kind: 'error', status: 405, statusText: 'Method Not Allowed', data: null } satisfies DataEnvelope, headers: new Headers() };
  }
  let outcome: { value: unknown; thrown: boolean };
  try {
    outcome = { value: await fn({ request, params: match.params, context, pattern: route.path ?? '', url } as Parameters<LoaderFunction>[0]), thrown: false };
  } catch (error) {
    outcome = { value: error, thrown: true };
  }
  return toEnvelope(outcome);
}
