import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorCounters } from '../../shared/content/doctor-pages';
import { services } from '../support/clinic-facts';
import { expectCountUp, gotoHydrated, launch, openPage, pagePool, sampleCounters } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ROUTES = ['/services', '/servicesDetails', ...services.map((s) => `/service-detail/${s.id}`), '/servicesTwo', '/doctors', '/doctorsTwo', '/doctorDetails', '/contact'];

// One test per route and width (a route at a time on a page reused from route to route), so a
// slow machine is given a route's time per test, not the whole list's.
describe.each([375, 1280])('every route hydrates at %i px without console errors or horizontal overflow', (width) => {
  const pool = pagePool(() => openPage(browser, { width, height: 900 }));
  afterAll(async () => {
    expect(await pool.close(), 'errors after the last route').toEqual([]);
  });

  it.for(ROUTES)('%s', async (path, { expect }) => {
    const t = await pool.take();
    try {
      const res = await gotoHydrated(t.page, path);
      expect(res?.status()).toBe(200);
      // Scroll through so lazy images load and their requests are checked too.
      await t.page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 700) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
      });
      await t.page.waitForLoadState('networkidle');
      expect(await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'overflow').toBeLessThanOrEqual(0);
      expect(await t.page.locator('main h1').count()).toBe(1);
      expect(t.errors).toEqual([]);
    } finally {
      pool.give(t);
    }
  });
});

describe('services, doctors and contact in a real browser', () => {
  it.each(['/doctors', '/doctorsTwo'])('%s counters count up to 540, 899 and 100 when scrolled into view', async (path) => {
    const t = await openPage(browser, { width: 1280, height: 900 });
    await sampleCounters(t.page, '.counters .counter__value');
    await gotoHydrated(t.page, path);
    await expect.poll(() => t.page.locator('.counters .counter__value').count()).toBe(3);
    await expectCountUp(t.page, '.counters .counter__value', doctorCounters.map((c) => c.end));
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('visitors who ask for reduced motion see the end values at once', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    await t.page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(t.page, '/doctors');
    await t.page.locator('.counters').scrollIntoViewIfNeeded();
    // The counters start when they come into view (an IntersectionObserver callback, late on a
    // loaded machine): wait for the values rather than a fixed 300 ms.
    await expect.poll(async () => (await t.page.locator('.counters .counter__value').allTextContents()).map((v) => Number(v))).toEqual(doctorCounters.map((c) => c.end));
    expect(t.errors).toEqual([]);
    await t.close();
  });

  // Issue 11: the form delivers and answers with a reference (it used to say nothing was sent).
  it('the Write To Us form sends and shows the reference, what happens next and the phone', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await gotoHydrated(page, '/contact');
    const form = page.getByRole('form', { name: 'Write To Us' });
    const typed = { 'Your name': 'Ada Obi', 'Email address': 'ada@example.com', 'Phone number': '+234 800 000 0009', Subject: 'Stiff neck', Message: 'My neck is stiff after long drives.' };
    for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value);
    await form.getByRole('button', { name: 'Send message' }).click();
    const notice = page.locator('.contact-write .form-result');
    await expect.poll(() => notice.textContent()).toMatch(/Your reference is MSG-[A-Z0-9]{5}/);
    expect(await notice.textContent()).toContain('within one working day');
    expect(await notice.locator('a[href^="tel:"]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  // Issue 11: the finder leads to the appointment form, preselected (it used to prefill the contact subject).
  it('the home hero’s Make Appointment carries the chosen location and service into the appointment form', async () => {
    const t = await openPage(browser, { width: 1280, height: 900 });
    const { page } = t;
    await gotoHydrated(page, '/');
    const finder = page.getByRole('form', { name: 'Find an appointment' });
    await finder.getByLabel('Service').selectOption('3');
    await finder.getByRole('button', { name: 'Make Appointment' }).click();
    await page.waitForURL(/\/appoinment\?location=abuja&service=3$/);
    const form = page.getByRole('form', { name: 'Book an appointment' });
    await expect.poll(() => form.getByLabel('Service').inputValue()).toBe('3');
    expect(await form.getByLabel('Location').inputValue()).toBe('abuja');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('navigates on the client from /services to a detail page and to an unknown id’s 404 page', async () => {
    const t = await openPage(browser, { width: 1280, height: 900 });
    const { page } = t;
    await gotoHydrated(page, '/services');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 7;
    });
    await page.locator('main a[href="/service-detail/2"]', { hasText: 'Read More' }).click();
    await page.waitForURL(/\/service-detail\/2$/);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Vertebral Subluxation');
    await expect.poll(() => page.title()).toMatch(/^Vertebral Subluxation \|/);
    expect(await page.locator('.more-services a[aria-current="page"]').getAttribute('href')).toBe('/service-detail/2');

    await page.locator('.more-services a[href="/service-detail/4"]').click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Wellness Care');

    // No page links to an unknown id, so change the URL the way the router's history does.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/service-detail/9');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
    await expect.poll(() => page.title()).toMatch(/^Page not found/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
