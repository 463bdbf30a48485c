import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';

/** An incoming id is kept when it is short and plain (a proxy's or a client's trace id); anything else is replaced. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdOf(req: Request): string {
  return (req.res?.locals.requestId as string | undefined) ?? 'unknown';
}

/** Gives every request an id: kept from `X-Request-Id` if sane, otherwise made; returned as a response header. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}
