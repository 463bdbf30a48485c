import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, holdScripts, hydrate, launch, openPage } from './harness';

// Issue 33 (docs/first-view.md): the first tap answers before hydration. The page's entry script
// is held back (holdScripts), so each answer below comes from the browser itself or from the
// loader's early answers (client/early.ts), never from React; then the scripts are released and
// the state React takes over must be the one on screen.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const notHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated ?? null);
const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });

describe('the first tap, before hydration', () => {
  it('the menu button opens the drawer by its command (a modal dialog), Escape closes it; after hydration it still works', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const menu = page.locator('button.site-header__menu');
    const drawer = page.locator('#site-drawer');
    await menu.click();
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
    expect(await notHydrated(page)).toBeNull();
    // Its opener says so (the loader mirrors the dialog's state until React does).
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    // Opened again before hydration, it stays open through hydration, and React's state agrees.
    await menu.click();
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    release();
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(await drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#site-drawer .drawer__close').click();
    await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("the drawer and the video popup show in the tap's own frame and become modal after it (the page made inert once the answer is painted); focus goes in, and back to their button when they close; the same once hydrated", async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    // At each frame from a click on an opener until its dialog is modal: the dialog's state, as
    // the page paints it. (A string: the callbacks must not be rewritten by the test's compiler.)
    await page.addInitScript(`
      window.__frames = [];
      addEventListener('click', (e) => {
        const opener = e.target.closest('[commandfor]');
        const dialog = opener && document.getElementById(opener.getAttribute('commandfor'));
        if (!dialog || opener.getAttribute('command') !== 'show-modal') return;
        const frames = (window.__frames = []);
        const frame = () => {
          const r = dialog.getBoundingClientRect();
          frames.push({ open: dialog.open, modal: dialog.matches(':modal'), shown: r.width > 0 && r.height > 0 && r.top < innerHeight, focusInside: dialog.contains(document.activeElement) });
          if (!dialog.matches(':modal') && frames.length < 60) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }, true);
    `);
    const opens = async (opener: string, dialog: string, whileOpen?: () => Promise<void>) => {
      await page.locator(opener).click();
      await expect.poll(() => page.locator(dialog).evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
      await whileOpen?.();
      const frames = await page.evaluate(() => (window as unknown as { __frames: { open: boolean; modal: boolean; shown: boolean; focusInside: boolean }[] }).__frames);
      // The tap's frame already shows it open, focus in it, and not yet modal; a later one is modal.
      expect(frames[0]).toEqual({ open: true, modal: false, shown: true, focusInside: true });
      expect(frames.at(-1)).toEqual({ open: true, modal: true, shown: true, focusInside: true });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator(dialog).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      expect(await page.evaluate((s) => document.activeElement === document.querySelector(s), opener)).toBe(true);
    };
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    await opens('button.site-header__menu', '#site-drawer');
    await opens('button.video-popup__play', 'dialog.video-popup__dialog');
    expect(await notHydrated(page)).toBeNull();
    expect(await page.locator('button.site-header__menu').getAttribute('aria-expanded')).toBe('false');
    release();
    await hydrated(page);
    await opens('button.site-header__menu', '#site-drawer', async () => {
      expect(await page.locator('button.site-header__menu').getAttribute('aria-expanded')).toBe('true');
    });
    expect(await page.locator('button.site-header__menu').getAttribute('aria-expanded')).toBe('false');
    // React's player comes into the dialog the command opened (focus stays on its close button).
    await page.route('https://www.youtube-nocookie.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title>' }));
    await opens('button.video-popup__play', 'dialog.video-popup__dialog', async () => {
      await expect.poll(() => page.locator('dialog.video-popup__dialog iframe').count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.matches('.video-popup__close'))).toBe(true);
    });
    await expect.poll(() => page.locator('dialog.video-popup__dialog iframe').count()).toBe(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('with JavaScript off the drawer opens and closes too', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false, hasTouch: true });
    const page = await context.newPage();
    await page.goto(baseUrl() + '/about');
    await page.locator('button.site-header__menu').tap();
    const drawer = page.locator('#site-drawer');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await page.locator('#site-drawer nav a').allTextContents()).toEqual(['Home', 'Services', 'Contact']);
    await page.locator('#site-drawer .drawer__close').tap();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await context.close();
  });

  it('an FAQ answer opens (and the open one closes) before hydration', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/homeTwo', { waitUntil: 'load' });
    const items = page.locator('.faq details');
    expect(await items.count()).toBeGreaterThan(2);
    await items.nth(2).locator('summary').click();
    await expect.poll(() => items.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open))).toEqual(
      Array.from({ length: await items.count() }, (_, i) => i === 2),
    );
    expect(await items.nth(2).locator('.accordion__body').isVisible()).toBe(true);
    expect(await notHydrated(page)).toBeNull();
    release();
    await hydrated(page);
    expect(await items.nth(2).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a tab shows its panel before hydration (a tap, then the arrow key), and React takes over that tab', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const list = page.getByRole('tablist', { name: 'Analysis' });
    const tabs = list.getByRole('tab');
    const selected = () => tabs.evaluateAll((ts) => ts.map((x) => x.getAttribute('aria-selected')));
    const panels = () => tabs.evaluateAll((ts) => ts.map((x) => document.getElementById(x.getAttribute('aria-controls')!)!.hidden));
    await tabs.nth(1).click();
    await expect.poll(selected).toEqual(['false', 'true', 'false']);
    expect(await panels()).toEqual([true, false, true]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(selected).toEqual(['false', 'false', 'true']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    expect(await notHydrated(page)).toBeNull();
    release();
    await hydrated(page);
    await page.waitForTimeout(500);
    // React's state is the tab on screen: the same selection, and its own keys move from there.
    expect(await selected()).toEqual(['false', 'false', 'true']);
    expect(await panels()).toEqual([true, true, false]);
    await tabs.nth(2).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(selected).toEqual(['false', 'true', 'false']);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("a carousel's arrow and dots move it before hydration, and Swiper starts from the slide on screen", async () => {
    const t = await openPage(browser, { width: 375, height: 3000, serviceWorkers: 'block' });
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const team = page.locator('section.carousel[aria-label="Our team"]');
    const firstSeen = () =>
      team.evaluate((s) => {
        const box = s.querySelector('.swiper')!.getBoundingClientRect();
        return [...s.querySelectorAll('.swiper-slide')].findIndex((x) => x.getBoundingClientRect().left >= box.left - 2);
      });
    expect(await firstSeen()).toBe(0);
    expect(await team.locator('.carousel__prev').isDisabled()).toBe(true);
    await team.locator('.carousel__next').click();
    await expect.poll(firstSeen).toBe(1);
    expect(await team.locator('.carousel__prev').isDisabled()).toBe(false);
    await team.getByRole('button', { name: 'Go to slide 4' }).click();
    await expect.poll(firstSeen).toBe(3);
    await expect.poll(() => team.getByRole('button', { name: 'Go to slide 4' }).getAttribute('aria-current')).toBe('true');
    expect(await notHydrated(page)).toBeNull();
    release();
    await hydrated(page);
    await team.locator('.swiper.swiper-initialized').waitFor();
    await expect.poll(() => team.locator('.swiper-slide').evaluateAll((ss) => ss.findIndex((s) => s.classList.contains('swiper-slide-active')))).toBe(3);
    expect(await firstSeen()).toBe(3);
    // Swiper's own bullets now, one per position, the fourth current.
    await expect.poll(() => team.locator('.carousel__dots').isVisible()).toBe(false);
    await team.locator('.carousel__next').click();
    await expect.poll(firstSeen).toBe(4);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a gallery filter shows its category before hydration, repeats of a picture included, as React will', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/portfolioThreeColumn', { waitUntil: 'load' });
    const shownIds = () => page.$$eval('.fgallery__item', (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => Number((el as HTMLElement).dataset.id)));
    const all = await shownIds();
    await page.getByRole('button', { name: 'Surgery', exact: true }).click();
    await expect.poll(shownIds).not.toEqual(all);
    const early = await shownIds();
    expect(await page.getByRole('button', { name: 'Surgery', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await notHydrated(page)).toBeNull();
    release();
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(await shownIds()).toEqual(early);
    expect(await page.getByRole('button', { name: 'Surgery', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // Back to all: the list without repeats, as at first.
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    await expect.poll(shownIds).toEqual(all);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("a gallery picture's plus opens a viewer with the picture before hydration; React's lightbox takes over from it", async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/portfolioThreeColumn', { waitUntil: 'load' });
    const plus = page.locator('.fgallery__open').first();
    const src = await page.locator('.fgallery__item img').first().getAttribute('src');
    await plus.click();
    const early = page.locator('dialog.early-viewer');
    await expect.poll(() => early.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
    expect(await early.locator('img').getAttribute('src')).toBe(src);
    expect(await notHydrated(page)).toBeNull();
    release();
    await hydrated(page);
    await expect.poll(() => page.locator('dialog.lightbox').evaluate((d: HTMLDialogElement) => d.open), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => early.count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("the early viewer closed before hydration is not opened again by the replay", async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/portfolioThreeColumn', { waitUntil: 'load' });
    await page.locator('.fgallery__open').first().click();
    await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(0);
    release();
    await hydrated(page);
    await page.waitForTimeout(1500);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  /**
   * A plus tapped before hydration (the early viewer opens), the lightbox's own chunk held so React's
   * viewer is still on its way after hydration and the replayed click; then the visitor closes the
   * early one. The lightbox's chunk is let through by `releaseViewer`.
   */
  async function earlyViewerClosedWhileLightboxLoads() {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    const releaseViewer = await holdScripts(t, 30_000, '**/assets/lightbox-*.js');
    await page.goto(baseUrl() + '/portfolioThreeColumn', { waitUntil: 'load' });
    const plus = page.locator('.fgallery__open').first();
    await plus.click();
    await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(1);
    release();
    await hydrated(page);
    await page.waitForTimeout(500);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(0);
    return { t, page, plus, releaseViewer };
  }

  it("the early viewer closed while React's lightbox is on its way, then the plus tapped again: React's lightbox opens and stays open", async () => {
    const { t, page, plus, releaseViewer } = await earlyViewerClosedWhileLightboxLoads();
    // …and taps the plus again before React's has come.
    await plus.click();
    releaseViewer();
    await expect.poll(() => page.locator('dialog.lightbox').evaluate((d: HTMLDialogElement) => d.open), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1000);
    expect(await page.locator('dialog.lightbox').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("the early viewer closed while React's lightbox is on its way, and no tap since: React's lightbox is closed when it comes", async () => {
    const { t, page, releaseViewer } = await earlyViewerClosedWhileLightboxLoads();
    const viewerLoaded = page.waitForResponse((r) => /\/assets\/lightbox-[\w-]+\.js$/.test(r.url()));
    releaseViewer();
    // React's lightbox comes (its chunk loaded) and is closed at once.
    await viewerLoaded;
    await page.waitForTimeout(1500);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the early viewer closed just as the page hydrates (its click waiting for React to take the gallery) is not opened again', async () => {
    for (const path of ['/portfolioThreeColumn', '/homeFive']) {
      const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
      const { page } = t;
      const release = await holdScripts(t);
      await page.goto(baseUrl() + path, { waitUntil: 'load' });
      await page.locator('.fgallery__open').first().click();
      await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(1);
      // A slow phone: the page is marked hydrated before React has taken every part of it.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      release();
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(0);
      await page.waitForTimeout(3000);
      expect(await page.locator('dialog[open]').count(), path).toBe(0);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      expect(t.errors).toEqual([]);
      await t.close();
    }
  });

  /**
   * A plus tapped before hydration (the early viewer opens), then hydration with `race` installed
   * in the page: when React's lightbox chunk has come, neither viewer is left open.
   */
  async function viewerClosedAsLightboxComes(race: () => void) {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    await page.addInitScript(race);
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/portfolioThreeColumn', { waitUntil: 'load' });
    await page.locator('.fgallery__open').first().click();
    await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(1);
    const viewerLoaded = page.waitForResponse((r) => /\/assets\/lightbox-[\w-]+\.js$/.test(r.url()));
    release();
    await hydrated(page);
    await viewerLoaded;
    await expect.poll(() => page.locator('dialog.early-viewer').count()).toBe(0);
    await page.waitForTimeout(1500);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(t.errors).toEqual([]);
    await t.close();
  }

  it("the early viewer closed right after its click is replayed (before the hand-over): React's lightbox is closed when it comes", async () => {
    // The visitor's Escape landing in the one task between the replayed click and the hand-over
    // (it happened in CI at 6× CPU): the early viewer is closed as the replayed click returns.
    await viewerClosedAsLightboxComes(() => {
      const click = HTMLElement.prototype.click;
      HTMLElement.prototype.click = function (this: HTMLElement) {
        click.call(this);
        if (this.matches('.fgallery__open') && document.documentElement.dataset.hydrated === 'true') {
          document.querySelector<HTMLDialogElement>('dialog.early-viewer')?.close();
        }
      };
    });
  });

  it("Escape pressed the moment React's lightbox opens over the early viewer: neither stays open", async () => {
    // The visitor's Escape in the task right after React's lightbox opens (on top of the early
    // viewer, which the hand-over then closes): it closes the top one, React's. The early viewer
    // must not be left behind it (it was, at 6× CPU in CI, when the hand-over looked every 50 ms).
    await viewerClosedAsLightboxComes(() => {
      const showModal = HTMLDialogElement.prototype.showModal;
      HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
        showModal.call(this);
        if (this.matches('.lightbox')) setTimeout(() => this.open && this.close());
      };
    });
  });

  it("a form sent empty before hydration gets the browser's own message at once, and posts nothing", async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/contact', { waitUntil: 'load' });
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && posted++);
    const form = page.locator('form.enquiry-form');
    await page.evaluate(() => addEventListener('invalid', () => ((window as unknown as { invalid: number }).invalid = 1), true));
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { invalid?: number }).invalid ?? 0)).toBe(1);
    expect(posted).toBe(0);
    expect(await notHydrated(page)).toBeNull();
    release();
    await hydrated(page);
    // Once hydrated the form's own check answers, beside the fields.
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('.field__error').count()).toBeGreaterThan(0);
    expect(posted).toBe(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("a booking day chosen before hydration shows that day's times at once, in the page (nothing is asked of the server); React keeps that day; the confirm form checks itself", async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/book?service=2&visit=first&practitioner=any', { waitUntil: 'load' });
    const url = page.url();
    const days = page.locator('form.booking-days input[name="date"]');
    const free = await days.evaluateAll((inputs: HTMLInputElement[]) => inputs.filter((i) => !i.closest('.booking-day--full')).map((i) => ({ value: i.value, checked: i.checked })));
    const first = free.find((d) => d.checked)?.value;
    const [chosen, later] = free.filter((d) => !d.checked).map((d) => d.value);
    expect(first && chosen && later).toBeTruthy();
    const times = (day: string) => page.locator(`fieldset[data-days="${day}"]`);
    expect(await times(chosen!).isVisible()).toBe(false);
    let asked = 0;
    // (The page itself, or its data: React Router asks for the same address.)
    page.on('request', (r) => (new URL(r.url()).pathname === '/book' ? asked++ : undefined));
    await page.locator(`form.booking-days label:has(input[value="${chosen}"])`).click();
    // The chosen day's times, the other days' hidden and not sent.
    await expect.poll(() => times(chosen!).isVisible()).toBe(true);
    expect(await times(first!).isVisible()).toBe(false);
    expect(await times(first!).evaluate((f: HTMLFieldSetElement) => f.disabled)).toBe(true);
    expect(await times(chosen!).evaluate((f: HTMLFieldSetElement) => f.disabled)).toBe(false);
    expect(await times(chosen!).locator('legend').textContent()).toMatch(/^Time on /);
    expect(page.url()).toBe(url);
    expect(asked).toBe(0);
    expect(await notHydrated(page)).toBeNull();
    // Sent empty before hydration, the confirm form gets the browser's message and posts nothing.
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && posted++);
    await page.evaluate(() => addEventListener('invalid', () => ((window as unknown as { invalid: number }).invalid = 1), true));
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { invalid?: number }).invalid ?? 0)).toBe(1);
    expect(posted).toBe(0);
    // Once hydrated React shows the same day, and another day in place too.
    release();
    await hydrated(page);
    await expect.poll(() => times(chosen!).isVisible()).toBe(true);
    expect(await times(first!).isVisible()).toBe(false);
    await page.locator(`form.booking-days label:has(input[value="${later}"])`).click();
    await expect.poll(() => times(later!).isVisible()).toBe(true);
    expect(await times(chosen!).isVisible()).toBe(false);
    expect(page.url()).toBe(url);
    expect(asked).toBe(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("an on-demand player's play button before hydration puts the player in place, focused; React keeps that player (no second frame, no hydration error)", async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    // The player is a third-party frame: answered locally (the test runs offline).
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Video player</title><p>Video</p></html>' }));
    const release = await holdScripts(t);
    await page.goto(baseUrl() + '/blogDetailsVideo', { waitUntil: 'load' });
    const embed = page.locator('[data-embed="video"]').first();
    expect(await embed.locator('iframe').count()).toBe(0);
    await embed.getByRole('button', { name: /^Play / }).click();
    await expect.poll(() => embed.locator('iframe').count()).toBe(1);
    const frame = embed.locator('iframe');
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    expect(await frame.getAttribute('title')).toBeTruthy();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    expect(await notHydrated(page)).toBeNull();
    const frameBefore = await frame.elementHandle();
    release();
    await hydrated(page);
    await page.waitForTimeout(300);
    // The same frame, still the only one: React started from it.
    expect(await embed.locator('iframe').count()).toBe(1);
    expect(await frameBefore!.evaluate((f) => f.isConnected)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("a link followed before hydration shows the page's progress bar at once, over the open drawer too, until the next page comes; a link to this page's own fragment or a phone number does not; once hydrated the Login link (a new document) shows it too", async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t);
    // In every document of the page: the bar as the visitor sees it (shown, at the top, across
    // the screen, in the top layer), the drawer's state and the page's hydration. (A string: the
    // test's compiler would wrap a function's inner arrows in helpers the page does not have.)
    await page.addInitScript(`window.__bar = () => {
      const el = document.querySelector('.nav-progress');
      const r = el.getBoundingClientRect();
      const drawer = document.querySelector('#site-drawer');
      return {
        seen: { hidden: el.getAttribute('aria-hidden'), opacity: getComputedStyle(el).opacity, top: r.top, height: r.height, wide: r.width > 0, onTop: el.matches(':popover-open') },
        drawer: drawer.open && drawer.matches(':modal'),
        hydrated: document.documentElement.dataset.hydrated ?? null,
      };
    }`);
    type BarState = { seen: Record<string, unknown>; drawer: boolean; hydrated: string | null };
    await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
    const bar = () => page.evaluate(() => (window as unknown as { __bar: () => BarState }).__bar().seen);
    const off = { hidden: 'true', opacity: '0', top: 0, height: 3, wide: false, onTop: false };
    expect(await bar()).toEqual(off);

    // The skip link (this page's own fragment) and a phone number: the page stays, no bar. (The
    // phone link's navigation is cancelled after the loader has had its say: a test has no dialler.)
    await page.evaluate(() => window.addEventListener('click', (e) => (e.target as Element).closest('a[href^="tel:"]') && e.preventDefault()));
    await page.locator('a.skip-link').focus();
    await page.keyboard.press('Enter');
    await page.locator('a[href^="tel:"]').first().evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForTimeout(200);
    expect(await bar()).toEqual(off);

    // A link in the open drawer, its page held back for a second: the bar shows over the drawer
    // (a modal dialog). Recorded by the page itself at every frame (the tab's session storage
    // outlives it), as the harness waits for the navigation before it evaluates anything.
    const record = () =>
      page.evaluate(() => {
        const tick = () => {
          const { seen, drawer, hydrated } = (window as unknown as { __bar: () => BarState }).__bar();
          sessionStorage.setItem('bar', JSON.stringify({ ...seen, drawer, hydrated }));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    const recorded = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('bar') ?? 'null') as Record<string, unknown>);
    const heldBack = async (pattern: string) => {
      await page.route(pattern, async (route) => {
        await new Promise<void>((go) => setTimeout(go, 1000));
        await route.continue();
      });
    };
    await heldBack('**/services');
    await page.locator('button.site-header__menu').click();
    await record();
    await page.locator('#site-drawer nav a', { hasText: 'Services' }).click();
    await page.waitForURL(/\/services$/);
    expect(await recorded()).toEqual({ hidden: 'false', opacity: '1', top: 0, height: 3, wide: true, onTop: true, drawer: true, hydrated: null });
    await page.waitForLoadState('load');
    expect(await bar()).toEqual(off);

    // Hydrated: React Router's own navigations show the bar through React; the Login link is
    // left to the browser (the sign-in pages are a new document), and the loader shows it.
    release();
    await hydrate(page);
    await heldBack('**/login?*');
    await record();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/login\?returnTo=/);
    expect(await recorded()).toMatchObject({ hidden: 'false', opacity: '1', wide: true, drawer: false, hydrated: 'true' });
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a cart form posted before hydration says at once that it has gone, and comes back where its answer shows (its status on screen), not at the top of the page', async () => {
    const t = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    await holdScripts(t);
    await page.goto(baseUrl() + '/shopDetails', { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/#add-to-cart-/);
    const status = page.locator('.add-to-cart__status');
    await expect.poll(() => status.innerText()).toContain('not added');
    expect(await status.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    })).toBe(true);
    expect(await notHydrated(page)).toBeNull();

    await page.goto(baseUrl() + '/shoppingCart', { waitUntil: 'load' });
    // Until the answer page comes (held here), the status line says the form has gone: recorded
    // by the page itself (the tab's session storage outlives it), as the harness waits for the
    // navigation before it evaluates anything.
    await page.evaluate(() => {
      const line = document.getElementById('cart-status')!;
      new MutationObserver(() => sessionStorage.setItem('pending', `${line.textContent} ${document.getElementById('cart-form')?.getAttribute('aria-busy')}`)).observe(line, { childList: true, characterData: true, subtree: true });
    });
    await page.route('**/shoppingCart*', async (route) => {
      if (route.request().method() === 'POST') await new Promise<void>((go) => setTimeout(go, 500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Update cart' }).click();
    await page.waitForURL(/#cart-status$/);
    const cart = page.locator('#cart-status');
    await expect.poll(() => cart.innerText()).toContain('Cart updated.');
    expect(await page.evaluate(() => sessionStorage.getItem('pending'))).toBe('One moment… true');
    expect(await cart.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
