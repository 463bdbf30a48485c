import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectPerView, gotoHydrated, holdScripts, hydrate, launch, openPage } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('foundation in a real browser', () => {
  it('home hydrates without console errors and the 404 page too', async () => {
    const t = await openPage(browser);
    const res = await gotoHydrated(t.page, '/');
    expect(res?.status()).toBe(200);
    await gotoHydrated(t.page, '/no-such-page');
    expect(await t.page.textContent('h1')).toContain('Page not found');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  /** The page's modules and the clinic facts it was rendered with (listed on the loader's element, client/loader.ts) and its whole stylesheets (the inline one is cut to its HTML). */
  const pageFiles = (page: Page) =>
    page.evaluate(() => [
      ...[...document.querySelectorAll('link[rel="stylesheet"][disabled]')].map((l) => l.getAttribute('href')!),
      ...['data-entry', 'data-prefetch', 'data-fetch'].flatMap((a) => document.querySelector('script[data-entry]')?.getAttribute(a)?.split(' ') ?? []),
    ]);
  /** What the page itself has fetched of them (the loader aside), and when its load ended. */
  const fetchedByPage = (page: Page) =>
    page.evaluate(() => {
      const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const own = performance.getEntriesByType('resource').filter((e) => /\/assets\/.+\.(js|css|json)$/.test(e.name) && !/\/assets\/loader-[\w-]+\.js$/.test(e.name));
      return { loadEnd: load.loadEventEnd, count: own.length, first: Math.min(...own.map((e) => e.startTime)) };
    });
  /** Nothing has run: no React root, nothing hydrated. */
  const notRun = async (page: Page) => {
    expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(false);
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
  };

  it("after load the service worker fetches the page's scripts and stylesheets into its cache, off the page; they run only on the visitor's first intent (ADR 0018)", async () => {
    const t = await openPage(browser);
    const { page } = t;
    const fromWorker: string[] = [];
    page.on('response', (r) => r.fromServiceWorker() && fromWorker.push(new URL(r.url()).pathname));
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const files = await pageFiles(page);
    expect(files.filter((f) => f.endsWith('.css')).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(1);
    // The worker is registered (offline support needs no hydration) and holds every file...
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? ''), { timeout: 10_000 }).toMatch(/\/sw\.js\?v=[\w-]+$/);
    const cached = () => page.evaluate(async (files) => (await Promise.all(files.map((f) => caches.match(f)))).filter(Boolean).length, files);
    await expect.poll(cached, { timeout: 10_000 }).toBe(files.length);
    // ...which the page has neither fetched itself nor linked, and nothing has run while nobody touches the page.
    expect((await fetchedByPage(page)).count).toBe(0);
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
    await page.waitForTimeout(1000);
    await notRun(page);
    // The first intent (here a key press) runs them, from the worker's cache; the page hydrates.
    await hydrate(page);
    const scripts = files.filter((f) => f.endsWith('.js'));
    await expect.poll(() => scripts.filter((f) => fromWorker.includes(f)).length).toBe(scripts.length);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('pages come through the worker as they stream (navigation preload on), and offline a visited page comes from its copy, any other from the offline page', async () => {
    const t = await openPage(browser);
    const { page, context } = t;
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? ''), { timeout: 10_000 }).toBe('activated');
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).navigationPreload.getState()).enabled)).toBe(true);
    // Visited again under the worker: the page's copy is kept for offline.
    await page.goto(baseUrl() + '/services', { waitUntil: 'load' });
    const fromWorker = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart > 0);
    expect(fromWorker).toBe(true);
    await expect.poll(() => page.evaluate(async () => !!(await caches.match('/services', { ignoreVary: true }))), { timeout: 10_000 }).toBe(true);
    await context.setOffline(true);
    await page.goto(baseUrl() + '/services', { waitUntil: 'load' });
    const saved = await page.locator('main h1').first().textContent();
    expect(saved).toBeTruthy();
    expect(saved).not.toBe('You are offline');
    await page.goto(baseUrl() + '/blog', { waitUntil: 'load' });
    expect(await page.locator('main h1').first().textContent()).toBe('You are offline');
    await context.setOffline(false);
    await t.close();
  });

  it("without a service worker the page prefetches its scripts and stylesheets itself after load, one per idle moment, and runs them on the first intent", async () => {
    const t = await openPage(browser, { serviceWorkers: 'block' });
    const { page } = t;
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const files = await pageFiles(page);
    await expect.poll(async () => (await fetchedByPage(page)).count, { timeout: 10_000 }).toBe(files.length);
    const fetched = await fetchedByPage(page);
    expect(fetched.first).toBeGreaterThanOrEqual(fetched.loadEnd);
    expect(await page.locator('link[rel="prefetch"][href^="/assets/"]').count()).toBe(files.length);
    expect(await page.locator('link[rel="prefetch"][href$=".css"]').count()).toBe(files.filter((f) => f.endsWith('.css')).length);
    await page.waitForTimeout(1000);
    await notRun(page);
    await hydrate(page);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a tap on a control before hydration is kept and replayed once the page has hydrated: the menu opens', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const button = page.locator('button.site-header__menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
    release();
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.locator('[aria-label="Site menu"]').isVisible()).toBe(true);
    // Replayed once, not twice: the menu stays open.
    await page.waitForTimeout(300);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('fields filled before hydration keep their values: the sign-in form sends what is on screen, not its empty start', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/login', { waitUntil: 'load' });
    await fillAndSend(page, release);
    await t.close();
  });

  it('fields filled before even the loader has run (it loads asynchronously) keep their values too', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    const releaseLoader = await holdScripts(t, 30_000, '**/assets/loader-*.js');
    await page.goto(baseUrl() + '/login', { waitUntil: 'domcontentloaded' });
    await fillAndSend(page, () => {
      releaseLoader();
      // The loader has run (it records the fields then) before the entry may start.
      void page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/loader-/.test(e.name))).then(() => setTimeout(release, 500));
    });
    await t.close();
  });

  /** Fills the sign-in form before hydration, lets the page hydrate, and sends it: what is on screen is sent. */
  async function fillAndSend(page: Page, release: () => void) {
    await page.getByLabel('Email').fill('early@example.com');
    await page.locator('input[name="password"]').fill('typed-before-hydration');
    await page.getByLabel('Remember me').check();
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
    release();
    await page.waitForSelector('html[data-hydrated="true"]');
    // Each controlled field is told its value; give React the turn to take them.
    await page.waitForTimeout(300);
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('typed-before-hydration');
    expect(await page.getByLabel('Remember me').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Login Now' }).click();
    // The form's own check passes (an empty state would say "Enter your e-mail address."), so the
    // identity service is asked and answers (no such account); the fields still hold what was typed.
    const popup = page.locator('.swal2-popup', { has: page.locator('.swal2-title', { hasText: 'Oops...' }) });
    await popup.waitFor({ state: 'visible', timeout: 45_000 });
    expect(await popup.locator('.swal2-html-container').textContent()).toMatch(/^Firebase: Error \(auth\/(user-not-found|invalid-credential)\)\.$/);
    expect(await page.locator('.field__error').count()).toBe(0);
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');
    expect(await page.getByLabel('Remember me').isChecked()).toBe(true);
  }

  it('an internal link navigates on the client without a full page load', async () => {
    const t = await openPage(browser);
    await gotoHydrated(t.page, '/');
    await t.page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await t.page.click('footer a[href="/service-detail/1"], .site-header__nav a[href="/services"]');
    await t.page.waitForURL(/\/(services|service-detail\/1)$/);
    const marker = await t.page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
    expect(marker).toBe(42);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("the site's links (shared/ui/link.tsx) behave as React Router's: current page marked, history kept, same page replaced", async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const nav = page.locator('.site-header__nav');
    const current = () => nav.locator('a[aria-current="page"]').evaluateAll((els) => els.map((e) => [e.getAttribute('href'), e.className]));
    expect(await current()).toEqual([['/', 'active']]);
    const historyLength = () => page.evaluate(() => history.length);
    const before = await historyLength();

    await nav.locator('a[href="/services"]').click();
    await page.waitForURL(/\/services$/);
    await expect.poll(current).toEqual([['/services', 'active']]);
    expect(await historyLength()).toBe(before + 1);

    // A link to the page already shown replaces its entry instead of adding one: after it and
    // one more page, two steps back lead home (a pushed entry would leave /services there).
    await nav.locator('a[href="/services"]').click();
    await page.locator('footer a[href="/about"]').first().click();
    await page.waitForURL(/\/about$/);
    await expect.poll(current).toEqual([]);
    expect(await historyLength()).toBe(before + 2);
    await page.goBack();
    await page.waitForURL(/\/services$/);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(current).toEqual([['/', 'active']]);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the drawer opens and closes at 375 px (close button, Escape, outside click)', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await gotoHydrated(page, '/');
    const drawer = page.locator('#site-drawer');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);

    await menu.click();
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(await page.locator('#site-drawer nav a').allTextContents()).toEqual(['Home', 'Services', 'Contact']);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    await menu.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);

    await menu.click();
    await page.mouse.click(360, 400); // right of the 320 px panel: the backdrop
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the header turns sticky after scrolling 81 px, not at 80 px', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await gotoHydrated(page, '/');
    const header = page.locator('header.site-header');
    await page.evaluate(() => window.scrollTo(0, 80));
    await page.waitForTimeout(100);
    expect(await header.getAttribute('data-sticky')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 81));
    await expect.poll(() => header.getAttribute('data-sticky')).toBe('true');
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the first frame is the whole page: while the rest of the HTML is on its way, nothing is drawn (ADR 0024), and the web fonts are already asked for (ADR 0025)', { timeout: 60_000 }, async () => {
    // A proxy in front of the server that sends /about in two parts: up to <main>, then, when the
    // test says so, the rest. Everything else passes straight through.
    const upstream = baseUrl();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const proxy = createServer((req, res) => {
      void (async () => {
        const answer = await fetch(upstream + req.url, { redirect: 'manual' });
        const body = Buffer.from(await answer.arrayBuffer());
        const headers = [...answer.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name));
        res.writeHead(answer.status, Object.fromEntries(headers));
        if (req.url !== '/about') return res.end(body);
        const html = body.toString('utf8');
        const cut = html.indexOf('<main');
        expect(cut).toBeGreaterThan(0);
        res.write(html.slice(0, cut));
        await released;
        res.end(html.slice(cut));
      })().catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.woff2')) fonts.push(r.url());
    });
    /** The next frame: whether the page had been parsed to its end by then, or no frame within `ms`. */
    const nextFrame = (ms: number) =>
      page.evaluate((ms) => new Promise<string>((resolve) => {
        requestAnimationFrame(() => resolve(document.getElementById('__session') ? 'whole page' : 'part of the page'));
        setTimeout(() => resolve('no frame'), ms);
      }), ms);
    try {
      await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/about`, { waitUntil: 'commit' });
      // The first part has been parsed (the header is there) and the parser waits for the rest.
      await expect.poll(() => page.evaluate(() => Boolean(document.querySelector('header.site-header') && !document.querySelector('main')))).toBe(true);
      expect(await nextFrame(1500)).toBe('no frame');
      // The head's script has asked for both web faces; left to the CSS, the first layout would.
      expect(fonts.map((u) => /\/assets\/(\w+)-subset-/.exec(u)?.[1]).sort()).toEqual(['fraunces', 'inter']);
      release();
      expect(await nextFrame(15_000)).toBe('whole page');
      await page.waitForLoadState('load');
      expect(await page.locator('main h1').count()).toBe(1);
      expect(t.errors).toEqual([]);
    } finally {
      release();
      await t.close();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe('home carousels', () => {
  it('show the spec per-view counts on both sides of each breakpoint', async () => {
    const t = await openPage(browser);
    await gotoHydrated(t.page, '/');
    // Doctors: 6 per view, 4 under 1200 px, 2 under 600 px.
    await expectPerView(t.page, 'Our team', { 599: 2, 601: 4, 1199: 4, 1201: 6 });
    // Testimonials on home one: 2 per view, 1 under 991 px.
    await expectPerView(t.page, 'Patient testimonials', { 990: 1, 992: 2 });
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
