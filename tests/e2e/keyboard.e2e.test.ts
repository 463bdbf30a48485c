import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMatches, expectVisibleFocus, focused, pressUntil } from '../support/focus';
import { baseUrl, gotoHydrated, holdScripts, launch, openPage } from './harness';

/**
 * Issue 14, keyboard-only paths on the production build: every step below uses page.keyboard
 * only (Tab, Shift+Tab, Enter, Space, Escape, arrows), never a click, and checks where focus is
 * (document.activeElement) and that it can be seen.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Before a navigation: the page records its scroll positions, focus changes and layout shifts (read by focusDetail). */
async function recordScrolling(page: Page) {
  await page.addInitScript(() => {
    const log: unknown[] = [];
    (window as unknown as { __scrollLog: unknown[] }).__scrollLog = log;
    const t = () => Math.round(performance.now());
    const name = (n: Element | null) => (n ? `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${String(n.className).split(' ')[0]}` : '-');
    let last = -1;
    addEventListener('scroll', () => {
      if (Math.abs(scrollY - last) < 1) return;
      last = scrollY;
      log.push(['scroll', t(), Math.round(scrollY), name(document.activeElement)]);
    }, { passive: true });
    addEventListener('focusin', (e) => log.push(['focus', t(), name(e.target as Element), Math.round(scrollY)]));
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { startTime: number; value: number; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[]) {
        log.push(['shift', Math.round(e.startTime), e.value.toFixed(4), (e.sources ?? []).map((s) => `${s.node instanceof Element ? name(s.node) : s.node?.nodeName} y${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`)]);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe('keyboard only', () => {
  it('the skip link comes first and moves focus to the content; the header nav is reached with Tab and left with Shift+Tab', async () => {
    const t = await openPage(browser, { width: 1280, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/about');
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, 'a.skip-link')).toBe(true);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => activeMatches(page, 'main#main')).toBe(true);
    // The next Tab lands inside the content, not back in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);

    await gotoHydrated(page, '/about');
    await pressUntil(page, 'nav.site-header__nav a');
    await expectVisibleFocus(page);
    const links = await page.locator('nav.site-header__nav a').evaluateAll((as) => as.map((a) => a.textContent?.trim()));
    const seen: string[] = [];
    while (await activeMatches(page, 'nav.site-header__nav a')) {
      await expectVisibleFocus(page);
      seen.push((await focused(page)).text);
      await page.keyboard.press('Tab');
    }
    // Every header link, in order, then on out of the nav; Shift+Tab comes back to the last one.
    expect(seen).toEqual(links);
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).text).toBe(links.at(-1));
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).text).toBe(links.at(-2));
    // Enter on a nav link navigates.
    await page.keyboard.press('Tab');
    const href = await page.evaluate(() => document.activeElement!.getAttribute('href'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('Tab through pages whose lower parts skip rendering: every control that takes focus is in the viewport', { timeout: 180_000 }, async () => {
    // The parts below the first view are laid out at estimated heights until they near the viewport
    // (ADR 0019); a Tab that jumps past several of them used to scroll by those estimates and leave
    // the control above the viewport once they rendered (/doctors at 375 px: the 'Book' button 919 px
    // above it). The first Tab now renders every part (client/render-on-tab.ts, ADR 0022).
    const outside: string[] = [];
    for (const width of [375, 1280]) {
      const t = await openPage(browser, { width, height: 800 });
      const { page } = t;
      for (const path of ['/doctors', '/about', '/homeFive', '/blogDetails']) {
        await page.goto(baseUrl() + path, { waitUntil: 'load' });
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-tabbed')), path).toBe(false);
        let stops = 0;
        for (; stops < 200; stops++) {
          await page.keyboard.press('Tab');
          // Two frames: what was going to render near the new scroll position has rendered.
          const at = await page.evaluate(
            () =>
              new Promise<{ name: string; top: number; bottom: number } | null>((resolve) =>
                requestAnimationFrame(() =>
                  requestAnimationFrame(() => {
                    const el = document.activeElement;
                    if (!el || el === document.body) return resolve(null);
                    const r = el.getBoundingClientRect();
                    resolve({ name: `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`, top: r.top, bottom: r.bottom });
                  }),
                ),
              ),
          );
          if (!at) break;
          if (at.bottom <= 0 || at.top >= 800) outside.push(`${path} at ${width} px, Tab ${stops + 1}: ${at.name} at ${Math.round(at.top)} px`);
        }
        // Tabbed to the end of the page (focus left it), through more than the header's controls.
        expect(stops, path).toBeGreaterThan(25);
        expect(stops, path).toBeLessThan(200);
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-tabbed')), path).toBe(true);
      }
      expect(t.errors).toEqual([]);
      await t.close();
    }
    expect(outside).toEqual([]);
  });

  it("a carousel dot that has focus when Swiper starts hands it to Swiper's bullet, also past the last position", async () => {
    // The loader's dots are one per slide, Swiper's bullets one per position: /about's team at
    // 1280 px shows several slides at once, so its fourth dot has no bullet of its own. Focus
    // there when Swiper started used to drop to the page (the Tab test above met it in CI).
    const t = await openPage(browser, { width: 1280, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t, 30_000, '**/assets/carousel-swiper-*.js');
    await gotoHydrated(page, '/about');
    const team = page.locator('section.carousel[aria-label="Our team"]');
    await pressUntil(page, 'section.carousel[aria-label="Our team"] .carousel__dots > button[aria-label="Go to slide 4"]');
    release();
    await team.locator('.swiper.swiper-initialized').waitFor();
    const bullets = await team.locator('.swiper-pagination-bullet').count();
    expect(bullets).toBeLessThan(4);
    await expect.poll(async () => (await focused(page)).label).toBe(`Go to slide ${bullets}`);
    expect(await team.locator('.swiper-pagination-bullet').last().evaluate((b) => b === document.activeElement)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("a carousel's track that has focus when Swiper starts (its tab stop until then) hands it to the current bullet", async () => {
    // Until Swiper starts, a carousel whose slides hold nothing focusable is a scroll region with
    // a tab stop of its own (client/early.ts); Swiper takes that tab stop away, and focus there
    // would drop to the page.
    const t = await openPage(browser, { width: 1280, height: 800, serviceWorkers: 'block' });
    const { page } = t;
    const release = await holdScripts(t, 30_000, '**/assets/carousel-swiper-*.js');
    await gotoHydrated(page, '/about');
    await pressUntil(page, '.carousel .swiper[tabindex="0"]');
    const carousel = page.locator('.carousel:has(.swiper:focus)');
    const label = await carousel.getAttribute('aria-label');
    release();
    const named = page.locator(`section.carousel[aria-label="${label}"]`);
    await named.locator('.swiper.swiper-initialized').waitFor();
    await expect.poll(() => named.evaluate((c) => c.contains(document.activeElement) && document.activeElement!.matches('.swiper-pagination-bullet-active'))).toBe(true);
    expect(await named.locator('.swiper').getAttribute('tabindex')).toBeNull();
    await expectVisibleFocus(page);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the drawer at 375 px: the menu button opens it, focus moves in and stays in, Escape closes it and focus returns', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/');
    await pressUntil(page, 'button[aria-controls="site-drawer"]');
    await expectVisibleFocus(page);
    expect(await page.locator('button[aria-controls="site-drawer"]').getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#site-drawer').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    // (Told by the dialog's toggle and close events, which come a task after it opens or closes.)
    await expect.poll(() => page.locator('button[aria-controls="site-drawer"]').getAttribute('aria-expanded')).toBe('true');
    const inDrawer = () => page.evaluate(() => document.getElementById('site-drawer')!.contains(document.activeElement));
    await expect.poll(inDrawer).toBe(true);
    const stops = await page.locator('#site-drawer').locator('a[href], button, summary, input').count();
    const outside: string[] = [];
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press('Tab');
      if (!(await inDrawer())) outside.push(JSON.stringify(await focused(page)));
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      if (!(await inDrawer())) outside.push(JSON.stringify(await focused(page)));
    }
    expect(outside).toEqual([]);
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#site-drawer').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(await activeMatches(page, 'button[aria-controls="site-drawer"]')).toBe(true);
    await expect.poll(() => page.locator('button[aria-controls="site-drawer"]').getAttribute('aria-expanded')).toBe('false');

    // Opened with Space, closed with its own close button (Enter): focus returns too.
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('#site-drawer').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    await pressUntil(page, '#site-drawer .drawer__close', { max: 40 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#site-drawer').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(await activeMatches(page, 'button[aria-controls="site-drawer"]')).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('tabs: arrow keys, Home and End move between tabs and show their panels; Tab goes on to the panel', async () => {
    const t = await openPage(browser, { width: 1280, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/about');
    await pressUntil(page, '[role="tab"]', { max: 120 });
    await expectVisibleFocus(page);
    const tabs = page.locator('[role="tablist"]').first().locator('[role="tab"]');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(1);
    const state = () =>
      page.evaluate(() => {
        const tab = document.activeElement as HTMLElement;
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        return { role: tab.getAttribute('role'), selected: tab.getAttribute('aria-selected'), panelShown: !!panel && !panel.hidden, id: tab.id };
      });
    const first = await state();
    expect(first).toMatchObject({ role: 'tab', selected: 'true', panelShown: true });
    await page.keyboard.press('ArrowRight');
    const second = await state();
    expect(second).toMatchObject({ role: 'tab', selected: 'true', panelShown: true });
    expect(second.id).not.toBe(first.id);
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowLeft');
    expect((await state()).id).toBe(first.id);
    await page.keyboard.press('End');
    expect((await state()).id).toBe(await tabs.nth(count - 1).getAttribute('id'));
    await page.keyboard.press('ArrowRight'); // wraps
    expect((await state()).id).toBe(first.id);
    // Only the selected tab is in the tab order: Tab goes on to its panel.
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, '[role="tabpanel"]:not([hidden])')).toBe(true);
    await expectVisibleFocus(page);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the FAQ accordion: Enter and Space open and close an item, and the expanded state is exposed', async () => {
    const t = await openPage(browser, { width: 1280, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/homeTwo');
    // The second question (the first is open by default).
    await pressUntil(page, '.accordion__item:nth-child(2) > summary', { max: 150 });
    await expectVisibleFocus(page);
    const open = (n: number) => page.locator(`.accordion__item:nth-child(${n})`).evaluate((d: HTMLDetailsElement) => d.open);
    const cdp = await page.context().newCDPSession(page);
    /** The expanded state that assistive technology reads for the focused summary. */
    const expanded = async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
      return nodes[0]?.properties?.find((p) => p.name === 'expanded')?.value.value as boolean | undefined;
    };
    expect(await open(2)).toBe(false);
    expect(await expanded()).toBe(false);
    await page.keyboard.press('Enter');
    await expect.poll(() => open(2)).toBe(true);
    expect(await expanded()).toBe(true);
    // Items share a name: opening one closes the others.
    expect(await open(1)).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => open(2)).toBe(false);
    expect(await expanded()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, '.accordion__item:nth-child(3) > summary')).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => open(3)).toBe(true);
    // The answer's text is shown.
    expect(await page.locator('.accordion__item:nth-child(3) .accordion__body').isVisible()).toBe(true);
    await cdp.detach();
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a carousel\'s previous and next buttons work with Enter and Space and keep focus', async () => {
    const t = await openPage(browser, { width: 1280, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/homeThree');
    await pressUntil(page, 'section.carousel .carousel__next', { max: 150 });
    await expectVisibleFocus(page);
    const label = await page.evaluate(() => document.activeElement!.closest('section.carousel')!.getAttribute('aria-label'));
    const carousel = page.locator(`section.carousel[aria-label="${label}"]`);
    await page.waitForSelector(`section.carousel.is-ready[aria-label="${label}"]`, { timeout: 10_000 });
    const activeSlide = () => carousel.locator('.swiper-slide').evaluateAll((ss) => ss.findIndex((s) => s.classList.contains('swiper-slide-active')));
    const slides = await carousel.locator('.swiper-slide').count();
    const settled = () =>
      carousel.evaluate((root) => {
        const swiper = (root.querySelector('.swiper') as (HTMLElement & { swiper?: { isEnd: boolean } }) | null)?.swiper;
        const next = root.querySelector<HTMLButtonElement>('.carousel__next');
        const active = document.activeElement;
        return !!swiper && !!next && next.disabled === swiper.isEnd && !!active && root.contains(active) && active.matches('.carousel__next:not([disabled]), .carousel__prev:not([disabled])');
      });
    const steps: number[] = [await activeSlide()];
    // Enter on "Next slide" until the last position: each press moves one slide and focus stays on
    // an enabled control; at the end (the button disables itself) focus moves to "Previous slide".
    for (let i = 0; i < slides && (await activeMatches(page, '.carousel__next')); i++) {
      await page.keyboard.press('Enter');
      await expect.poll(activeSlide).toBe(steps.at(-1)! + 1);
      // The step has settled when "Next" is disabled exactly at the end (Swiper's isEnd) and focus
      // is on an enabled control: the loop's next press must not land on a button about to disable.
      await expect.poll(settled, { message: 'the carousel settled after Enter' }).toBe(true);
      steps.push(await activeSlide());
      await expectVisibleFocus(page);
    }
    expect(steps.length).toBeGreaterThan(1);
    expect(await carousel.locator('.carousel__next').isDisabled()).toBe(true);
    expect(await activeMatches(page, '.carousel__prev')).toBe(true);
    // Space on "Previous slide" steps back; focus stays on an enabled control (the other one if this one reached the start).
    await page.keyboard.press('Space');
    await expect.poll(activeSlide).toBe(steps.at(-2));
    await expect.poll(settled, { message: 'the carousel settled after Space' }).toBe(true);
    expect(await carousel.locator('.carousel__next').isDisabled()).toBe(false);
    const atStart = await carousel.locator('.carousel__prev').isDisabled();
    expect(await activeMatches(page, atStart ? '.carousel__next' : '.carousel__prev'), `focus after Space, atStart=${atStart}`).toBe(true);
    await expectVisibleFocus(page);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the lightbox: Enter opens it, arrows change the image, Escape closes it and focus returns to the opener', async () => {
    const t = await openPage(browser, { width: 1280, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/portfolioThreeColumn');
    await pressUntil(page, 'button[aria-label^="Open image: "]', { max: 150 });
    await expectVisibleFocus(page);
    const opener = await focused(page);
    await page.keyboard.press('Enter');
    const isOpen = () => page.evaluate(() => document.querySelector<HTMLDialogElement>('dialog.lightbox')?.open ?? false);
    await expect.poll(isOpen).toBe(true);
    await page.waitForSelector('.lightbox__img');
    const inDialog = () => page.evaluate(() => document.querySelector('dialog.lightbox')!.contains(document.activeElement));
    await expect.poll(inDialog).toBe(true);
    const position = () => page.locator('dialog.lightbox').evaluate((d) => (d.textContent ?? '').match(/Image \d+ of \d+/)?.[0]);
    expect(await position()).toMatch(/^Image 1 of /);
    await page.keyboard.press('ArrowRight');
    await expect.poll(position).toMatch(/^Image 2 of /);
    await page.waitForTimeout(250); // held keys are throttled
    await page.keyboard.press('ArrowLeft');
    await expect.poll(position).toMatch(/^Image 1 of /);
    // Tab stays inside the viewer.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect.poll(isOpen).toBe(false);
    expect(await focused(page)).toMatchObject({ tag: opener.tag, label: opener.label });
    await expectVisibleFocus(page);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the contact form: typed and tabbed through, sent with Enter, the reference is shown and focused', async () => {
    const t = await openPage(browser, { width: 1280, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/contact');
    await pressUntil(page, 'form.contact-form input[name="name"]', { max: 150 });
    await expectVisibleFocus(page);
    await page.keyboard.type('Amaka Obi');
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, 'input[name="email"]')).toBe(true);
    await page.keyboard.type(`amaka.${Date.now()}@example.com`);
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, 'input[name="phone"]')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, 'input[name="subject"]')).toBe(true);
    await page.keyboard.type('Back pain');
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, 'textarea[name="message"]')).toBe(true);
    await page.keyboard.type('Lower back pain for two weeks. Can I come in on Saturday?');
    await page.keyboard.press('Tab');
    expect(await activeMatches(page, 'form.contact-form button[type="submit"]')).toBe(true);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const result = page.locator('.form-result--sent');
    await result.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator('.form-result__reference').textContent()).toMatch(/\S{4,}/);
    await expect.poll(() => activeMatches(page, '.form-result--sent')).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the contact form: an invalid submission puts focus on the first invalid field', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/contact');
    await pressUntil(page, 'form.contact-form input[name="name"]', { max: 150 });
    await page.keyboard.type('Amaka Obi');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-an-address');
    // Enter in a text field submits the form.
    await page.keyboard.press('Enter');
    await expect.poll(() => activeMatches(page, 'input[name="email"]')).toBe(true);
    await expect.poll(() => page.locator('input[name="email"]').getAttribute('aria-invalid')).toBe('true');
    await expectVisibleFocus(page);
    // Fixed, the next invalid field (the message) gets focus on the next try.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`amaka.${Date.now()}@example.com`);
    await page.keyboard.press('Enter');
    await expect.poll(() => activeMatches(page, 'textarea[name="message"]')).toBe(true);
    await expect.poll(() => page.locator('textarea[name="message"]').getAttribute('aria-invalid')).toBe('true');
    expect(t.errors).toEqual([]);
    await t.close();
  });
  it('a sign-in dialog: reached with Enter, focus on its button and kept inside, Escape closes it and focus goes back to the form', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await recordScrolling(page);
    await gotoHydrated(page, '/register');
    await pressUntil(page, 'input[name="username"], form input:not([type="hidden"])', { max: 150 });
    const fields: string[] = [];
    for (let i = 0; i < 6 && !(await activeMatches(page, 'input[type="password"]')); i++) {
      const name = await page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');
      fields.push(name);
      await page.keyboard.type(name.includes('mail') ? `keys.${Date.now()}@example.com` : 'Tunde');
      await page.keyboard.press('Tab');
    }
    expect(await activeMatches(page, 'input[type="password"]')).toBe(true);
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    const popup = page.locator('.swal2-popup', { has: page.locator('.swal2-title', { hasText: 'Password must be at least 6 character' }) });
    await popup.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => activeMatches(page, '.swal2-popup .swal2-confirm')).toBe(true);
    await expectVisibleFocus(page);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.swal2-popup') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden', timeout: 5000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form') !== null)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
