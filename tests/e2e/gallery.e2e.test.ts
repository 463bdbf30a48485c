import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterGallery, portfolioItems } from '../../shared/content/portfolio';
import { homeFiveGallery } from '../../shared/content/home-five';
import { IMAGE_ERROR_TEXT, zoomScale } from '../../shared/gallery/lightbox-logic';
import { expectCountUp, gotoHydrated, launch, openPage, sampleCounters } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const t0Viewport = { width: 1280, height: 900 };
const ROUTES = ['/portfolioTwoColumn', '/portfolioThreeColumn', '/portfolioSlider', '/homeFive'];

const visibleIds = (page: Page) =>
  page.$$eval('.fgallery__item', (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => Number((el as HTMLElement).dataset.id)));

const pressedFilter = (page: Page) => page.$$eval('.fgallery__filter[aria-pressed="true"]', (els) => els.map((el) => el.textContent));

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });
const isOpen = (page: Page) => page.evaluate(() => document.querySelector<HTMLDialogElement>('dialog.lightbox')?.open ?? false);
const counter = (page: Page) => page.locator('.lightbox__count').textContent();
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
/** The rendered scale of the lightbox image: the `a` of its computed transform matrix. */
const renderedScale = (page: Page) =>
  page.$eval('.lightbox__img', (el) => {
    const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
    return Math.round(m.a * 1000) / 1000;
  });
const round = (n: number) => Math.round(n * 1000) / 1000;

describe('filterable gallery', () => {
  it.each(['/portfolioTwoColumn', '/portfolioThreeColumn'])('%s: filters change the visible items and Show all shows the de-duplicated list', async (path) => {
    const t = await openPage(browser, t0Viewport);
    const { page } = t;
    await gotoHydrated(page, path);
    const dedupedIds = filterGallery(portfolioItems, 'all').map((i) => i.id);
    expect(await visibleIds(page)).toEqual(dedupedIds);
    expect(await pressedFilter(page)).toEqual(['Show all']);
    // The first view paints the items at once (a fade from opacity 0 held back the page's
    // largest paint until the scripts had run); a filter change fades the new items in.
    const itemAnimation = () => page.$eval('.fgallery__item', (el) => getComputedStyle(el).animationName);
    expect(await itemAnimation()).toBe('none');
    // The filter already pressed changes nothing, so nothing fades.
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    expect(await itemAnimation()).toBe('none');

    for (const [label, category] of [['Dental', 'dental'], ['Care', 'care'], ['Medical', 'medical'], ['Surgery', 'surgery']] as const) {
      await page.getByRole('button', { name: label, exact: true }).click();
      const expected = portfolioItems.filter((i) => i.category === category).map((i) => i.id);
      await expect.poll(() => visibleIds(page)).toEqual(expected);
      expect(await pressedFilter(page)).toEqual([label]);
      expect(await itemAnimation()).toBe('fgallery-in');
    }
    // Surgery includes items whose picture repeats one shown under another category.
    expect(await visibleIds(page)).toContain(10);

    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    await expect.poll(() => visibleIds(page)).toEqual(dedupedIds);
    expect(dedupedIds).toHaveLength(9);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('/homeFive: the gallery filter works the same way', async () => {
    const t = await openPage(browser, t0Viewport);
    const { page } = t;
    await gotoHydrated(page, '/homeFive');
    const deduped = filterGallery(homeFiveGallery, 'all').map((i) => i.id);
    expect(await visibleIds(page)).toEqual(deduped);
    await page.getByRole('button', { name: 'Neurology', exact: true }).click();
    await expect.poll(() => visibleIds(page)).toEqual(homeFiveGallery.filter((i) => i.category === 'neurology').map((i) => i.id));
    await page.getByRole('button', { name: 'Medicin', exact: true }).click();
    await expect.poll(() => visibleIds(page)).toEqual(homeFiveGallery.filter((i) => i.category === 'medicin').map((i) => i.id));
    await page.getByRole('button', { name: 'show all', exact: true }).click();
    await expect.poll(() => visibleIds(page)).toEqual(deduped);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});


describe('lightbox', () => {
  it('loads on first open, wraps with the arrow keys, zooms, swipes, closes with Escape and returns focus', async () => {
    const t = await openPage(browser, t0Viewport);
    const { page } = t;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await gotoHydrated(page, '/portfolioThreeColumn');
    expect(scripts.some((u) => /lightbox/.test(u))).toBe(false);

    // Open the last item of a filtered list: Surgery shows items 4, 10 and 12.
    await page.getByRole('button', { name: 'Surgery', exact: true }).click();
    await expect.poll(() => visibleIds(page)).toEqual([4, 10, 12]);
    const last = portfolioItems.find((i) => i.id === 12)!;
    const opener = page.getByRole('button', { name: `Open image: ${last.title}` });
    await opener.click();
    await dialog(page).waitFor();
    expect(scripts.filter((u) => /lightbox/.test(u))).toHaveLength(1);
    expect(await isOpen(page)).toBe(true);
    expect(await counter(page)).toBe('Image 3 of 3');
    expect(await page.locator('.lightbox__img').getAttribute('src')).toBe(last.img.src);
    expect(await page.locator('.lightbox__count').getAttribute('aria-live')).toBe('polite');

    // Arrow keys wrap over the filtered images: last → first, and back.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter(page)).toBe('Image 1 of 3');
    expect(await page.locator('.lightbox__img').getAttribute('src')).toBe(portfolioItems.find((i) => i.id === 4)!.img.src);
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter(page)).toBe('Image 3 of 3');
    // A second press within 180 ms is a key repeat and is ignored.
    await page.waitForTimeout(200);
    // Both key presses are sent from inside the page in one task, so a slow test process
    // cannot space them further apart than a real key repeat.
    await page.evaluate(() => {
      const target = document.activeElement ?? document.body;
      for (let i = 0; i < 2; i++) target.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    });
    await page.waitForTimeout(100);
    expect(await counter(page)).toBe('Image 1 of 3');
    await page.waitForTimeout(200);

    // Zoom with the buttons: 0 → 100 → 200 → 300, scale 1.007 ** level; disabled at the ends.
    const zoomInBtn = page.getByRole('button', { name: 'Zoom in' });
    const zoomOutBtn = page.getByRole('button', { name: 'Zoom out' });
    expect(await zoomOutBtn.isDisabled()).toBe(true);
    await expect.poll(() => renderedScale(page)).toBe(1);
    await zoomInBtn.click();
    await expect.poll(() => renderedScale(page)).toBe(round(zoomScale(100)));
    await zoomInBtn.click();
    await zoomInBtn.click();
    await expect.poll(() => renderedScale(page)).toBe(round(zoomScale(300)));
    expect(await zoomInBtn.isDisabled()).toBe(true);
    await zoomOutBtn.click();
    await expect.poll(() => renderedScale(page)).toBe(round(zoomScale(200)));
    // Double click toggles between none and zoomed.
    await page.locator('.lightbox__img').dblclick();
    await expect.poll(() => renderedScale(page)).toBe(1);
    await page.locator('.lightbox__img').dblclick();
    await expect.poll(() => renderedScale(page)).toBe(round(zoomScale(100)));
    await page.locator('.lightbox__img').dblclick();
    await expect.poll(() => renderedScale(page)).toBe(1);
    expect(await isOpen(page)).toBe(true);

    // A swipe moves when it covers 200 px (the lightbox is 1280 px wide); a short one does not.
    const swipe = async (dx: number) => {
      await page.mouse.move(640, 450);
      await page.mouse.down();
      await page.mouse.move(640 + dx / 2, 452, { steps: 4 });
      await page.mouse.move(640 + dx, 455, { steps: 4 });
      await page.mouse.up();
    };
    await swipe(-120);
    await page.waitForTimeout(100);
    expect(await counter(page)).toBe('Image 1 of 3');
    await swipe(-210);
    await expect.poll(() => counter(page)).toBe('Image 2 of 3');
    await swipe(210);
    await expect.poll(() => counter(page)).toBe('Image 1 of 3');
    expect(await isOpen(page)).toBe(true);
    // Arrow keys still work after the image itself was clicked.
    await page.locator('.lightbox__img').click();
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter(page)).toBe('Image 3 of 3');
    expect(await isOpen(page)).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page)).toBe(false);
    await expect.poll(() => focusedLabel(page)).toBe(`Open image: ${last.title}`);
    // The chunk is fetched once; opening again needs no new script.
    await opener.click();
    await dialog(page).waitFor();
    expect(scripts.filter((u) => /lightbox/.test(u))).toHaveLength(1);
    await page.getByRole('button', { name: 'Close image viewer' }).click();
    await expect.poll(() => isOpen(page)).toBe(false);
    await expect.poll(() => focusedLabel(page)).toBe(`Open image: ${last.title}`);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('closes with a click outside the image but not on it, at 375 px too', async () => {
    for (const viewport of [t0Viewport, { width: 375, height: 800 }]) {
      const t = await openPage(browser, viewport);
      const { page } = t;
      await gotoHydrated(page, '/portfolioTwoColumn');
      const first = filterGallery(portfolioItems, 'all')[0]!;
      await page.getByRole('button', { name: `Open image: ${first.title}` }).click();
      await dialog(page).waitFor();
      await page.waitForTimeout(400);
      const box = (await page.locator('.lightbox__img').boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(300);
      expect(await isOpen(page)).toBe(true);
      // Below the image, inside the viewer's frame.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height + 12);
      await expect.poll(() => isOpen(page)).toBe(false);
      await expect.poll(() => focusedLabel(page)).toBe(`Open image: ${first.title}`);
      // Removed once the dialog's close event (a task after close()) reaches React.
      await expect.poll(() => page.locator('dialog.lightbox').count()).toBe(0);
      expect(t.errors).toEqual([]);
      await t.close();
    }
  });

  it('shows the failure text for an image that fails to load', async () => {
    const t = await openPage(browser, t0Viewport);
    const { page } = t;
    const broken = portfolioItems.find((i) => i.id === 4)!;
    await page.route(`**${broken.img.src}`, (route) => route.abort('failed'));
    await gotoHydrated(page, '/portfolioThreeColumn');
    await page.getByRole('button', { name: `Open image: ${broken.title}` }).click();
    await dialog(page).waitFor();
    await expect.poll(() => page.locator('.lightbox__error').textContent()).toBe(IMAGE_ERROR_TEXT);
    expect(await page.getByRole('dialog').getByText(IMAGE_ERROR_TEXT).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Zoom in' }).isDisabled()).toBe(true);
    // The next image still loads.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.lightbox__img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The only errors are the requests this test made fail.
    expect(t.errors.length).toBeGreaterThan(0);
    expect(t.errors.filter((e) => !e.includes(broken.img.src))).toEqual([]);
    await t.close();
  });
});

describe('home five and every route', () => {
  it('counters reach their end values on /homeFive', async () => {
    const t = await openPage(browser, t0Viewport);
    const { page } = t;
    await sampleCounters(page, '.counter__value');
    await gotoHydrated(page, '/homeFive');
    const values = () => page.$$eval('.counter__value', (els) => els.map((el) => el.textContent));
    // Counting up from 0 to the spec's figures over 8 seconds…
    await expectCountUp(page, '.counter__value', [3624, 5236, 8950, 4562]);
    // …shown with thousands separators.
    expect(await values()).toEqual(['3,624', '5,236', '8,950', '4,562']);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it.each([375, 1280])('no console errors and no horizontal overflow on any route at %i px', async (width) => {
    const t = await openPage(browser, { width, height: 900 });
    const { page } = t;
    for (const path of ROUTES) {
      const res = await gotoHydrated(page, path);
      expect(res?.status(), path).toBe(200);
      // Let lazy carousels start and images load.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the timetable scrolls inside its own focusable region at 375 px', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await gotoHydrated(page, '/homeFive');
    const region = page.getByRole('region', { name: /Doctors in clinic/ });
    const { scrollWidth, clientWidth, tabIndex } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, tabIndex: el.tabIndex }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(tabIndex).toBe(0);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
