import { data, redirect, redirectDocument } from 'react-router';

/**
 * The data-request protocol, both ends in one module: after hydration the browser asks the
 * server to run one route's loader (GET) or action (POST) with `?_data=<route id>`
 * (client/server-data.ts), and the server answers with a JSON envelope of what the function
 * returned or threw (server/platform/render/data-endpoint.ts). The browser turns the envelope
 * back into the same return or throw, so its router behaves as the server's did.
 */
export const DATA_PARAM = '_data';

export type DataEnvelope =
  | { kind: 'data'; status: number; data: unknown }
  /** `document`: the next page is loaded as a new document (React Router's redirectDocument), not rendered in place. */
  | { kind: 'redirect'; status: number; location: string; document?: true }
  | { kind: 'error'; status: number; statusText: string; data: unknown };

export function isEnvelope(value: unknown): value is DataEnvelope {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'data' || kind === 'redirect' || kind === 'error';
}

/** The URL of a data request for `routeId` at the page's own address. */
export function dataRequestUrl(pageUrl: string, routeId: string): URL {
  const url = new URL(pageUrl);
  url.searchParams.set(DATA_PARAM, routeId);
  return url;
}

/** A form's fields as the one body encoding the server reads (application/x-www-form-urlencoded; files are not sent). */
export function encodeForm(form: FormData): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === 'string') body.append(key, value);
  return body;
}

interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

/** React Router's mark on a redirect the browser must follow with a new document (`redirectDocument`). */
const RELOAD_DOCUMENT = 'X-Remix-Reload-Document';

async function fromResponse(response: Response, thrown: boolean): Promise<DataEnvelope> {
  const location = response.headers.get('Location');
  if (response.status >= 300 && response.status < 400 && location) {
    return { kind: 'redirect', status: response.status, location, ...(response.headers.has(RELOAD_DOCUMENT) ? { document: true as const } : {}) };
  }
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

/** The server's end: what a loader or action returned or threw, as an envelope, with the headers it asked for. */
export async function toEnvelope(outcome: { value: unknown; thrown: boolean }): Promise<{ envelope: DataEnvelope; headers: Headers }> {
  const { value, thrown } = outcome;
  if (value instanceof Response) {
    // Its own headers go with it (a redirect's Cache-Control, a cookie it sets), but not its body's or where it leads.
    const headers = new Headers(value.headers);
    for (const name of ['location', 'content-type', 'content-length', RELOAD_DOCUMENT]) headers.delete(name);
    return { envelope: await fromResponse(value, thrown), headers };
  }
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

/** The browser's end: the envelope back into what the function returned, or thrown as it threw. */
export function fromEnvelope(envelope: DataEnvelope): unknown {
  switch (envelope.kind) {
    case 'redirect':
      throw (envelope.document ? redirectDocument : redirect)(envelope.location, envelope.status);
    case 'error':
      throw data(envelope.data, { status: envelope.status, statusText: envelope.statusText });
    default:
      return envelope.status === 200 ? envelope.data : data(envelope.data, { status: envelope.status });
  }
}
