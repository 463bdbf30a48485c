import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { matchRoutes, type LoaderFunction, type RouteObject, type RouterContextProvider } from 'react-router';
import { toEnvelope, type DataEnvelope } from '../../../shared/platform/data-protocol';
import type { SessionUser } from '../../../shared/platform/session';
import type { Logger } from '../http/logger';
import { errorFields } from '../http/error-fields';
import { requestIdOf } from '../http/request-id';
import { copyHeaders, toFetchRequest } from './fetch-request';

export interface DataEndpointDeps {
  /** The static handler's routes (`handler.dataRoutes`), shared with the page renderer. */
  routes: RouteObject[];
  logger: Logger;
  getUser: (req: ExpressRequest) => Promise<SessionUser | null>;
  context: (req: ExpressRequest, user: SessionUser | null) => RouterContextProvider;
  /** Made ready before the loader or action runs, as for a page (the renderer's shell). */
  prepare?: (req: ExpressRequest, user: SessionUser | null) => Promise<void>;
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

/** `?_data=<route id>`: that route's loader (GET) or action (POST), answered as a JSON envelope (shared/platform/data-protocol.ts). */
export function createDataEndpoint(deps: DataEndpointDeps) {
  return async (req: ExpressRequest, res: ExpressResponse, routeId: string, signal: AbortSignal): Promise<void> => {
    // Data depends on who asks: never cached, never shared.
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Vary', 'Cookie');
    try {
      const user = await deps.getUser(req);
      await deps.prepare?.(req, user);
      const { envelope, headers } = await runDataRequest(deps.routes, routeId, toFetchRequest(req, signal), deps.context(req, user));
      if (signal.aborted) return;
      copyHeaders(res, headers);
      res.status(envelope.kind === 'redirect' ? 200 : envelope.status).json(envelope);
    } catch (error) {
      if (signal.aborted) return;
      deps.logger.error('data request failed', { requestId: requestIdOf(req), path: req.path, route: routeId, ...errorFields(error) });
      res.status(500).json({ kind: 'error', status: 500, statusText: 'Internal Server Error', data: null });
    }
  };
}
