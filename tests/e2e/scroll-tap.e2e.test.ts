import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, holdScripts, launch, type TestPage } from './harness';

// Issue 49, "The tap after a scroll" (ADR 0045, docs/first-view.md): a control below the fold is
// reached by scrolling, and the scroll no longer starts the page's scripts; the tap that follows
// is the first intent, answered at once from the server's HTML (client/early.ts) or by the
// browser, and a tap that lands while the scripts are on their way (started, not yet hydrated) is
// answered too and reaches React: nothing is lost. The scroll is a finger's, through the
// browser's input (touch events), as on a phone: the page gets the touch, the cancelled pointer
// and the scroll events. The entry script is held back (holdScripts), so "before hydration" is
// sure whatever the machine's load.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A phone-sized touch page (holdScripts needs the service worker blocked) that records errors. */
async function phone(): Promise<TestPage & { cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  return { page, context, errors, serviceWorkers: 'block', cdp, close: () => context.close() };
}

/**
 * The browser's estimate of a finger's speed at its lift looks back this far over the touch
 * points (Chromium's velocity tracker: 100 ms; a pointer still for 40 ms counts as stopped).
 */
const FINGER_HELD_STILL_MS = 150;

/**
 * A finger's strokes up the screen until the element's centre is in the middle half of the
 * viewport. The finger stops before it lifts (no fling), as someone placing a control under their
 * thumb does: it is held still, touch points at the same place, for longer than the browser looks
 * back when it measures the finger's speed at the lift. (Held for two frames only, as before, the
 * moving points were still inside that window on a fast frame: the lift carried speed, the page
 * flung on, and a tap that lands on a page still flinging stops the fling instead of clicking, as
 * on any phone: the FAQ's tap was lost.) Then waits until the page has stopped scrolling.
 */
async function fingerScrollTo(page: Page, cdp: CDPSession, selector: string) {
  const centreY = () => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2);
  for (let i = 0; i < 30; i++) {
    const y = await centreY();
    if (y > 200 && y < 600) return;
    const dy = Math.max(-500, Math.min(500, y - 400));
    const from = dy > 0 ? 650 : 150;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at === undefined ? [] : [{ x: 20, y: at }] });
    await touch('touchStart', from);
    for (let s = 1; s <= 10; s++) await touch('touchMove', from - (dy * s) / 10);
    // Held still (a point at the same place each frame), then lifted: no speed, no fling.
    const still = Date.now();
    do {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
      await touch('touchMove', from - dy);
    } while (Date.now() - still < FINGER_HELD_STILL_MS);
    await touch('touchEnd');
    await expect.poll(async () => Math.abs((await centreY()) - y) > 1, { message: 'the finger scrolled the page' }).toBe(true);
    await scrollStopped(page);
  }
  throw new Error(`${selector} not brought into view`);
}

/** The page's scroll position has stayed the same over five rendered frames: nothing is still moving it. */
async function scrollStopped(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const at = scrollY;
              let frames = 0;
              const frame = () => (scrollY !== at ? resolve(false) : ++frames === 5 ? resolve(true) : requestAnimationFrame(frame));
              requestAnimationFrame(frame);
            }),
        ),
      { message: 'the page stopped scrolling' },
    )
    .toBe(true);
}

/** The scripts have not started: no module preloads, the whole stylesheets still off, no entry asked for. */
const scriptsStarted = (page: Page) =>
  page.evaluate(() => !!document.querySelector('link[rel=modulepreload]') || !document.querySelector('link[rel=stylesheet][disabled]'));
const notHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated ?? null);

/**
 * The scroll's pause has come (the loader makes the carousels swipeable then: a sliding carousel's
 * `data-early`), and a frame and a task after it, when the loader would have started the scripts
 * had the scroll been an intent (client/loader.ts `after`).
 */
async function scrollPaused(page: Page) {
  await page.waitForSelector('section.carousel[data-early]', { state: 'attached', timeout: 15_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
}

describe('the tap after a scroll', () => {
  it('a finger scroll starts nothing; the tab tapped after it is answered before hydration, a tap while the scripts are on their way too, and React keeps the last', async () => {
    const t = await phone();
    const { page, cdp } = t;
    let entryAsked = false;
    // The entry imported (a script), not prefetched at idle after load (the loader's `rel=prefetch`).
    page.on('request', (r) => {
      if (/\/assets\/entry-[^/]*\.js$/.test(r.url()) && r.resourceType() === 'script') entryAsked = true;
    });
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const list = page.getByRole('tablist', { name: 'Analysis' });
    const tabs = list.getByRole('tab');
    // The tabs selected, and those whose panel shows (by index): one each, the same one.
    const selected = () => tabs.evaluateAll((ts) => ts.flatMap((x, i) => (x.getAttribute('aria-selected') === 'true' ? [i] : [])));
    const panels = () => tabs.evaluateAll((ts) => ts.flatMap((x, i) => (document.getElementById(x.getAttribute('aria-controls') ?? '')?.hidden === false ? [i] : [])));
    // Below the fold at 375 px: reached by scrolling.
    expect(await list.evaluate((el) => el.getBoundingClientRect().top > innerHeight)).toBe(true);
    await fingerScrollTo(page, cdp, '[role=tablist][aria-label="Analysis"]');
    await scrollPaused(page);
    expect(await scriptsStarted(page)).toBe(false);
    expect(entryAsked).toBe(false);

    // The tap after the scroll: answered from the server's HTML, before any script of the page's.
    await tabs.nth(1).tap();
    await expect.poll(selected).toEqual([1]);
    expect(await panels()).toEqual([1]);
    expect(await notHydrated(page)).toBeNull();
    // That tap was the intent: the scripts start once its answer is painted.
    await expect.poll(() => entryAsked, { timeout: 15_000 }).toBe(true);
    expect(await scriptsStarted(page)).toBe(true);

    // A tap while the scripts are on their way (started, the page not hydrated): answered at once too.
    await tabs.nth(2).tap();
    await expect.poll(selected).toEqual([2]);
    expect(await panels()).toEqual([2]);
    expect(await notHydrated(page)).toBeNull();

    // Hydrated, React's state is the last tab tapped (the taps were replayed in order), and its own
    // handlers answer from there.
    release();
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
    await expect.poll(() => tabs.nth(2).evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')))).toBe(true);
    expect(await selected()).toEqual([2]);
    await tabs.nth(0).tap();
    await expect.poll(selected).toEqual([0]);
    expect(await panels()).toEqual([0]);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('an FAQ answer far below opens at the tap after the scroll; the scroll started nothing, and the answer stays open through hydration', async () => {
    const t = await phone();
    const { page, cdp } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/homeTwo', { waitUntil: 'load' });
    const items = page.locator('.faq details');
    const count = await items.count();
    expect(count).toBeGreaterThan(2);
    expect(await items.nth(2).evaluate((el) => el.getBoundingClientRect().top > innerHeight)).toBe(true);
    await fingerScrollTo(page, cdp, '.faq details:nth-of-type(3) summary');
    await scrollPaused(page);
    expect(await scriptsStarted(page)).toBe(false);
    await items.nth(2).locator('summary').tap();
    await expect.poll(() => items.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open))).toEqual(Array.from({ length: count }, (_, i) => i === 2));
    expect(await items.nth(2).locator('.accordion__body').isVisible()).toBe(true);
    expect(await notHydrated(page)).toBeNull();
    release();
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
    expect(await items.nth(2).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
