import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { DATA_PARAM } from '../../../shared/platform/data-protocol';

/**
 * A fetch Request for React Router, aborted when the client goes away. The origin is fixed:
 * the Host header is not trusted. A form's body is handed on as the bytes that arrived (read
 * once, within the body limit, by the composition's raw parser); the action parses it.
 */
export function toFetchRequest(req: ExpressRequest, signal: AbortSignal): Request {
  // Prefixed rather than resolved: '//host/x' or '//[' must stay a path, not become another origin or a thrown error.
  const target = req.originalUrl.startsWith('/') ? req.originalUrl : `/${req.originalUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')}`;
  const url = new URL(`http://localhost${target}`);
  url.searchParams.delete(DATA_PARAM);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const init: RequestInit = { method: req.method, headers, signal };
  if (req.method === 'POST') {
    init.body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
    headers.delete('content-length');
    headers.delete('transfer-encoding');
  }
  return new Request(url, init);
}

/**
 * A loader's or action's headers onto the Express response (not its body's type and length):
 * each Set-Cookie kept as its own header, the others set.
 */
export function copyHeaders(res: ExpressResponse, headers: Headers) {
  headers.forEach((value, key) => {
    if (key !== 'content-type' && key !== 'content-length' && key !== 'set-cookie') res.setHeader(key, value);
  });
  for (const cookie of headers.getSetCookie()) res.append('Set-Cookie', cookie);
}
