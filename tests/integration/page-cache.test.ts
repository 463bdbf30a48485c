import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { data, type RouteObject, type RouterContextProvider } from 'react-router';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createStylePruner } from '../../server/platform/render/critical-css';
import { EARLY_FONTS } from '../../server/platform/render/document';
import { createPageCache, cspWithHashes } from '../../server/platform/page-cache';
import { platformContext } from '../../server/platform/render/route-context';
import { createServerRoutes } from '../../server/app/routes';
import type { SessionUser } from '../../shared/platform/session';
import { makeTestApp } from '../support/test-app';

const patient: SessionUser = { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' };

/** Who is signed in: the patient when the request carries a session cookie (what server/platform/session/session.ts does, minus Firebase). */
const getUser = async (req: { headers: { cookie?: string } }) => (/(^|;\s*)session=/.test(req.headers.cookie ?? '') ? patient : null);

function setup(options: { maxBytes?: number; maxEntryBytes?: number; routes?: RouteObject[]; getUser?: typeof getUser } = {}) {
  const cache = createPageCache({ maxBytes: options.maxBytes ?? 8 * 1024 * 1024, buildId: 'test-build', ...(options.maxEntryBytes ? { maxEntryBytes: options.maxEntryBytes } : {}) });
  const app = makeTestApp({ pageCache: cache, getUser: options.getUser ?? getUser, ...(options.routes ? { routes: options.routes } : {}) });
  return { cache, app };
}

const scriptSrc = (csp: string | undefined) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp ?? '')?.[1] ?? '';
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!));
/** Inline scripts the browser runs; data blocks (`type="application/…json"`) are not run and need no hash. */
const inlineScriptBodies = (html: string) => inlineScripts(html).filter((m) => !/\btype="application\/(?:ld\+)?json"/.test(m[1]!)).map((m) => m[2]!);
const dataBlockBodies = (html: string) => inlineScripts(html).filter((m) => /\btype="application\/(?:ld\+)?json"/.test(m[1]!)).map((m) => m[2]!);
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('page cache', () => {
  it('two anonymous visitors get the same bytes, and every inline script is allowed by its hash in an enforced CSP', async () => {
    const { cache, app } = setup();
    const first = await request(app).get('/about');
    const second = await request(app).get('/about');
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
    expect(second.text).toBe(first.text);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      const csp = res.headers['content-security-policy'] as string;
      const sources = scriptSrc(csp);
      expect(sources).not.toMatch(/unsafe-inline|nonce-/);
      const bodies = inlineScriptBodies(res.text);
      expect(bodies.length).toBeGreaterThanOrEqual(1); // the router's hydration data
      for (const body of bodies) expect(sources).toContain(sha256(body));
      // The session's JSON is a data block: not run, so not listed (a shorter header on every page).
      const data = dataBlockBodies(res.text);
      expect(data.length).toBeGreaterThanOrEqual(1);
      for (const body of data) expect(sources).not.toContain(sha256(body));
      expect(res.text).not.toMatch(/<script[^>]*nonce=/);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
      // The other security headers are kept on a hit.
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('visitors who miss while the page is being rendered and compressed wait for it: one render, one compression', async () => {
    const { cache, app } = setup();
    const agent = request(app);
    const responses = await Promise.all(Array.from({ length: 6 }, () => agent.get('/about').set('Accept-Encoding', 'gzip, br')));
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1, hits: 5 });
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(responses[0]!.text);
      // The same stored page (each coding has its own ETag suffix).
      expect(String(res.headers.etag).replace(/-(gz|br)"$/, '"')).toBe(String(responses[0]!.headers.etag).replace(/-(gz|br)"$/, '"'));
    }
    // A page that is not stored (a 404) lets the waiters render for themselves.
    const missing = await Promise.all(Array.from({ length: 3 }, () => agent.get('/no-such-page')));
    expect(missing.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 4 });
  });

  it('answers If-None-Match with 304 and no body; HEAD is served from the cache', async () => {
    const { app } = setup();
    const first = await request(app).get('/contact');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request(app).get('/contact').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await request(app).get('/contact').set('If-None-Match', '"something-else"');
    expect(other.status).toBe(200);
    const head = await request(app).head('/contact').set('Accept-Encoding', 'gzip');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('a signed-in visitor is never served from the cache, and their page is never stored', async () => {
    const { cache, app } = setup();
    await request(app).get('/'); // an anonymous copy is stored
    expect(cache.stats().entries).toBe(1);
    const signedIn = await request(app).get('/').set('Cookie', 'session=abc');
    expect(signedIn.text).toContain('Amina Bello');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(scriptSrc(signedIn.headers['content-security-policy'])).toMatch(/'nonce-[^']+'/);
    expect(signedIn.headers.etag).toBeUndefined();
    const other = await request(app).get('/about').set('Cookie', 'theme=dark; session=abc');
    expect(other.text).toContain('Amina Bello');
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 0 });
    // Anonymous visitors still get the anonymous copy.
    const anonymous = await request(app).get('/');
    expect(anonymous.text).not.toContain('Amina Bello');
  });

  it('a page rendered for a signed-in visitor is not stored even when the cookie check misses them', async () => {
    // getUser finds a user without the usual cookie (e.g. another sign-in scheme): the render says private.
    const { cache, app } = setup({ getUser: async () => patient });
    const res = await request(app).get('/about');
    expect(res.text).toContain('Amina Bello');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(cache.stats().entries).toBe(0);
  });

  it('clear() empties the cache (a comment was approved); the next visitor gets a fresh render', async () => {
    const { cache, app } = setup();
    await request(app).get('/');
    await request(app).get('/about');
    expect(cache.stats().entries).toBe(2);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    await request(app).get('/');
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 0, misses: 3 });
  });

  it('exposes emptying the cache to loaders and actions through the services (onContentChange)', async () => {
    let seen: (() => void) | undefined;
    const routes = createServerRoutes({
      modules: {
        'requests/staff': {
          loader: ({ context }) => {
            seen = (context as RouterContextProvider).get(platformContext).onContentChange;
            return null;
          },
        },
      },
    });
    const { cache, app } = setup({ routes, getUser: async (req) => ((req as unknown as { path: string }).path.startsWith('/staff') ? { ...patient, role: 'staff' } : null) });
    await request(app).get('/');
    expect(cache.stats().entries).toBe(1);
    await request(app).get('/staff');
    expect(typeof seen).toBe('function');
    seen!();
    expect(cache.stats().entries).toBe(0);
  });

  it('never stores responses that set a cookie, data requests or non-200 answers', async () => {
    const routes: RouteObject[] = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'cookie', path: '/cookie', loader: () => data(null, { headers: { 'Set-Cookie': 'seen=1; Path=/' } }), Component: () => createElement('p', null, 'cookie page') },
          { id: 'plain', path: '/plain', action: () => null, Component: () => createElement('p', null, 'plain page') },
          { id: 'missing', path: '*', loader: () => { throw data(null, { status: 404 }); }, Component: () => null, ErrorBoundary: () => createElement('p', null, 'not here') },
        ],
      },
    ];
    const { cache, app } = setup({ routes });
    const cookie = await request(app).get('/cookie');
    expect(cookie.headers['set-cookie']).toBeDefined();
    await request(app).get('/cookie');
    expect(cache.stats().entries).toBe(0);

    const dataRequest = await request(app).get('/plain?_data=plain');
    expect(dataRequest.headers['cache-control']).toBe('private, no-store');
    expect(cache.stats().entries).toBe(0);

    const missing = await request(app).get('/nowhere');
    expect(missing.status).toBe(404);
    // Rendered without a nonce like every cacheable request, so it carries hashes.
    for (const body of inlineScriptBodies(missing.text)) expect(scriptSrc(missing.headers['content-security-policy'])).toContain(sha256(body));
    expect(cache.stats().entries).toBe(0);

    await request(app).get('/plain');
    expect(cache.stats().entries).toBe(1);
    const post = await request(app).post('/plain').type('form').send({ a: '1' });
    expect(post.headers.etag).toBeUndefined();
  });

  it('evicts the least recently used pages when the bytes run out', async () => {
    const probe = setup();
    const sizes: Record<string, number> = {};
    for (const path of ['/about', '/contact', '/privacy']) {
      const before = probe.cache.stats().bytes;
      await request(probe.app).get(path);
      sizes[path] = probe.cache.stats().bytes - before;
    }
    const room = sizes['/about']! + sizes['/contact']! + Math.min(...Object.values(sizes)) - 1; // two pages, not three
    const { cache, app } = setup({ maxBytes: room, maxEntryBytes: room });
    await request(app).get('/about');
    await request(app).get('/contact');
    await request(app).get('/about'); // now /contact is the least recently used
    expect(cache.stats()).toMatchObject({ entries: 2, hits: 1 });
    await request(app).get('/privacy');
    expect(cache.stats().bytes).toBeLessThanOrEqual(room);
    const hitsBefore = cache.stats().hits;
    await request(app).get('/about');
    expect(cache.stats().hits).toBe(hitsBefore + 1);
    await request(app).get('/contact');
    expect(cache.stats().hits).toBe(hitsBefore + 1); // evicted: rendered again
  });

  it('puts hashes in script-src only and drops the unused nonce elsewhere', () => {
    const csp = "default-src 'self';script-src 'self' 'nonce-abc' https://apis.google.com;script-src-attr 'none';style-src 'self' 'nonce-abc'";
    expect(cspWithHashes(csp, 'abc', "'sha256-x'")).toBe("default-src 'self';script-src 'self' 'sha256-x' https://apis.google.com;script-src-attr 'none';style-src 'self'");
  });

  it("the page's inline <style> (production assets) is allowed by its hash, on a miss, a hit and a signed-in page", async () => {
    const css = '.hero{color:#0e5a63}';
    const hash = sha256(css);
    const cache = createPageCache({ maxBytes: 8 * 1024 * 1024, buildId: 'test-build' });
    const app = makeTestApp({
      pageCache: cache,
      getUser,
      assets: { forPages: () => ({ entryScripts: ['/assets/entry.js'], preloads: [], styles: ['/assets/entry.css'], inlineStyle: { css, hash } }) },
    });
    const styleSrc = (csp: string | undefined) => /(?:^|;)\s*style-src ([^;]*)/.exec(csp ?? '')?.[1] ?? '';
    const miss = await request(app).get('/about');
    const hit = await request(app).get('/about');
    const signedIn = await request(app).get('/about').set('Cookie', 'session=x');
    expect(cache.stats().hits).toBe(1);
    for (const res of [miss, hit, signedIn]) {
      expect(res.text).toContain(`<style>${css}</style>`);
      // Listed for Vite's loader but not fetched: no blocking stylesheet request.
      expect(res.text).toContain('<link rel="stylesheet" href="/assets/entry.css" disabled>');
      expect(res.text).not.toMatch(/<link rel="stylesheet" href="[^"]*">/);
      expect(styleSrc(res.headers['content-security-policy'] as string).split(' ')).toContain(hash);
      // Right after it, the head asks for the web faces it declares (ADR 0025): a script the CSP
      // allows by its hash on a cached page, by this response's nonce on a signed-in one.
      const rest = res.text.slice(res.text.indexOf(`<style>${css}</style>`) + `<style>${css}</style>`.length);
      const early = /^<script(?: nonce="([^"]+)")?>([^<]+)<\/script><\/head>/.exec(rest);
      expect(early).not.toBeNull();
      for (const font of EARLY_FONTS) expect(early![2]).toContain(JSON.stringify(font));
      const scripts = scriptSrc(res.headers['content-security-policy'] as string).split(' ');
      if (res === signedIn) expect(scripts).toContain(`'nonce-${early![1]}'`);
      else expect([early![1], scripts.includes(sha256(early![2]!))]).toEqual([undefined, true]);
    }
  });

  it('production pages start their scripts from the loader file on the first intent (ADR 0018): the page lists its modules on the loader element, and the loader is the only script the parser fetches', async () => {
    const cache = createPageCache({ maxBytes: 8 * 1024 * 1024, buildId: 'test-build' });
    const app = makeTestApp({
      pageCache: cache,
      getUser,
      assets: { forPages: () => ({ entryScripts: ['/assets/entry-abc.js'], preloads: ['/assets/app.js', '/assets/about.js'], styles: [], loaderScript: '/assets/loader.js' }) },
    });
    const miss = await request(app).get('/about');
    const hit = await request(app).get('/about');
    const signedIn = await request(app).get('/about').set('Cookie', 'session=x');
    expect(cache.stats().hits).toBe(1);
    for (const res of [miss, hit, signedIn]) {
      expect(res.status).toBe(200);
      // One script the parser fetches, asynchronously: the loader. No preload: the loader adds them.
      const fetched = [...res.text.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
      expect(fetched.map((m) => m[1])).toEqual(['/assets/loader.js']);
      const tag = fetched[0]![0];
      expect(tag).toMatch(/ type="module" async fetchpriority="low" /);
      expect(tag).toContain('data-entry="/assets/entry-abc.js"');
      expect(tag).toContain('data-prefetch="/assets/app.js /assets/about.js"');
      // The service worker's URL, versioned by the entry's hash (a deploy replaces it).
      expect(tag).toContain('data-sw="/sw.js?v=abc"');
      expect(res.text).not.toMatch(/<link[^>]*modulepreload/);
      // A same-origin file: allowed by 'self', no hash needed; the inline scripts still by hash or nonce.
      const sources = scriptSrc(res.headers['content-security-policy'] as string).split(' ');
      expect(sources).toContain("'self'");
      const bodies = inlineScriptBodies(res.text);
      expect(bodies.length).toBeGreaterThanOrEqual(1);
      if (res === signedIn) expect(sources).toContain(`'nonce-${/<script nonce="([^"]+)">/.exec(res.text)?.[1]}'`);
      else for (const body of bodies) expect(sources).toContain(sha256(body));
    }
    expect(signedIn.text).toContain('nonce=');
  });

  it('the inline stylesheet holds only the rules the page uses, allowed by its own hash, the same on a hit; the whole files stay linked, disabled', async () => {
    const css = ['body{margin:0}', '.site-header{color:red}', '.drawer.is-open{display:block}', '.not-on-any-page{color:blue}', '@media (min-width:992px){.site-header{padding:1rem}.not-on-any-page{padding:0}}'].join('');
    const pruner = createStylePruner(css);
    const cache = createPageCache({ maxBytes: 8 * 1024 * 1024, buildId: 'test-build' });
    const app = makeTestApp({
      pageCache: cache,
      getUser,
      assets: { forPages: () => ({ entryScripts: ['/assets/entry.js'], preloads: [], styles: ['/assets/entry.css'], inlineStyle: { css, hash: sha256(css), forHtml: pruner.forHtml }, loaderScript: '/assets/loader.js' }) },
    });
    const miss = await request(app).get('/about');
    const hit = await request(app).get('/about');
    const signedIn = await request(app).get('/about').set('Cookie', 'session=x');
    expect(cache.stats().hits).toBe(1);
    for (const res of [miss, hit, signedIn]) {
      expect(res.status).toBe(200);
      expect(res.text).toContain('class="site-header');
      const style = /<style>([^<]*)<\/style>/.exec(res.text)?.[1] ?? '';
      expect(style).toBe('body{margin:0}.site-header{color:red}@media (min-width:992px){.site-header{padding:1rem}}');
      const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)?.[1] ?? '';
      expect(styleSrc).toContain(sha256(style));
      expect(styleSrc).not.toContain(sha256(css));
      expect(res.text).toContain('<link rel="stylesheet" href="/assets/entry.css" disabled>');
    }
    expect(hit.text).toBe(miss.text);
  });

  it('a hit still gets its own request id (a sane incoming one is kept) and no stored one', async () => {
    const { cache, app } = setup();
    const miss = await request(app).get('/about');
    const hit = await request(app).get('/about').set('X-Request-Id', 'trace-42');
    const other = await request(app).get('/about');
    expect(cache.stats().hits).toBe(2);
    expect(hit.headers['x-request-id']).toBe('trace-42');
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([miss.headers['x-request-id'], other.headers['x-request-id']]).size).toBe(2);
  });
});
