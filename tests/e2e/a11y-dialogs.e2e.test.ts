import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../support/a11y.mjs';
import { describeViolations, load, openPass } from './a11y-support';
import { launch } from './harness';

/**
 * Issue 14, "usable by everyone", on the production build: axe (WCAG 2.2 AA + best practice)
 * with the drawer, lightbox, video popup and sign-in dialogs open. axe on every route:
 * a11y-axe-375 and a11y-axe-1280 (tests/e2e/a11y-support.ts).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('axe with dialogs open: no violations (WCAG 2.2 AA and best practice)', () => {
  it('with the drawer, the lightbox and the video popup open', { timeout: 120_000 }, async () => {
    const mobile = await openPass(browser, { viewport: { width: 375, height: 800 } });
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

    const desktop = await openPass(browser, { viewport: { width: 1280, height: 800 } });
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
    const pass = await openPass(browser, { viewport: { width, height: 800 } });
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
