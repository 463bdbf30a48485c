import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

interface Rules {
  requestKind(url: URL, method: string, mode: string, accept: string | null): 'asset' | 'page' | null;
  mayStore(kind: 'asset' | 'page', status: number, type: string, cacheControl: string | null, contentType: string | null): boolean;
  VERSION: string;
  ASSETS: string;
  PAGES: string;
}

/** Runs public/sw.js as a browser would, registered as /sw.js?v=<version>, and returns its rules. */
function loadWorker(version: string, globals: Record<string, unknown> = {}) {
  const listeners: Record<string, unknown> = {};
  const self = {
    location: new URL(`https://clinic.example/sw.js?v=${version}`),
    addEventListener: (type: string, fn: unknown) => (listeners[type] = fn),
  } as { __swRules?: Rules; location: URL; addEventListener: unknown };
  vm.runInNewContext(readFileSync('public/sw.js', 'utf8'), { self, URL, Promise, ...globals });
  return { rules: self.__swRules!, listeners };
}

const { rules, listeners } = loadWorker('BeEdTUMY');
const at = (path: string) => new URL(path, 'https://clinic.example');
const page = (path: string, method = 'GET') => rules.requestKind(at(path), method, 'navigate', 'text/html');

describe('service worker rules (public/sw.js)', () => {
  it('keeps hashed assets and the pages a visitor has seen', () => {
    expect(rules.requestKind(at('/assets/entry-BeEdTUMY.js'), 'GET', 'cors', '*/*')).toBe('asset');
    expect(page('/')).toBe('page');
    expect(page('/about')).toBe('page');
    expect(page('/blog-details/2?x=1')).toBe('page');
    expect(rules.mayStore('page', 200, 'basic', 'public, max-age=0, s-maxage=60, must-revalidate', 'text/html; charset=utf-8')).toBe(true);
    expect(rules.mayStore('page', 200, 'basic', 'no-cache', 'text/html; charset=utf-8')).toBe(true);
    expect(rules.mayStore('asset', 200, 'basic', 'public, max-age=31536000, immutable', 'text/javascript')).toBe(true);
  });

  it('never keeps staff pages, the API, data requests or form results', () => {
    expect(page('/staff')).toBeNull();
    expect(page('/staff/requests/12')).toBeNull();
    expect(rules.requestKind(at('/api/session'), 'GET', 'cors', 'application/json')).toBeNull();
    expect(rules.requestKind(at('/about?_data=%2Fabout'), 'GET', 'cors', 'application/json')).toBeNull();
    expect(page('/contact', 'POST')).toBeNull();
    expect(rules.requestKind(new URL('https://other.example/x'), 'GET', 'navigate', 'text/html')).toBeNull();
    expect(page('/sw.js')).toBeNull();
  });

  it('never keeps signed-in or private answers, errors or opaque responses', () => {
    expect(rules.mayStore('page', 200, 'basic', 'private, no-store', 'text/html; charset=utf-8')).toBe(false);
    expect(rules.mayStore('page', 200, 'basic', 'no-store', 'text/html')).toBe(false);
    expect(rules.mayStore('page', 200, 'basic', 'Private', 'text/html')).toBe(false);
    expect(rules.mayStore('page', 404, 'basic', 'no-cache', 'text/html')).toBe(false);
    expect(rules.mayStore('page', 500, 'basic', 'no-store', 'text/html')).toBe(false);
    expect(rules.mayStore('page', 200, 'opaque', null, null)).toBe(false);
    expect(rules.mayStore('page', 200, 'basic', 'no-cache', 'application/json')).toBe(false);
    expect(rules.mayStore('asset', 206, 'basic', null, 'video/mp4')).toBe(false);
  });

  it('names its caches after the build, so a deploy gets new ones, and takes over at once', () => {
    expect(rules.VERSION).toBe('BeEdTUMY');
    expect(rules.ASSETS).toContain('BeEdTUMY');
    expect(rules.PAGES).toContain('BeEdTUMY');
    expect(loadWorker('NEWBUILD').rules.PAGES).not.toBe(rules.PAGES);
    const source = readFileSync('public/sw.js', 'utf8');
    expect(source).toContain('self.skipWaiting()');
    expect(source).toContain('self.clients.claim()');
    expect(source).toMatch(/caches\.delete\(n\)/);
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install', 'message']);
  });

  it('answers an asset from the network when the cache cannot be read or will not take it, and stores what it can', async () => {
    const asset = (path: string) => ({ url: `https://clinic.example${path}`, method: 'GET', mode: 'cors', headers: new Map([['Accept', '*/*']]) });
    const response = (path: string) => ({
      status: 200,
      type: 'basic',
      headers: new Map([['Content-Type', 'text/javascript'], ['Cache-Control', 'public, max-age=31536000, immutable']]),
      body: path,
      clone() {
        return { ...this, body: `${path} (copy)` };
      },
    });
    const run = async (caches: unknown, path: string) => {
      const worker = loadWorker('V2', { caches, fetch: (r: { url: string }) => Promise.resolve(response(new URL(r.url).pathname)) });
      let answer: Promise<{ body: string }> | undefined;
      const stored: Promise<unknown>[] = [];
      (worker.listeners.fetch as (e: unknown) => void)({ request: asset(path), respondWith: (p: Promise<{ body: string }>) => (answer = p), waitUntil: (p: Promise<unknown>) => stored.push(p) });
      const body = (await answer!).body;
      await Promise.all(stored);
      return body;
    };
    // A phone out of space: the cache refuses the copy; the page still gets its file.
    const full = { match: () => Promise.resolve(undefined), put: () => Promise.reject(new DOMException('quota', 'QuotaExceededError')) };
    expect(await run({ open: () => Promise.resolve(full) }, '/assets/entry-A.js')).toBe('/assets/entry-A.js');
    // No storage at all.
    expect(await run({ open: () => Promise.reject(new DOMException('denied', 'SecurityError')) }, '/assets/entry-B.js')).toBe('/assets/entry-B.js');
    // A cache that works: the copy is stored, the hit answered next time.
    const kept = new Map<string, unknown>();
    const working = { match: (r: { url: string }) => Promise.resolve(kept.get(r.url)), put: (r: { url: string }, v: unknown) => Promise.resolve(void kept.set(r.url, v)) };
    expect(await run({ open: () => Promise.resolve(working) }, '/assets/entry-C.js')).toBe('/assets/entry-C.js');
    expect(await run({ open: () => Promise.resolve(working) }, '/assets/entry-C.js')).toBe('/assets/entry-C.js (copy)');
  });

  it("fetches the files a page's loader posts into the asset cache: only this site's assets, none twice", async () => {
    const stored = new Map<string, string>([['https://clinic.example/assets/entry-A.css', 'cached']]);
    const fetched: string[] = [];
    const cache = {
      match: (url: URL) => Promise.resolve(stored.get(url.href)),
      put: (url: URL, body: string) => Promise.resolve(void stored.set(url.href, body)),
    };
    const worker = loadWorker('V1', {
      caches: { open: (name: string) => Promise.resolve(name === 'clinic-assets-V1' ? cache : null) },
      fetch: (url: URL, init: { priority?: string }) => {
        fetched.push(`${url.pathname} ${init.priority}`);
        if (url.pathname.includes('gone')) return Promise.reject(new TypeError('Failed to fetch'));
        const ok = !url.pathname.includes('missing');
        return Promise.resolve({
          status: ok ? 200 : 404,
          type: 'basic',
          headers: new Map([['Content-Type', 'text/javascript'], ['Cache-Control', 'public, max-age=31536000, immutable']]),
          body: url.pathname,
        });
      },
    });
    let done: Promise<unknown> = Promise.resolve();
    const post = (data: unknown) =>
      (worker.listeners.message as (e: { data: unknown; waitUntil(p: Promise<unknown>): void }) => void)({ data, waitUntil: (p) => (done = p) });
    post({ prefetch: ['/assets/entry-A.css', '/assets/entry-B.js', '/assets/gone-C.js', '/assets/missing-D.js', '/staff/inbox', '/api/x', 'https://elsewhere.example/assets/x.js', 42] });
    await done;
    expect(fetched).toEqual(['/assets/entry-B.js low', '/assets/gone-C.js low', '/assets/missing-D.js low']);
    expect([...stored.keys()].sort()).toEqual(['https://clinic.example/assets/entry-A.css', 'https://clinic.example/assets/entry-B.js']);
    // Anything else posted is ignored.
    fetched.length = 0;
    done = Promise.resolve();
    post('hello');
    post({ prefetch: '/assets/entry-E.js' });
    await done;
    expect(fetched).toEqual([]);
  });
});
