import { readdirSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import type { RequestHandler } from 'express';

/** Whether an `Accept-Encoding` header accepts a coding (listed, and not with q=0). */
export function acceptsEncoding(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if ((name ?? '').trim().toLowerCase() !== coding) continue;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  }
  return false;
}

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
 * server/platform/page-cache.ts). Pages rendered per request, data requests and the other dynamic
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

/** The types of the files the build precompresses (vite.config.ts, precompressAssets). */
const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/**
 * The hashed assets as the build compressed them (brotli 11 and gzip 9 files beside each one):
 * smaller than per-response compression at brotli 4 and free of CPU per request. Mounted at
 * /assets before the static files; a file without a compressed copy, or a browser that accepts
 * neither coding, falls through to them.
 */
export function precompressedAssets(assetsDir: string, maxAgeMs: number): RequestHandler {
  let names: Set<string>;
  try {
    names = new Set(readdirSync(assetsDir));
  } catch {
    names = new Set();
  }
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = PRECOMPRESSED_TYPES[path.extname(name)];
    if (!type || name.includes('/') || !names.has(name)) return next();
    const hasBr = names.has(`${name}.br`);
    const hasGz = names.has(`${name}.gz`);
    if (!hasBr && !hasGz) return next();
    res.vary('Accept-Encoding');
    const accept = req.headers['accept-encoding'];
    const coding = hasBr && acceptsEncoding(accept, 'br') ? 'br' : hasGz && acceptsEncoding(accept, 'gzip') ? 'gzip' : null;
    if (!coding) return next();
    res.sendFile(
      `${name}.${coding === 'br' ? 'br' : 'gz'}`,
      { root: assetsDir, immutable: true, maxAge: maxAgeMs, headers: { 'Content-Type': type, 'Content-Encoding': coding } },
      (error?: Error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  };
}
