import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { acceptsEncoding } from './http/compression';

/**
 * The response cache for anonymous pages (docs/decisions/0011-page-cache.md).
 *
 * A cacheable request (anonymous GET/HEAD of a page, no data request) that misses is
 * rendered once without a nonce; the inline scripts are allowed by their sha256 hashes
 * instead, so every anonymous visitor gets the same bytes. The body is stored once per
 * encoding (identity, gzip, brotli) and served before the heavy middleware, with an
 * ETag and 304. Signed-in visitors, forms' results and private pages never come near it.
 */

/** What the render hands back for a cacheable request: the whole document, rendered without a nonce. */
export interface RenderedPage {
  status: number;
  body: Buffer;
}

/** Set on `res.locals.pageCapture` for a cacheable miss; the render calls it instead of streaming. */
export type PageCapture = (res: Response, page: RenderedPage) => void;

export interface PageCache {
  /**
   * Answers a hit on the raw request, before Express (its per-request set-up costs more than
   * sending the page); false when the request is not a hit.
   */
  serveHit(req: IncomingMessage, res: ServerResponse, onHit?: () => void): boolean;
  /** Marks a cacheable miss so the render captures it; also serves hits (when serveHit is not wired). */
  middleware: RequestHandler;
  /** Forgets every page: content changed (e.g. a comment was approved). */
  clear(): void;
  stats(): { entries: number; bytes: number; maxBytes: number; hits: number; misses: number };
}

export interface PageCacheOptions {
  /** Upper bound of stored bytes (all encodings); 0 disables the cache. */
  maxBytes: number;
  /** The largest page kept, so one page cannot push out all others; default a quarter of maxBytes. */
  maxEntryBytes?: number;
  /** Changes with every deploy (the Vite manifest's hash): part of every key and ETag. */
  buildId: string;
  /** Seconds a shared cache (CDN) may keep a page; browsers always revalidate. */
  sharedMaxAgeS?: number;
  /** How long an entry lives here: dates and other slow-moving details stay fresh. */
  ttlMs?: number;
  /** Names of the cookies that mean "signed in": such requests bypass the cache entirely. */
  sessionCookies?: readonly string[];
  now?: () => number;
}

interface Entry {
  key: string;
  /** Of the identity representation; the others add -gz / -br. */
  etag: string;
  variants: ReturnType<typeof variants>;
  bytes: number;
  expires: number;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Bodies of the inline <script> elements the browser runs (no src), as it hashes them. Data
 * blocks (JSON-LD, the session's JSON) are not run, so the CSP needs no hash for them.
 */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]!;
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(?:text|application)\/(?:java|ecma)script$/.test(type)) continue;
    out.push(m[2]!);
  }
  return out;
}

export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/**
 * The response's CSP with the nonce replaced: hashes in script-src, nothing elsewhere
 * (the inline <style> is allowed by its own hash). Works on whatever policy the security
 * middleware set, so per-route policies keep their other directives.
 */
export function cspWithHashes(csp: string, nonce: string | undefined, hashes: string): string {
  if (!nonce) return csp;
  const token = `'nonce-${nonce}'`;
  return csp
    .split(';')
    .map((d) => {
      if (!d.includes(token)) return d;
      const name = d.trim().split(/\s+/, 1)[0];
      return name === 'script-src' || name === 'script-src-elem' ? d.replace(token, hashes) : d.replace(' ' + token, '').replace(token, '');
    })
    .join(';');
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 13.1.2); the encoding suffix names one representation of the same page.
  const base = etag.slice(0, -1);
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag.startsWith(base + '-') || tag === base + '"';
  });
}

function hasCookie(headers: IncomingHttpHeaders, names: readonly string[]): boolean {
  const cookie = headers.cookie;
  if (!cookie) return false;
  return cookie.split(';').some((part) => names.includes(part.slice(0, part.indexOf('=')).trim()));
}

/** A GET/HEAD the cache may answer: no session cookie, no data request (`?_data=`). */
function cacheKey(req: IncomingMessage, url: string, sessionCookies: readonly string[]): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (hasCookie(req.headers, sessionCookies)) return null;
  const q = url.indexOf('?');
  if (q >= 0 && new URLSearchParams(url.slice(q + 1)).has('_data')) return null;
  // Long URLs are someone probing, not a page worth keeping.
  if (url.length > 512) return null;
  return url;
}

// Connection-level and per-representation headers: never stored, set per response.
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'etag', 'set-cookie', 'vary', 'cache-control', 'content-type']);

type FlatHeaders = (string | number)[];

/** The three representations and their complete header lists, built once when the page is stored. */
function variants(stored: FlatHeaders, etagBase: string, identity: Buffer, gzip: Buffer, br: Buffer, cacheControl: string) {
  const common: FlatHeaders = [...stored, 'Cache-Control', cacheControl, 'Vary', 'Cookie, Accept-Encoding'];
  const variant = (body: Buffer, encoding: string | null, suffix: string) => {
    const etag = `${etagBase}${suffix}"`;
    return {
      body,
      ok: [...common, 'ETag', etag, 'Content-Type', 'text/html; charset=utf-8', 'Content-Length', body.length, ...(encoding ? ['Content-Encoding', encoding] : [])],
      notModified: [...common, 'ETag', etag],
    };
  };
  return { identity: variant(identity, null, ''), gzip: variant(gzip, 'gzip', '-gz'), br: variant(br, 'br', '-br') };
}
type Variant = ReturnType<typeof variants>['br'];

// Browsers send a handful of distinct Accept-Encoding values: parse each once.
const codingOf = new Map<string, 'br' | 'gzip' | 'identity'>();
function coding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  let c = codingOf.get(header);
  if (c === undefined) {
    c = acceptsEncoding(header, 'br') ? 'br' : acceptsEncoding(header, 'gzip') ? 'gzip' : 'identity';
    if (codingOf.size < 100) codingOf.set(header, c);
  }
  return c;
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry) {
  const v: Variant = entry.variants[coding(req.headers['accept-encoding'])];
  if (req.headers['if-none-match'] !== undefined && etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, v.notModified);
    res.end();
  } else {
    res.writeHead(200, v.ok);
    if (req.method === 'HEAD') res.end();
    else res.end(v.body);
  }
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { maxBytes, buildId } = options;
  const maxEntryBytes = options.maxEntryBytes ?? maxBytes / 4;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const sessionCookies = options.sessionCookies ?? ['session', '__Host-session'];
  const cacheControl = `public, max-age=0, s-maxage=${options.sharedMaxAgeS ?? 60}, must-revalidate`;
  // A Map iterates in insertion order: re-inserting on a hit makes it an LRU.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  // Bumped by clear(): a render that started before it must not store stale content.
  let generation = 0;
  // Pages being rendered and compressed for the cache, by key. Visitors who miss while one is
  // under way wait for it instead of rendering and compressing (brotli 11: ~0.1 s of CPU on a
  // 90 kB page) the same page again: at a cold start under load every miss used to start its
  // own compression, the thread pool fell behind and every answer waited seconds.
  const inflight = new Map<string, Promise<Entry | null>>();

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  };

  const store = (entry: Entry) => {
    remove(entry.key);
    if (entry.bytes > maxEntryBytes) return;
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(key);
    }
  };

  const csp = (res: Response, hashes: string) => {
    const current = res.getHeader('Content-Security-Policy');
    return typeof current === 'string' ? cspWithHashes(current, res.locals.cspNonce as string | undefined, hashes) : undefined;
  };

  /** The fresh entry for this request, or null; a stale one is dropped. */
  const lookup = (key: string): Entry | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    entries.delete(key);
    if (entry.expires <= now()) {
      bytes -= entry.bytes;
      return null;
    }
    entries.set(key, entry); // most recently used
    return entry;
  };

  const serveHit = (req: IncomingMessage, res: ServerResponse, onHit?: () => void): boolean => {
    if (maxBytes <= 0 || !req.url) return false;
    const url = cacheKey(req, req.url, sessionCookies);
    const entry = url === null ? null : lookup(`${buildId}\0${url}`);
    if (!entry) return false;
    hits++;
    onHit?.();
    send(req, res, entry);
    return true;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (maxBytes <= 0) return next();
    const url = cacheKey(req, req.originalUrl, sessionCookies);
    if (url === null) return next();
    const key = `${buildId}\0${url}`;
    const entry = lookup(key);
    if (entry) {
      hits++;
      send(req, res, entry);
      return;
    }
    if (req.method !== 'GET') {
      misses++;
      return next(); // a HEAD miss renders the usual way and stores nothing
    }
    const pending = inflight.get(key);
    if (pending) {
      // Served with the page being stored, or rendered as usual if it is not stored after all.
      pending.then(
        (stored) => {
          if (stored && !res.headersSent) {
            hits++;
            send(req, res, stored);
          } else {
            misses++;
            next();
          }
        },
        () => next(),
      );
      return;
    }
    misses++;
    let settle: (entry: Entry | null) => void = () => {};
    const inProgress = new Promise<Entry | null>((resolve) => (settle = resolve));
    inflight.set(key, inProgress);
    const done = (entry: Entry | null) => {
      if (inflight.get(key) === inProgress) inflight.delete(key);
      settle(entry);
    };
    // Whatever happens to this response (not stored, an error, the visitor gone), waiters go on.
    res.once('close', () => done(null));
    const startedIn = generation;
    // Headers set before this middleware (e.g. a request id) are set again on every hit: not stored.
    const before = new Set(res.getHeaderNames());
    const capture: PageCapture = (response, page) => {
      const html = page.body.toString('utf8');
      const hashes = [...new Set(inlineScripts(html).map(scriptHash))].join(' ');
      const policy = csp(response, hashes);
      if (policy) response.setHeader('Content-Security-Policy', policy);
      const control = String(response.getHeader('Cache-Control') ?? '');
      const storable = page.status === 200 && !response.hasHeader('Set-Cookie') && !/private|no-store/.test(control) && startedIn === generation;
      if (!storable) {
        done(null);
        // Rendered without a nonce all the same: sent with the hashes, compressed by the usual middleware.
        response.status(page.status).end(page.body);
        return;
      }
      // What the security middleware and the route set for this URL, with hashes for the nonce.
      const stored: FlatHeaders = [];
      for (const [name, value] of Object.entries(response.getHeaders())) {
        if (value === undefined || before.has(name) || TRANSPORT_HEADERS.has(name)) continue;
        stored.push(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const hash = createHash('sha256').update(buildId).update(page.body).digest('base64url').slice(0, 22);
      Promise.all([
        gzip(page.body, { level: 9 }),
        brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length } }),
      ]).then(
        ([gz, br]) => {
          const fresh: Entry = {
            key,
            etag: `"${hash}"`,
            variants: variants(stored, `"${hash}`, page.body, gz, br, cacheControl),
            bytes: page.body.length + gz.length + br.length + key.length + 2 * (policy?.length ?? 0) + 600,
            expires: now() + ttlMs,
          };
          if (startedIn === generation) store(fresh);
          done(startedIn === generation ? fresh : null);
          for (const name of response.getHeaderNames()) if (!before.has(name)) response.removeHeader(name);
          send(req, response, fresh);
        },
        (error: unknown) => {
          done(null);
          next(error);
        },
      );
    };
    res.locals.pageCapture = capture;
    next();
  };

  return {
    serveHit,
    middleware,
    clear() {
      entries.clear();
      bytes = 0;
      generation++;
    },
    stats: () => ({ entries: entries.size, bytes, maxBytes, hits, misses }),
  };
}
