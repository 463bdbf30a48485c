import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../shared/booking/time';
import { runAxe } from '../support/a11y.mjs';
import { hydrate, launch, openPage, signUp, staffCommand, startOwnServer, type TestPage } from './harness';

// Replies to reminders as staff see them (issue 46 part 3, ADR 0050), on a server of its own
// whose WhatsApp webhook is the Cloud API's (its app secret signs what the test posts): a visit
// booked by phone, a signed reply the server does not
// understand reaches the inbox linked to the visit, its page's status form is a reply's (New,
// Contacted, Closed, Spam; no visit date or time; Booked refused at the field; by keyboard and
// with JavaScript off), and the Confirm button marks the visit confirmed. At phone width, JavaScript on, axe clean. SHOTS_DIR: screenshots at 375 and 1280 px.

const SHOTS = process.env.SHOTS_DIR;
const APP_SECRET = 'e2e-whatsapp-app-secret-0123456789';
const PHONE = '0803 555 0177';
const WA_ID = '2348035550177';

let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startOwnServer({
      WHATSAPP_ACCESS_TOKEN: 'e2e-access-token-0123456789abcdef',
      WHATSAPP_PHONE_NUMBER_ID: '123456789',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-token-e2e',
      WHATSAPP_API_BASE: 'http://127.0.0.1:9',
    }),
    launch(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Meta's messages webhook with one message from the patient, signed with the app secret. */
async function deliver(message: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '2348000000000', phone_number_id: '123456789' },
              contacts: [{ profile: { name: 'Hauwa' }, wa_id: WA_ID }],
              messages: [{ from: WA_ID, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  });
  const res = await fetch(`${server.url}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}` },
    body,
  });
  expect(res.status).toBe(200);
}

const violations = async (page: Page) => (await runAxe(page)).map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).join(', ')}`);
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** At 375 px: axe clean, nothing scrolls sideways; with SHOTS_DIR, screenshots at 375 and 1280 px. */
async function check(page: Page, name: string) {
  expect(await violations(page), name).toEqual([]);
  expect(await overflow(page), name).toBe(0);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `replies-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 800 });
}

describe('replies to reminders, as staff see them', () => {
  it('a reply the server does not understand reaches the inbox linked to the visit, with a reply’s status form (no Booked); the Confirm button marks the visit confirmed', { timeout: 240_000 }, async () => {
    const email = `replies.${Date.now()}@example.com`;
    const password = 'desk-pass-2026';
    await signUp(email, password, 'Front Desk');
    expect((await staffCommand('grant', email)).stdout).toContain(`${email} is now staff`);

    const t: TestPage = await openPage(browser, { width: 375, height: 800, bypassCSP: true });
    const { page } = t;
    const go = async (to: string) => {
      await page.goto(server.url + to);
      await hydrate(page);
    };
    // Signed in on the sign-in page the plans page redirects to.
    await page.goto(`${server.url}/staff/plans?practitioner=tunde-bakare`);
    await page.waitForURL(/\/login\?returnTo=/);
    await hydrate(page);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await Promise.all([page.waitForURL(/\/staff\/plans/, { timeout: 30_000 }), page.getByRole('button', { name: 'Login Now' }).click()]);
    await hydrate(page);

    // A week from today Tunde Bakare works 08:00–22:00; the patient is booked at his first free time.
    const day = addDays(lagosDate(Date.now()), 7);
    const exception = page.locator('form:has(input[name="intent"][value="exception-add"])');
    await exception.getByLabel('Day').fill(day);
    await exception.getByLabel('Kind').selectOption('replace_day');
    await exception.getByLabel('Start').fill('08:00');
    await exception.getByLabel('End').fill('22:00');
    await exception.getByRole('button', { name: 'Add the exception' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('The exception is saved.');
    await go(`/staff/bookings/new?date=${day}`);
    await page.locator('select[name="service"]').selectOption('1');
    await page.locator('select[name="visit"]').selectOption('follow_up');
    await page.locator('select[name="practitioner"]').selectOption('tunde-bakare');
    await page.getByRole('button', { name: 'Show free times' }).click();
    await page.locator('.slot').first().click();
    await page.locator('input[name="name"]').fill('Hauwa Musa');
    await page.locator('input[name="phone"]').fill(PHONE);
    await page.getByRole('button', { name: 'Book the visit' }).click();
    await page.waitForURL(/\/staff\/bookings\/BK-[A-Z0-9]{5}\?done=booked$/);
    const reference = /BK-[A-Z0-9]{5}/.exec(page.url())![0];

    // A question the server does not act on: the inbox lists it as the patient's reply.
    await deliver({ id: 'wamid.E2E-TEXT1', type: 'text', text: { body: 'Is there parking near the clinic? I will come by car with my mother.' } });
    await go('/staff');
    const row = page.getByRole('link', { name: /RPL-[A-Z0-9]+/ }).first();
    await expect.poll(() => row.innerText()).toMatch(/RPL-/);
    await check(page, 'inbox');

    // Its page names the message and links to the visit.
    await row.click();
    await page.waitForURL(/\/staff\/requests\/RPL-/);
    await expect.poll(() => page.locator('h1').innerText()).toMatch(/RPL-/);
    await expect.poll(() => page.locator('main').innerText()).toContain('Is there parking near the clinic?');
    await check(page, 'request');
    // The keyboard reaches its actions in reading order: the visit, then the status, then the note.
    await page.getByRole('link', { name: '← All requests' }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 20 && !reached.includes('Save note'); i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('name') || (document.activeElement as HTMLElement | null)?.innerText.trim() || ''));
    }
    const order = ['Open visit', 'status', 'Save status', 'note', 'Save note'].map((name) => reached.findIndex((r) => r.startsWith(name)));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), reached.join(' | ')).toBe(true);
    // A reply is never Booked: its status form has no visit date or time, and says where the visit is changed.
    const statusForm = page.locator('form:has(input[name="intent"][value="status"])');
    expect(await statusForm.locator('select[name="status"] option').allInnerTexts()).toEqual(['New', 'Contacted', 'Closed', 'Spam']);
    expect(await statusForm.locator('input[name="date"], input[name="time"]').count()).toBe(0);
    expect(await statusForm.innerText()).toContain(`open visit ${reference}`);
    expect(await page.locator('.staff-history').innerText()).toContain('Received as a reply by WhatsApp');
    // By keyboard: the status chosen with the arrow keys, saved with Enter.
    await page.locator('select[name="status"]').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('select[name="status"]').inputValue()).toBe('contacted');
    await page.getByRole('button', { name: 'Save status' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('Status saved.');
    await expect.poll(() => page.locator('.staff-history').innerText()).toContain('Status New → Contacted');
    // A crafted "Booked" (an option added by hand) is refused at the field, what was sent kept.
    await page.locator('select[name="status"]').evaluate((s: HTMLSelectElement) => s.add(new Option('Booked', 'booked', true, true)));
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect.poll(() => statusForm.locator('.field__error').innerText()).toContain('A patient’s reply cannot be Booked');
    expect(await page.locator('select[name="status"]').inputValue()).toBe('booked');
    expect(await page.locator('.staff-history').innerText()).not.toContain('→ Booked');
    await check(page, 'refused');
    // Without JavaScript it is the same plain form, posted and redirected.
    const noJs = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noJs.newPage();
    await plain.goto(page.url().replace(/\?.*$/, ''));
    await plain.locator('select[name="status"]').selectOption('closed');
    await Promise.all([plain.waitForURL(/\?saved=status$/), plain.getByRole('button', { name: 'Save status' }).click()]);
    expect(await plain.locator('.staff-history').innerText()).toContain('Status Contacted → Closed');
    await noJs.close();
    await page.reload();
    await hydrate(page);
    await page.locator(`main a[href="/staff/bookings/${reference}"]`).first().click();
    await page.waitForURL(new RegExp(`/staff/bookings/${reference}$`));
    await expect.poll(() => page.locator('h1').innerText()).toContain(reference);

    // The Confirm button: the visit page says so.
    await deliver({ id: 'wamid.E2E-BTN1', type: 'button', button: { payload: `confirm:${reference}`, text: 'Confirm' } });
    await go(`/staff/bookings/${reference}`);
    await expect.poll(() => page.locator('main').innerText()).toContain('Confirmed by the patient');
    await check(page, 'visit');
    if (SHOTS) {
      await go(`/staff/calendar?date=${day}`);
      await check(page, 'calendar');
    }
    // The crafted Booked was answered 422 (the form's data request): that is the refusal, not a fault.
    expect(t.errors.filter((e) => !/^http 422: .*\/staff\/requests\/RPL-.*_data=/.test(e))).toEqual([]);
    await t.close();
  });
});
