import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorClient } from '../support/auth-emulator-client';
import { baseUrl, gotoHydrated, hydrate, launch, openPage } from './harness';

const emulatorHost = inject('authEmulatorHost');
const emulator = emulatorClient(emulatorHost, inject('authProjectId'));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let n = 0;
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${++n}@example.com`;

/** The dialog currently shown (sweetalert2), once it has this title. */
async function dialog(page: Page, title: string) {
  const popup = page.locator('.swal2-popup', { has: page.locator('.swal2-title', { hasText: title }) });
  await popup.waitFor({ state: 'visible', timeout: 45_000 });
  return popup;
}

/** sweetalert2 is styled by its stylesheet file, never by an injected <style> (the production CSP blocks those). */
async function expectStyledWithoutInjectedStyles(page: Page) {
  const position = await page.locator('.swal2-container').evaluate((el) => getComputedStyle(el).position);
  expect(position).toBe('fixed');
  const injected = await page.evaluate(() => [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('swal2')).length);
  expect(injected).toBe(0);
  expect(await page.evaluate(() => [...document.querySelectorAll('link[rel=stylesheet]')].some((l) => /sweetalert2|dialogs/.test((l as HTMLLinkElement).href)))).toBe(true);
}

describe('accounts in a real browser, against the Auth Emulator', () => {
  it('registering shows "Register Successfully", returns to the page the visitor came from, and the server-rendered header shows the name', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/');
    await page.click('a.account__login');
    await page.waitForURL(/\/login\?returnTo=%2F$/);
    await page.getByRole('link', { name: 'Register Now' }).click();
    await page.waitForURL(/\/register/);
    await hydrate(page);
    expect(await page.title()).toContain('Signup From Here');

    await page.getByLabel('Username').fill('Halima Yusuf');
    await page.getByLabel('Email Address').fill(uniqueEmail('halima'));
    await page.locator('input[name="password"]').fill('strong-pass-7');
    await page.getByRole('button', { name: 'Register Now' }).click();
    const done = await dialog(page, 'Register Successfully');
    await expectStyledWithoutInjectedStyles(page);
    await Promise.all([page.waitForURL(`${baseUrl()}/`), done.getByRole('button', { name: 'Continue' }).click()]);

    const response = await page.reload({ waitUntil: 'load' });
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/class="account__name"[^]*Halima Yusuf/); // in the first HTML: no flash of the signed-out header
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await hydrate(page);
    expect(await page.locator('.account__name').textContent()).toContain('Halima Yusuf');
    expect(await page.context().cookies()).toEqual([expect.objectContaining({ name: 'session', httpOnly: true, sameSite: 'Lax' })]);

    // Sign out: a plain form POST, back to the same page, signed out.
    await Promise.all([page.waitForURL(`${baseUrl()}/`), page.getByRole('button', { name: 'Sign out' }).click()]);
    await page.waitForSelector('a.account__login');
    expect(await page.context().cookies()).toEqual([]);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a 6-character password shows "Password must be at least 6 character" and keeps what was typed', async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await gotoHydrated(page, '/register');
    const email = uniqueEmail('short');
    await page.getByLabel('Username').fill('Tunde');
    await page.getByLabel('Email Address').fill(email);
    await page.locator('input[name="password"]').fill('123456');
    await page.getByRole('button', { name: 'Register Now' }).click();
    const popup = await dialog(page, 'Password must be at least 6 character');
    await popup.getByRole('button', { name: 'OK' }).click();
    const password = page.locator('input[name="password"]');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.field__error').textContent()).toContain('more than 6 characters');
    expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
    expect(await password.inputValue()).toBe('123456');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('missing fields are explained next to the fields, with nothing sent', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/login');
    await page.getByRole('button', { name: 'Login Now' }).click();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Enter your e-mail address.');
    expect(await page.locator('input[name="password"]').getAttribute('aria-invalid')).toBe('true');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a wrong password shows "Oops..." with the identity service\'s message', async () => {
    const email = uniqueEmail('wrong');
    await emulator.signUp(email, 'the-right-one-9', 'Bola');
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Login Now' }).click();
    const popup = await dialog(page, 'Oops...');
    expect(await popup.locator('.swal2-html-container').textContent()).toMatch(/^Firebase: Error \(auth\/(wrong-password|invalid-credential)\)\.$/);
    await popup.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByRole('button', { name: 'Login Now' }).isEnabled()).toBe(true);
    // The refused sign-in call is the only failed request.
    expect(t.errors.filter((e) => !e.includes('accounts:signInWithPassword'))).toEqual([]);
    expect(t.errors.length).toBe(1);
    await t.close();
  });

  it('a reset request shows "Password reset email sent!" at the top and the emulator holds a reset code for that e-mail', async () => {
    const email = uniqueEmail('reset');
    await emulator.signUp(email, 'forgotten-pass-1', 'Ada');
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/login');
    await page.getByRole('button', { name: 'Lost your password?' }).click();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true'); // nothing typed yet
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Lost your password?' }).click();
    await dialog(page, 'Password reset email sent!');
    expect(await page.locator('.swal2-container').getAttribute('class')).toContain('swal2-top');
    const codes = await emulator.oobCodes();
    expect(codes).toContainEqual(expect.objectContaining({ email, requestType: 'PASSWORD_RESET' }));
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('Google sign-in through the emulator\'s popup ends signed in', async () => {
    const t = await openPage(browser);
    const { page, context } = t;
    await gotoHydrated(page, '/login?returnTo=%2Fhome');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Sign in with Google' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('/emulator/auth/handler');
    await popup.getByText('Add new account').click();
    await popup.click('#autogen-button');
    const name = await popup.inputValue('#display-name-input');
    await popup.click('#sign-in');
    const done = await dialog(page, 'Register Successfully');
    await Promise.all([page.waitForURL(`${baseUrl()}/home`), done.getByRole('button', { name: 'Continue' }).click()]);
    await hydrate(page);
    expect(await page.locator('.account__name').textContent()).toContain(name);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('"/" requests nothing from Firebase; the sign-in pages load the SDK when idle', async () => {
    const t = await openPage(browser);
    const { page } = t;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const identity = (urls: string[]) => urls.filter((u) => /firebase|googleapis|identitytoolkit|sweetalert|auth-config/i.test(u) || u.includes(emulatorHost));
    expect(requests.length).toBeGreaterThan(3);
    expect(identity(requests)).toEqual([]);

    requests.length = 0;
    await gotoHydrated(page, '/login');
    // The same filter catches the SDK chunk and the configuration on the sign-in page.
    await expect.poll(() => identity(requests).some((u) => /\/assets\/firebase-[\w-]+\.js$/.test(u)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => identity(requests).some((u) => u.endsWith('/api/auth-config')), { timeout: 15_000 }).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
