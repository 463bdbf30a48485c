import compression from 'compression';
import type { RequestHandler } from 'express';

/** `Accept-Encoding` without its `br` entries ('identity' when nothing is left). */
export function withoutBrotli(acceptEncoding: string): string {
  const kept = acceptEncoding
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && (part.split(';')[0] ?? '').trim().toLowerCase() !== 'br');
  return kept.length > 0 ? kept.join(', ') : 'identity';
}

/**
 * Compression of what is compressed per response (the cached pages are stored compressed,
 * server/page-cache.ts). Pages rendered per request, data requests and the other dynamic
 * answers go out as gzip even when the browser also accepts brotli: at the level the
 * `compression` package uses for a stream (quality 4) brotli gives the same size as gzip 6
 * on our pages (home: 16,160 against 16,211 bytes), but every brotli stream allocates
 * megabytes of native memory that V8 counts as external memory, and with 50 renders in
 * flight the garbage collector ran on every core: 7.8 ms of CPU per uncached `/` against
 * 4.1 ms with gzip (docs/decisions/0016-dynamic-compression.md). The hashed assets under
 * /assets/ keep brotli.
 */
export function responseCompression(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    const accept = req.headers['accept-encoding'];
    if (typeof accept === 'string' && !req.path.startsWith('/assets/') && /\bbr\b/i.test(accept)) {
      req.headers['accept-encoding'] = withoutBrotli(accept);
    }
    compress(req, res, next);
  };
}
