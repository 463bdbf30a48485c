import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../support/a11y.mjs';
import { activeMatches, expectVisibleFocus, focused } from '../support/focus';
import { hydrate, launch, openPage, signUp, staffCommand, startOwnServer, type TestPage } from './harness';
import { e164 } from './phone-codes';

/**
 * Issue 48 in a real browser, on the production build at 375 px, on a server of its own with the
 * Paystack stand-in (its checkout page is served by the app): an admin sets a ₦5,000 deposit for
 * first visits of service 1; a patient books a first visit, sees the amount and the policy, pays
 * on the stand-in's checkout and lands on the confirmation with the deposit; cancels in time and
 * is told of the refund; another patient abandons the payment, comes back with everything typed,
 * and the time is free again. The patient's two flows run twice, with JavaScript on and with it
 * off (a context of its own: the day chosen with "Show times for this day", every step a plain
 * form), on the one server; the admin's rule needs JavaScript (Firebase sign-in) and is set once.
 * Then the deposit step and the stand-in's checkout by keyboard only. axe clean on each of our
 * pages, no sideways overflow, no console error.
 */

const SHOTS = process.env.SHOTS_DIR;

let browser: Browser;
let own: Awaited<ReturnType<typeof startOwnServer>>;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  // Paystack's return address is PUBLIC_ORIGIN's: the server's own, known before it starts.
  const port = await freePort();
  [browser, own] = await Promise.all([launch(), startOwnServer({ PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` })]);
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

const open = (javaScriptEnabled = true) => openPage(browser, { width: 375, height: 800, bypassCSP: true, javaScriptEnabled });

/** Hydrates the page when its scripts run (with JavaScript off there is nothing to wait for). */
const ready = (page: Page, js: boolean) => (js ? hydrate(page) : Promise.resolve());

function sentCodes(phone: string): string[] {
  const file = path.join(own.dataDir, 'messages', 'whatsapp.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string; to: string; code?: string })
    .filter((r) => r.kind === 'code' && r.to === phone)
    .map((r) => r.code!);
}

/**
 * No sideways overflow, the screenshots (SHOTS_DIR), axe. Not axe with JavaScript off: it needs
 * the page's timers, which do not run then (the pass with JavaScript on runs it on the same pages).
 */
async function check(page: Page, step: string, axe = true) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${step}: horizontal overflow`).toBe(0);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `deposits-${step}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `deposits-${step}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
  }
  if (!axe) return;
  await page.mouse.move(1, 1);
  const found = (await runAxe(page)).map((v) => `${v.id}: ${v.nodes.slice(0, 3).join(', ')}`);
  expect(found, `${step}: ${found.join('; ')}`).toEqual([]);
}

async function settled(page: Page, url: RegExp, heading: string | RegExp, js = true) {
  await page.waitForURL(url, { timeout: 30_000 });
  await page.locator('main h1', { hasText: heading }).waitFor({ timeout: 30_000 });
  await ready(page, js);
}

/**
 * /book: service 1, a first visit, a free time more than a day ahead (the `skip`th), the details; up
 * to the deposit step. With JavaScript off the day's times come with the page the "Show times for
 * this day" button asks for.
 */
async function toDepositStep(t: TestPage, name: string, phone: string, skip = 0, js = true) {
  const { page } = t;
  await page.goto(`${own.url}/book`, { waitUntil: 'load' });
  await ready(page, js);
  await page.locator('main select[name="service"]').selectOption('1');
  await page.getByLabel('Yes, my first visit').check();
  await page.getByRole('button', { name: 'Show free times' }).click();
  await page.waitForURL(/service=1/, { timeout: 30_000 });
  await ready(page, js);
  await page.getByText('This visit takes a deposit of').waitFor();
  const pick = await page.locator('fieldset[data-days] input[name="start"]').evaluateAll(
    (inputs, [after, skip]) => {
      const found = (inputs as HTMLInputElement[]).filter((i) => Date.parse(i.value) >= after)[skip];
      return found ? { start: found.value, day: found.closest('fieldset')!.getAttribute('data-days')! } : null;
    },
    [Date.now() + 26 * 3600_000, skip] as const,
  );
  expect(pick, 'a free time more than a day ahead this week').toBeTruthy();
  const times = page.locator(`fieldset[data-days="${pick!.day}"]`);
  if (!(await times.isVisible())) {
    if (js) {
      await page.locator(`form.booking-days label:has(input[value="${pick!.day}"])`).click();
      await expect.poll(() => times.isVisible()).toBe(true);
    } else {
      await page.locator(`form.booking-days input[name="date"][value="${pick!.day}"]`).check();
      await page.getByRole('button', { name: 'Show times for this day' }).click();
      await page.waitForURL(new RegExp(`date=${pick!.day}`), { timeout: 30_000 });
      await times.waitFor();
    }
  }
  await times.locator(`input[name="start"][value="${pick!.start}"]`).check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone number').fill(phone);
  await page.locator('main input[name="email"]').fill(`${name.split(' ')[0]!.toLowerCase()}@example.com`);
  const before = sentCodes(e164(phone)).length;
  await page.getByRole('button', { name: 'Continue to the deposit' }).click();
  await page.getByRole('heading', { name: /Confirm your phone number/ }).waitFor({ timeout: 30_000 });
  await expect.poll(() => sentCodes(e164(phone)).length, { timeout: 30_000 }).toBeGreaterThan(before);
  await page.getByLabel('The code').fill(sentCodes(e164(phone)).at(-1)!);
  await page.getByRole('button', { name: 'Continue to the deposit' }).click();
  await page.getByRole('heading', { name: /Pay the deposit/ }).waitFor({ timeout: 30_000 });
  return pick!.start;
}

describe('deposits at 375 px', () => {
  it('an admin sets a deposit for first visits on the service’s editor page', { timeout: 240_000 }, async () => {
    const email = `admin.${Date.now()}@example.com`;
    await signUp(email, 'admin-pass-2026', 'Ada Admin');
    await staffCommand('grant', email, '--role', 'admin');
    const t = await open();
    const { page } = t;
    await page.goto(`${own.url}/staff/content/service/1`);
    await page.waitForURL(/\/login\?returnTo=/);
    await hydrate(page);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill('admin-pass-2026');
    await Promise.all([page.waitForURL(`${own.url}/staff/content/service/1`, { timeout: 30_000 }), page.getByRole('button', { name: 'Login Now' }).click()]);
    await hydrate(page);
    const section = page.locator('section.content-deposit');
    await section.getByLabel('Deposit', { exact: true }).selectOption('first');
    await section.getByLabel('Amount in naira').fill('5,000');
    await section.getByLabel('Policy shown before paying').fill('The deposit counts towards your first visit. Cancel at least 24 hours ahead and we refund it in full; later, or if you do not come, it is kept.');
    await section.getByRole('button', { name: 'Save the deposit rule' }).click();
    await page.getByText('The deposit rule is saved').waitFor({ timeout: 30_000 });
    await check(page, '0-admin-rule');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  // The patients' flows, with JavaScript on and off: other patients, other times (`skip`), the same steps.
  describe.each([
    { js: true, pass: 'JavaScript on', shot: '', patients: [['Kemi Ade', '0803 555 0181'], ['Tunde Ola', '0803 555 0182']], skip: 0 },
    { js: false, pass: 'JavaScript off', shot: '-nojs', patients: [['Ngozi Eze', '0803 555 0183'], ['Bala Musa', '0803 555 0184']], skip: 2 },
  ] as const)('$pass', ({ js, shot, patients: [paying, leaving], skip }) => {
    it('book a first visit with a deposit → pay on the checkout → the confirmation with the deposit → cancel in time → the refund', { timeout: 300_000 }, async () => {
      const t = await open(js);
      const { page } = t;
      await toDepositStep(t, paying[0], paying[1], skip, js);
      await page.getByText('Deposit: ₦5,000').waitFor();
      await page.getByText('Cancel at least 24 hours ahead and we refund it in full').waitFor();
      await check(page, `1-deposit-step${shot}`, js);
      await page.getByRole('button', { name: 'Pay ₦5,000 with Paystack' }).click();
      await page.waitForURL(/\/paystack-standin\/checkout\//, { timeout: 30_000 });
      await check(page, `2-checkout${shot}`, false);
      await page.getByRole('button', { name: 'Pay ₦5,000' }).click();
      await settled(page, /\/booking\/manage\/[\w-]{20,40}\?booked=1$/, 'Your visit is booked', js);
      expect(await page.locator('.deposit-note').textContent()).toMatch(/Deposit paid\s*: ₦5,000, Paystack reference DEP-/);
      await check(page, `3-booked${shot}`, js);
      await page.getByRole('button', { name: 'Cancel my visit' }).click();
      await page.getByText('We have asked Paystack to refund ₦5,000').waitFor({ timeout: 30_000 });
      await page.getByText('Expect it within 5 to 10 working days').waitFor();
      await check(page, `4-refunded${shot}`, js);
      expect(t.errors).toEqual([]);
      await t.close();
    });

    it('abandon the payment → back with everything typed → the time is free again', { timeout: 300_000 }, async () => {
      const t = await open(js);
      const { page } = t;
      const start = await toDepositStep(t, leaving[0], leaving[1], skip + 1, js);
      await page.getByRole('button', { name: 'Pay ₦5,000 with Paystack' }).click();
      await page.waitForURL(/\/paystack-standin\/checkout\//, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Cancel payment' }).click();
      await settled(page, /\/book\/deposit\?reference=DEP-[0-9A-F]+&cancelled=1$/, 'Payment cancelled', js);
      await page.getByText('the time we held').waitFor();
      await check(page, `5-cancelled${shot}`, js);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(/\/book\?service=1/, { timeout: 30_000 });
      await page.getByLabel('Your name').waitFor();
      await ready(page, js);
      expect(await page.getByLabel('Your name').inputValue()).toBe(leaving[0]);
      expect(await page.getByLabel('Phone number').inputValue()).toBe(leaving[1]);
      expect(await page.locator(`input[name="start"][value="${start}"]`).isChecked()).toBe(true);
      expect(await page.locator(`input[name="start"][value="${start}"]`).isEnabled()).toBe(true);
      await check(page, `6-again${shot}`, js);
      expect(t.errors).toEqual([]);
      await t.close();
    });
  });

  it('by keyboard only: the deposit step and the stand-in’s checkout (Tab, Shift+Tab, Space, Enter; focus seen, in a sensible order)', { timeout: 300_000 }, async () => {
    const t = await open();
    const { page } = t;
    await toDepositStep(t, 'Ife Bello', '0803 555 0185', 4);
    // The step takes the focus on its heading; Tab goes to Pay, then to "Change my details", and back.
    await expect.poll(() => activeMatches(page, '#book-step-deposit')).toBe(true);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Pay ₦5,000 with Paystack');
    await expectVisibleFocus(page);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Change my details');
    await expectVisibleFocus(page);
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).text).toBe('Pay ₦5,000 with Paystack');
    await page.keyboard.press('Space');
    await page.waitForURL(/\/paystack-standin\/checkout\//, { timeout: 30_000 });
    // The checkout: its three buttons in the order they read, each with its focus seen.
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expectVisibleFocus(page);
      order.push((await focused(page)).text);
    }
    expect(order).toEqual(['Pay ₦5,000', 'Fail the payment', 'Cancel payment']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).text).toBe('Pay ₦5,000');
    await page.keyboard.press('Enter');
    await settled(page, /\/booking\/manage\/[\w-]{20,40}\?booked=1$/, 'Your visit is booked');
    expect(await page.locator('.deposit-note').textContent()).toMatch(/Deposit paid\s*: ₦5,000/);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
