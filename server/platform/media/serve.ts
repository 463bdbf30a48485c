/**
 * GET and HEAD `/media/<key>`: a stored file, streamed from the media store.
 *
 * API: `mediaHandler({ store, logger })` → an Express handler to mount with
 * `app.use('/media', mediaHandler({ store, logger }))` (before the page renderer: it answers
 * everything under /media itself, so no path there ever reaches the pages).
 *
 * - Only keys the store makes (`isMediaKey`: a content hash, or a picture's id and a width, and
 *   an extension) are looked up; anything else, `/media/` itself included (no listing), is a 404
 *   without touching the store.
 * - A key is made from content (the file's, or the uploaded picture's) and written once, never
 *   replaced (store.ts), so a file never changes: `Cache-Control: public,
 *   max-age=31536000, immutable`, a strong ETag from the key, Last-Modified from the store.
 *   A conditional GET (If-None-Match / If-Modified-Since) that matches is a 304; HEAD sends the
 *   headers only. Neither reads the file.
 * - Content-Type is the stored type (from the key the store made when it received the bytes),
 *   with `X-Content-Type-Options: nosniff`: a file is never run as anything else.
 * - Other methods: 405 with `Allow: GET, HEAD`. The store failing: 503, logged.
 */
import type { Request, RequestHandler, Response } from 'express';
import { isMediaKey } from '../../../shared/platform/media';
import { errorFields } from '../http/error-fields';
import type { Logger } from '../http/logger';
import { requestIdOf } from '../http/request-id';
import { IMMUTABLE } from './s3-store';
import type { MediaInfo, MediaStore } from './store';

/** A short plain answer (res.end, not send: no ETag for an error). */
function plain(res: Response, status: number, text: string) {
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(text);
}

function describe(res: Response, info: MediaInfo) {
  res.setHeader('Content-Type', info.type);
  res.setHeader('Content-Length', String(info.size));
  res.setHeader('Cache-Control', IMMUTABLE);
  // The whole key: a picture's AVIF and WebP copies at one width share all but the extension.
  res.setHeader('ETag', `"${info.key}"`);
  res.setHeader('Last-Modified', info.lastModified.toUTCString());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // An image is never a document: nothing in it may run, even opened on its own.
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
}

const isConditional = (req: Request) => Boolean(req.headers['if-none-match'] || req.headers['if-modified-since']);

export function mediaHandler({ store, logger }: { store: MediaStore; logger: Logger }): RequestHandler {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      plain(res, 405, 'Method Not Allowed');
      return;
    }
    const key = req.path.slice(1);
    if (!isMediaKey(key)) {
      plain(res, 404, 'Not Found');
      return;
    }
    try {
      if (req.method === 'HEAD' || isConditional(req)) {
        const info = await store.stat(key);
        if (!info) return plain(res, 404, 'Not Found');
        describe(res, info);
        if (req.fresh) {
          res.removeHeader('Content-Length');
          res.status(304).end();
          return;
        }
        if (req.method === 'HEAD') {
          res.status(200).end();
          return;
        }
      }
      const object = await store.get(key);
      if (!object) return plain(res, 404, 'Not Found');
      describe(res, object);
      res.status(200);
      object.body.on('error', (error) => {
        logger.error('media read failed', { requestId: requestIdOf(req), key, ...errorFields(error) });
        res.destroy();
      });
      res.on('close', () => object.body.destroy());
      object.body.pipe(res);
    } catch (error) {
      logger.error('media store failed', { requestId: requestIdOf(req), key, ...errorFields(error) });
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.removeHeader('ETag');
      res.removeHeader('Last-Modified');
      res.removeHeader('Content-Length');
      plain(res, 503, 'Service Unavailable');
    }
  };
}
