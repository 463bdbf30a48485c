import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe, scrollThrough } from '../support/a11y.mjs';
import { pages } from '../../shared/app/routes';
import { baseUrl, hydrate as hydratePage, launch, pagePool, step, type PagePool } from './harness';

/**
 * What the accessibility sweep (a11y-*.e2e.test.ts) shares: the routes, a context per kind of
 * pass that records console errors and failed requests, a pool of such pages that the route
 * tests of one kind take and give back, so each page is reused route after route (a page per
 * test in flight, never one per route), and the axe sweep of one width. The sweep is cut into
 * files (a width each for axe; reading; dialogs) so that the e2e workers share it.
 */

// A booking's manage page needs a booking (a signed link): tests/e2e/booking.e2e.test.ts runs axe on it.
// The deposit's return page needs a payment (`?reference=`; without one it is a 404, as it should be):
// tests/e2e/deposits.e2e.test.ts runs axe on each of its states.
const NEEDS_A_PAYMENT = new Set(['/book/deposit']);
export const ROUTES = pages.filter((p) => !p.path.includes(':token') && !NEEDS_A_PAYMENT.has(p.path)).map((p) => p.path.replace(':id', '1'));

export interface Pass {
  page: Page;
  context: BrowserContext;
  errors: string[];
  /** Requests sent and not yet answered: said when a step does not finish (`step`, harness.ts). */
  pending: Set<Request>;
}

/** A context for one pass (axe is injected, so the page's CSP is bypassed) that records console errors and failed requests. */
export async function openPass(browser: Browser, options: BrowserContextOptions): Promise<Pass> {
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
  const pending = new Set<Request>();
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return { page, context, errors, pending };
}

/** Pages of one kind of pass, reused by the route tests of a describe.concurrent block. */
export function passPool(browser: () => Browser, options: BrowserContextOptions): PagePool<Pass> {
  return pagePool(() => openPass(browser(), options));
}

export async function load(page: Page, route: string, { hydrate = true } = {}) {
  const res = await page.goto(baseUrl() + route, { waitUntil: 'load' });
  expect(res?.status(), route).toBe(200);
  if (hydrate) await hydratePage(page);
}

export const describeViolations = (vs: Awaited<ReturnType<typeof runAxe>>) => vs.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).join(', ')}`);

/** How far the page scrolls sideways (0: not at all). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Issue 14 on the production build: axe (WCAG 2.2 AA + best practice) on every route at `width`
 * after scrolling through it, no console error; at 1280 px also no sideways scrolling with text
 * at 200 %. One test per route, two at a time (maxConcurrency), on reused pages.
 */
export function axeSweep(width: number) {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.concurrent(`axe at ${width} px after scrolling through the page: no violations (WCAG 2.2 AA and best practice), no console error${width === 1280 ? '; no sideways scrolling with text at 200 %' : ''}`, () => {
    const pool = passPool(() => browser, { viewport: { width, height: 800 } });
    afterAll(async () => {
      expect(await pool.close(), 'errors after the last route').toEqual([]);
    });

    // Each step has its own limit, well inside the test's, and a failure names the step, the
    // route, the width and what the page was doing (`step`, harness.ts). The limits are several
    // times the slowest step seen with the whole run on 2 cores (ADR 0051).
    it.for(ROUTES)('%s', { timeout: 120_000 }, async (route, { expect }) => {
      const pass = await pool.take();
      const at = `${route} at ${width} px`;
      const run = <T>(what: string, ms: number, work: () => Promise<T>) => step(pass.page, `${what} (${at})`, ms, work, pass.pending);
      let broken = false;
      try {
        await run('load', 25_000, () => load(pass.page, route, { hydrate: false }));
        await run('hydrate', 20_000, () => hydratePage(pass.page));
        await run('scroll through', 30_000, () => scrollThrough(pass.page));
        expect(describeViolations(await run('axe', 40_000, () => runAxe(pass.page)))).toEqual([]);
        if (width === 1280) {
          // Text-only zoom: the root font size doubles; every rem-based size follows.
          const sideways = await run('text at 200 %', 10_000, async () => {
            await pass.page.evaluate(() => {
              window.scrollTo(0, 0);
              document.documentElement.style.fontSize = '200%';
            });
            return overflow(pass.page);
          });
          expect(sideways, 'sideways scrolling with text at 200 %').toBeLessThanOrEqual(0);
        }
        expect(pass.errors).toEqual([]);
      } catch (error) {
        broken = !(error instanceof Error && error.name === 'AssertionError');
        throw error;
      } finally {
        // A page whose step did not finish may still be busy with it: closed, not reused.
        if (broken) await pool.discard(pass);
        else pool.give(pass);
      }
    });
  });
}
