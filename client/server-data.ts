import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { RouteDataBinder } from '../shared/routes';

/** Mirrors server/route-data.ts's DataEnvelope: what a data request answers. */
type DataEnvelope =
  | { kind: 'data'; status: number; data: unknown }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'error'; status: number; statusText: string; data: unknown };

const DATA_PARAM = '_data';

function isEnvelope(value: unknown): value is DataEnvelope {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'data' || kind === 'redirect' || kind === 'error';
}

/**
 * Asks the server to run this route's loader (GET) or action (POST) and turns the
 * answer back into what the function returned or threw, so the router behaves as on
 * the server. The logic itself never ships to the browser.
 */
async function callServer(request: Request, routeId: string): Promise<unknown> {
  const url = new URL(request.url);
  url.searchParams.set(DATA_PARAM, routeId);
  const init: RequestInit = { method: request.method, signal: request.signal, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const body = new URLSearchParams();
    for (const [key, value] of await request.formData()) if (typeof value === 'string') body.append(key, value);
    init.body = body;
  }
  let response: Response;
  let envelope: unknown;
  try {
    response = await fetch(url, init);
    envelope = await response.json();
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw data({ message: 'We could not reach the server. Please check your connection and try again.' }, { status: 503, statusText: 'Service Unavailable' });
  }
  if (!isEnvelope(envelope)) throw data(null, { status: response.status || 500, statusText: response.statusText });
  switch (envelope.kind) {
    case 'redirect':
      throw redirect(envelope.location, envelope.status);
    case 'error':
      throw data(envelope.data, { status: envelope.status, statusText: envelope.statusText });
    default:
      return envelope.status === 200 ? envelope.data : data(envelope.data, { status: envelope.status });
  }
}

/** Every page has a server action; a page has a server loader when its route-table entry says so. */
export const clientBinder: RouteDataBinder = ({ id, serverLoader }) => ({
  action: ({ request }: ActionFunctionArgs) => callServer(request, id),
  ...(serverLoader ? { loader: ({ request }: LoaderFunctionArgs) => callServer(request, id) } : {}),
});
