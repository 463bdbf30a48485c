import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';

/** An incoming id is kept when it is short and plain (a proxy's or a client's trace id); anything else is replaced. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdOf(req: Request): string {
  return (req.res?.locals.requestId as string | undefined) ?? 'unknown';
}

/** The id of a request: the incoming `X-Request-Id` if sane, otherwise a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** Gives every request an id: kept from `X-Request-Id` if sane, otherwise made; returned as a response header. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFrom(req.get('x-request-id'));
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}
