/* Service worker: slow and lost connections (issue 13, docs/decisions/0011-page-cache.md).
 *
 * - /assets/* (content-hashed, immutable): cache first.
 * - Pages the visitor has opened: network first; without a connection the saved copy,
 *   else /offline (the clinic's phones and address), saved when the worker installs.
 * - The page's own scripts and stylesheets, which its loader (client/loader.ts) posts here once the
 *   page has loaded: fetched at a low priority into the asset cache, off the page's main thread,
 *   so the visitor's first tap only runs them.
 * - Never saved: signed-in or private answers (Cache-Control private/no-store), /staff,
 *   /api, data requests (?_data=), anything but GET (form results).
 * The version is the client build's (the loader, client/loader.ts, registers /sw.js?v=<entry hash>
 * once a page has loaded): a deploy installs a new worker, which takes over at once and deletes
 * the old caches.
 */
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const ASSETS = `clinic-assets-${VERSION}`;
const PAGES = `clinic-pages-${VERSION}`;
const OFFLINE_URL = '/offline';
const MAX_PAGES = 50;

/** What the worker does with a request: 'asset' (cache first), 'page' (network first, saved), or null (left alone). */
function requestKind(url, method, mode, accept) {
  if (method !== 'GET') return null;
  if (url.origin !== self.location.origin) return null;
  if (url.searchParams.has('_data')) return null;
  const path = url.pathname;
  if (path === '/staff' || path.startsWith('/staff/') || path === '/api' || path.startsWith('/api/')) return null;
  if (path === '/sw.js' || path === '/healthz') return null;
  if (path.startsWith('/assets/')) return 'asset';
  if (mode === 'navigate' || (accept || '').includes('text/html')) return 'page';
  return null;
}

/** Whether an answer may be kept: a plain 200 that is not private to the visitor. */
function mayStore(kind, status, type, cacheControl, contentType) {
  if (status !== 200 || (type !== 'basic' && type !== 'default')) return false;
  if (/\b(private|no-store)\b/i.test(cacheControl || '')) return false;
  if (kind === 'page') return /^text\/html/i.test(contentType || '');
  return kind === 'asset';
}

const rules = { requestKind, mayStore, VERSION, ASSETS, PAGES, OFFLINE_URL };
self.__swRules = rules;

async function saveOfflinePage() {
  const response = await fetch(OFFLINE_URL, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  const pages = await caches.open(PAGES);
  await pages.put(OFFLINE_URL, response);
  // Its stylesheets and scripts, so the page looks right without a connection.
  const files = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assets = await caches.open(ASSETS);
  await Promise.all(files.map((f) => assets.add(f).catch(() => undefined)));
}

async function trimPages() {
  const pages = await caches.open(PAGES);
  const keys = await pages.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) {
    if (new URL(request.url).pathname !== OFFLINE_URL) await pages.delete(request);
  }
}

function storable(kind, response) {
  return mayStore(kind, response.status, response.type, response.headers.get('Cache-Control'), response.headers.get('Content-Type'));
}

/**
 * Assets: the cache first, else the network, the answer stored alongside. Storage that refuses
 * (a phone out of space, a private window) never costs the page its file: a module that fails to
 * load is failed for the rest of the page's life, and the page would never start its scripts.
 */
async function assetFirst(event) {
  const request = event.request;
  let cache = null;
  try {
    cache = await caches.open(ASSETS);
    const hit = await cache.match(request);
    if (hit) return hit;
  } catch {
    // No cache to read: the network answers.
  }
  const response = await fetch(request);
  if (cache && storable('asset', response)) event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
  return response;
}

/**
 * Pages: the network first, its answer handed to the page as it streams in (the copy for offline
 * is stored alongside, not before: `cache.put` reads the whole body). A navigation takes the
 * answer the browser already asked for while this worker was starting (navigation preload).
 */
async function networkFirst(event) {
  const request = event.request;
  try {
    const response = (request.mode === 'navigate' && (await event.preloadResponse)) || (await fetch(request));
    if (storable('page', response)) {
      const copy = response.clone();
      event.waitUntil(
        caches
          .open(PAGES)
          .then((cache) => cache.put(request, copy))
          .then(trimPages)
          .catch(() => {}),
      );
    } else if (response.status === 200) {
      // Signed in now: a copy saved while signed out must not be shown in its place later.
      event.waitUntil(caches.open(PAGES).then((cache) => cache.delete(request)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(PAGES);
    const saved = await cache.match(request, { ignoreVary: true });
    if (saved) return saved;
    if (request.mode === 'navigate') {
      const offline = await cache.match(OFFLINE_URL);
      if (offline) return offline;
    }
    throw error;
  }
}

/** The page's files, from its loader: only this site's hashed assets, each fetched once. */
async function prefetch(list) {
  const assets = await caches.open(ASSETS);
  const urls = list
    .filter((u) => typeof u === 'string')
    .map((u) => new URL(u, self.location.origin))
    .filter((url) => requestKind(url, 'GET', 'no-cors', '') === 'asset');
  await Promise.all(
    urls.map(async (url) => {
      if (await assets.match(url)) return;
      try {
        const response = await fetch(url, { priority: 'low' });
        if (storable('asset', response)) await assets.put(url, response);
      } catch {
        // Offline or refused: the page fetches it itself when it needs it.
      }
    }),
  );
}

self.addEventListener('message', (event) => {
  const list = event.data && event.data.prefetch;
  if (Array.isArray(list) && list.length <= 100) event.waitUntil(prefetch(list));
});

self.addEventListener('install', (event) => {
  event.waitUntil(saveOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('clinic-') && n !== ASSETS && n !== PAGES).map((n) => caches.delete(n))))
      // The browser fetches a navigation's page while this worker starts, instead of after.
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const kind = requestKind(new URL(request.url), request.method, request.mode, request.headers.get('Accept'));
  if (kind === 'asset') event.respondWith(assetFirst(event));
  else if (kind === 'page') event.respondWith(networkFirst(event));
});
