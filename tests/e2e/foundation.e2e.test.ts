import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPerView, gotoHydrated, launch, openPage } from './harness';

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

  it("the page's scripts are requested only after its first contentful paint, then hydrate it", async () => {
    const t = await openPage(browser);
    await gotoHydrated(t.page, '/about');
    const timing = await t.page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const scripts = performance.getEntriesByType('resource').filter((e) => /\/assets\/.+\.js$/.test(e.name));
      return { fcp, firstScript: Math.min(...scripts.map((e) => e.startTime)), scripts: scripts.length };
    });
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.scripts).toBeGreaterThan(1);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.fcp!);
    expect(t.errors).toEqual([]);
    await t.close();
  });

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
