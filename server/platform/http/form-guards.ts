import type { RequestHandler } from 'express';
import { isCrossSite } from './security';

/** A form is read as UTF-8: a body that names another charset is refused rather than misread. */
function utf8(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  return !charset || /^utf-?8$/i.test(charset);
}

/**
 * What pages and data requests accept, decided before anything is read: GET, HEAD and POST
 * only; a POST carries a form (url-encoded) and comes from this site.
 */
export function pageRequestGuards(): RequestHandler {
  return (req, res, next) => {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) {
      res.setHeader('Allow', 'GET, HEAD, POST');
      res.status(405).type('text/plain').send('Method Not Allowed');
      return;
    }
    if (req.method === 'POST' && (!req.is('application/x-www-form-urlencoded') || !utf8(req.headers['content-type']))) {
      res.status(415).type('text/plain').send('Unsupported Media Type');
      return;
    }
    if (req.method === 'POST' && isCrossSite(req)) {
      res.status(403).type('text/plain').send('Forbidden');
      return;
    }
    next();
  };
}

/**
 * A form body that does not decode (a `%` not followed by two hex digits, bytes that are not
 * UTF-8) is the client's mistake: 400, before any action reads it.
 */
export function wellFormedFormBody(): RequestHandler {
  return (req, res, next) => {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) return next();
    const text = req.body.toString('latin1');
    try {
      for (const part of text.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      res.status(400).type('text/plain').send('Bad Request');
      return;
    }
    next();
  };
}
