import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { RouteDataBinder } from '../shared/app/routes';
import { dataRequestUrl, encodeForm, fromEnvelope, isEnvelope } from '../shared/platform/data-protocol';

/**
 * Asks the server to run this route's loader (GET) or action (POST) and turns the answer back
 * into what the function returned or threw (shared/platform/data-protocol.ts), so the router
 * behaves as on the server. The logic itself never ships to the browser.
 */
async function callServer(request: Request, routeId: string): Promise<unknown> {
  const init: RequestInit = { method: request.method, signal: request.signal, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = encodeForm(await request.formData());
  let response: Response;
  let envelope: unknown;
  try {
    response = await fetch(dataRequestUrl(request.url, routeId), init);
    envelope = await response.json();
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw data({ message: 'We could not reach the server. Please check your connection and try again.' }, { status: 503, statusText: 'Service Unavailable' });
  }
  if (!isEnvelope(envelope)) throw data(null, { status: response.status || 500, statusText: response.statusText });
  return fromEnvelope(envelope);
}

/** A page has a server loader or action when its routes entry says so. */
export const clientBinder: RouteDataBinder = ({ id, serverLoader, serverAction }) => ({
  ...(serverAction ? { action: ({ request }: ActionFunctionArgs) => callServer(request, id) } : {}),
  ...(serverLoader ? { loader: ({ request }: LoaderFunctionArgs) => callServer(request, id) } : {}),
});
