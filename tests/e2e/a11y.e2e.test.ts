import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe, runNu, scrollThrough } from '../support/a11y.mjs';
import { pages } from '../../shared/app/routes';
import { baseUrl, hydrate as hydratePage, launch } from './harness';

/**
 * Issue 14, "usable by everyone", on the production build: axe (WCAG 2.2 AA + best practice)
 * on every route at 375 and 1280 px and with the drawer, lightbox and video popup open; the Nu
 * checker on every route's server HTML; every page readable with JavaScript off; no sideways
 * scrolling at 320 px or with 200 % text; reduced motion honoured. One browser, one page per pass.
 */
// A booking's manage page needs a booking (a signed link): tests/e2e/booking.e2e.test.ts runs axe on it.
const ROUTES = pages.filter((p) => !p.path.includes(':token')).map((p) => p.path.replace(':id', '1'));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Pass {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

/** A context for one pass (axe is injected, so the page's CSP is bypassed) that records console errors and failed requests. */
async function open(options: BrowserContextOptions): Promise<Pass> {
  const context = await browser.newContext({ bypassCSP: true, ...options });
  // The video popup's player is a third-party frame: answer it locally, the test runs offline.
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Video player</title><p>Video</p></html>' }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && r.request().resourceType() !== 'document') errors.push(`http ${r.status()}: ${r.url()}`);
  });
  return { page, context, errors };
}

async function load(page: Page, route: string, { hydrate = true } = {}) {
  const res = await page.goto(baseUrl() + route, { waitUntil: 'load' });
  expect(res?.status(), route).toBe(200);
  if (hydrate) await hydratePage(page);
}

const describeViolations = (vs: Awaited<ReturnType<typeof runAxe>>) => vs.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).join(', ')}`);

describe('axe: no violations (WCAG 2.2 AA and best practice)', () => {
  it.each([375, 1280])('every route at %i px, after scrolling through it', { timeout: 600_000 }, async (width) => {
    const pass = await open({ viewport: { width, height: 800 } });
    const found: Record<string, string[]> = {};
    for (const route of ROUTES) {
      await load(pass.page, route);
      await scrollThrough(pass.page);
      const violations = await runAxe(pass.page);
      if (violations.length) found[route] = describeViolations(violations);
    }
    expect(found).toEqual({});
    expect(pass.errors).toEqual([]);
    await pass.context.close();
  });

  it('with the drawer, the lightbox and the video popup open', { timeout: 120_000 }, async () => {
    const mobile = await open({ viewport: { width: 375, height: 800 } });
    const { page } = mobile;
    await load(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.locator('#site-drawer').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(describeViolations(await runAxe(page))).toEqual([]);

    await load(page, '/portfolioTwoColumn');
    await page.getByRole('button', { name: /^Open image: / }).first().click();
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLDialogElement>('dialog.lightbox')?.open ?? false)).toBe(true);
    await page.waitForSelector('.lightbox__img');
    expect(describeViolations(await runAxe(page))).toEqual([]);
    await mobile.context.close();

    const desktop = await open({ viewport: { width: 1280, height: 800 } });
    await load(desktop.page, '/about');
    await desktop.page.getByRole('button', { name: /Play video/ }).click();
    await expect.poll(() => desktop.page.locator('dialog.video-popup__dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    await desktop.page.waitForSelector('dialog.video-popup__dialog iframe');
    expect(describeViolations(await runAxe(desktop.page))).toEqual([]);
    await load(desktop.page, '/homeFive');
    await desktop.page.getByRole('button', { name: /^Open image: / }).first().click();
    await expect.poll(() => desktop.page.evaluate(() => document.querySelector<HTMLDialogElement>('dialog.lightbox')?.open ?? false)).toBe(true);
    expect(describeViolations(await runAxe(desktop.page))).toEqual([]);
    expect([...mobile.errors, ...desktop.errors]).toEqual([]);
    await desktop.context.close();
  });
});

describe('axe with the sign-in dialogs open (sweetalert2)', () => {
  /** The sweetalert2 popup once it shows this title, with its entry animation over. */
  async function popup(page: Page, title: string) {
    const el = page.locator('.swal2-popup', { has: page.locator('.swal2-title', { hasText: title }) });
    await el.waitFor({ state: 'visible', timeout: 45_000 });
    await expect.poll(() => el.evaluate((p) => p.getAnimations().length)).toBe(0);
    return el;
  }

  it.each([375, 1280])('the warning (/register, short password) and "Oops..." (/login, wrong password) at %i px', { timeout: 120_000 }, async (width) => {
    const pass = await open({ viewport: { width, height: 800 } });
    const { page } = pass;
    const found: Record<string, string[]> = {};

    await load(page, '/register');
    await page.getByLabel('Username').fill('Tunde');
    await page.getByLabel('Email Address').fill(`short.${width}.${Date.now()}@example.com`);
    await page.locator('input[name="password"]').fill('123456');
    await page.getByRole('button', { name: 'Register Now' }).click();
    const warning = await popup(page, 'Password must be at least 6 character');
    // Focus is in the dialog, on its button.
    expect(await page.evaluate(() => document.activeElement?.closest('.swal2-popup') !== null)).toBe(true);
    found['/register warning'] = describeViolations(await runAxe(page));
    await warning.getByRole('button', { name: 'OK' }).click();

    await load(page, '/login');
    await page.getByLabel('Email').fill(`nobody.${width}.${Date.now()}@example.com`);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Login Now' }).click();
    const oops = await popup(page, 'Oops...');
    expect(await page.evaluate(() => document.activeElement?.closest('.swal2-popup') !== null)).toBe(true);
    found['/login Oops...'] = describeViolations(await runAxe(page));
    await oops.getByRole('button', { name: 'OK' }).click();

    expect(found).toEqual({ '/register warning': [], '/login Oops...': [] });
    // The identity service's refusal of the wrong password is the one expected failed request.
    expect(pass.errors.filter((e) => !/^http 400: .*accounts:signInWithPassword/.test(e))).toEqual([]);
    await pass.context.close();
  });
});

describe('Nu HTML checker', () => {
  it('every route\'s server HTML has no errors and no warnings', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nu-e2e-'));
    try {
      const files: Record<string, string> = {};
      for (const route of ROUTES) {
        const file = path.join(dir, `${route.replace(/\W+/g, '_') || 'home'}.html`);
        writeFileSync(file, await (await fetch(baseUrl() + route)).text());
        files[file] = route;
      }
      const result = await runNu(Object.keys(files));
      const found = Object.fromEntries(
        Object.entries(result)
          .filter(([, r]) => r.errors.length || r.warnings.length)
          .map(([file, r]) => [files[file], [...r.errors, ...r.warnings]]),
      );
      expect(found).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('without JavaScript', () => {
  it('every route reads fully: no empty carousel, every slide reachable, no content that only JavaScript reveals', { timeout: 180_000 }, async () => {
    const pass = await open({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false, reducedMotion: 'reduce' });
    const found: Record<string, string[]> = {};
    for (const route of ROUTES) {
      await load(pass.page, route, { hydrate: false });
      await pass.page.waitForTimeout(50);
      const problems = await pass.page.evaluate(() => {
        const out: string[] = [];
        if (!matchMedia('(scripting: none)').matches) out.push('scripting is not off');
        const main = document.querySelector('main');
        if (!main || (main.textContent ?? '').trim().length < 50) out.push('main is empty');
        // Revealed without JavaScript by native elements or by the page reloading with a query:
        // closed dialogs (opened by buttons that need JS; their content is elsewhere on the page too),
        // closed <details>, select options, tab buttons (their panels all show, each under its label),
        // checkout sections that checkboxes and radios reveal through CSS :has(), and reveal boxes
        // whose button submits ?open=. The sign-in pages' side panel is a layout choice below
        // 992 px, the same with JavaScript on.
        const exempt =
          'dialog:not([open]), template, noscript, script, option, [aria-hidden="true"], details:not([open]) > :not(summary), [role="tablist"], ' +
          '.reveal__region, .checkout-form__reveal, .payment__desc, .order-total, .auth__aside';
        const visuallyHidden = (el: Element) => {
          for (let a: Element | null = el; a && a !== main; a = a.parentElement) {
            const r = a.getBoundingClientRect();
            if (r.width <= 1 && r.height <= 1 && getComputedStyle(a).overflow !== 'visible') return true;
          }
          return false;
        };
        const walker = document.createTreeWalker(main!, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = (n.textContent ?? '').trim();
          const el = n.parentElement;
          if (!text || !el || el.closest(exempt)) continue;
          if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) {
            out.push(`hidden: <${el.tagName.toLowerCase()} class="${el.className}"> ${text.slice(0, 40)}`);
            continue;
          }
          if (visuallyHidden(el)) continue;
          // Cut off by a clipping ancestor that does not scroll: unreachable.
          const box = el.getBoundingClientRect();
          for (let a = el.parentElement; a && a !== main; a = a.parentElement) {
            const overflow = getComputedStyle(a).overflowX;
            if (overflow === 'auto' || overflow === 'scroll') break;
            if (overflow === 'hidden' || overflow === 'clip') {
              const clip = a.getBoundingClientRect();
              if (box.width > 0 && (box.left >= clip.right - 1 || box.right <= clip.left + 1)) {
                out.push(`clipped: <${el.tagName.toLowerCase()} class="${el.className}"> ${text.slice(0, 40)}`);
                break;
              }
            }
          }
        }
        for (const carousel of document.querySelectorAll('section.carousel')) {
          const slides = [...carousel.querySelectorAll('.swiper-slide')];
          const shown = slides.filter((s) => s.getBoundingClientRect().width > 0 && s.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }));
          if (shown.length === 0 || shown.length !== slides.length) out.push(`carousel "${carousel.getAttribute('aria-label')}": ${shown.length} of ${slides.length} slides shown`);
        }
        return [...new Set(out)];
      });
      if (problems.length) found[route] = problems;
    }
    expect(found).toEqual({});
    expect(pass.errors).toEqual([]);
    await pass.context.close();
  });
});

describe('reflow and text size', () => {
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('no route scrolls sideways at 320 px wide', { timeout: 120_000 }, async () => {
    const pass = await open({ viewport: { width: 320, height: 700 } });
    const found: Record<string, number> = {};
    for (const route of ROUTES) {
      await load(pass.page, route);
      const o = await overflow(pass.page);
      if (o > 0) found[route] = o;
    }
    expect(found).toEqual({});
    await pass.context.close();
  });

  it('no route scrolls sideways with text at 200 % (1280 px)', { timeout: 120_000 }, async () => {
    const pass = await open({ viewport: { width: 1280, height: 800 } });
    const found: Record<string, number> = {};
    for (const route of ROUTES) {
      await load(pass.page, route);
      // Text-only zoom: the root font size doubles; every rem-based size follows.
      await pass.page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      const o = await overflow(pass.page);
      if (o > 0) found[route] = o;
    }
    expect(found).toEqual({});
    await pass.context.close();
  });
});

describe('prefers-reduced-motion', () => {
  it('counters show their end values at once, carousels move without animation, the sticky header does not slide in', { timeout: 60_000 }, async () => {
    const pass = await open({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const { page } = pass;
    await page.addInitScript(() => {
      const w = window as unknown as { __samples: string[] };
      w.__samples = [];
      setInterval(() => document.querySelectorAll('.facts .counter__value').forEach((el) => w.__samples.push(el.textContent ?? '')), 30);
    });
    await load(page, '/homeThree');
    await page.locator('.facts').scrollIntoViewIfNeeded();
    const ends = await page.locator('.facts .counter__value').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.end).toLocaleString('en-US')));
    // The counters start when they come into view (late on a loaded machine): wait for the end
    // values instead of a fixed 600 ms; the samples since the first paint show there was no count-up.
    await expect.poll(() => page.locator('.facts .counter__value').allTextContents()).toEqual(ends);
    const samples = await page.evaluate(() => (window as unknown as { __samples: string[] }).__samples);
    // Never an intermediate value: each counter shows 0 before it starts or its end value.
    const allowed = new Set(['0', ...ends]);
    expect(samples.filter((s) => !allowed.has(s))).toEqual([]);

    // Sticky header: appears without its slide-in animation.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.locator('header.site-header').getAttribute('data-sticky')).toBe('true');
    const animation = await page.locator('header.site-header').evaluate((h) => parseFloat(getComputedStyle(h).animationDuration));
    expect(animation).toBeLessThan(0.001);

    // Carousel: a step is instant.
    await load(page, '/');
    const team = page.locator('section.carousel.team-carousel, section.carousel').first();
    await team.scrollIntoViewIfNeeded();
    await page.waitForSelector('section.carousel.is-ready');
    const ready = page.locator('section.carousel.is-ready').first();
    await ready.locator('.carousel__next').click();
    const duration = await ready.locator('.swiper-wrapper').evaluate((w) => parseFloat(getComputedStyle(w).transitionDuration));
    expect(duration).toBeLessThan(0.001);
    expect(pass.errors).toEqual([]);
    await pass.context.close();
  });
});
