import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../shared/booking/time';
import { runAxe } from '../support/a11y.mjs';
import { hydrate, launch, openPage, signUp, staffCommand, startOwnServer, type TestPage } from './harness';
import { e164 } from './phone-codes';

/**
 * Issue 46 in a real browser, on the production build at 375 px, JavaScript on and off, on a
 * server of its own (its messages sink is read here, and its bookings stay out of the shared
 * seed's days): a patient books a time more than a day ahead; another joins the waitlist for that
 * day, any practitioner (the phone proved by the sink's code); the first cancels; the offer arrives
 * in the sink, its link shows the time, taking it books it (the visit's manage page). axe clean
 * at each step (with JavaScript on), no sideways overflow, no console error, no failed request.
 * With JavaScript on, staff look at /staff/waitlist while the offer is open (the entry and its
 * offer listed; axe clean; the keyboard reaches the filter then the row's offer form).
 */

const SHOTS = process.env.SHOTS_DIR;

let browser: Browser;
let own: Awaited<ReturnType<typeof startOwnServer>>;

/** A one-hour quiet window (Abuja time, UTC+1) starting twelve hours from now: HH:MM-HH:MM. */
function quietHoursAway(): string {
  const hhmm = (ms: number) => new Date(ms + 3600_000).toISOString().slice(11, 16);
  const start = Date.now() + 12 * 3600_000;
  return `${hhmm(start)}-${hhmm(start + 3600_000)}`;
}
const QUIET = quietHoursAway();

beforeAll(async () => {
  // The offer keeps the patients' quiet hours (21:00-07:00 Abuja time by default): this server's
  // are put twelve hours away, so the offer goes at once whenever the run happens to be.
  [browser, own] = await Promise.all([launch(), startOwnServer({ MESSAGES_QUIET_HOURS: QUIET })]);
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

type Pass = TestPage & { js: boolean };
const open = async (js: boolean): Promise<Pass> => ({ ...(await openPage(browser, { width: 375, height: 800, javaScriptEnabled: js, bypassCSP: true })), js });

/** The own server's sink lines of one kind to one phone (E.164). */
function sent(phone: string, kind: string): Array<{ code?: string; text: string }> {
  const file = path.join(own.dataDir, 'messages', 'whatsapp.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string; to: string; code?: string; text: string })
    .filter((r) => r.kind === kind && r.to === phone);
}

/** The code the sink "sent" after `before` earlier ones, typed in and confirmed. */
async function proveCode(pass: Pass, phone: string, before: number, button: string) {
  await pass.page.getByRole('heading', { name: /Confirm your phone number/ }).waitFor();
  await expect.poll(() => sent(e164(phone), 'code').length, { timeout: 30_000 }).toBeGreaterThan(before);
  await pass.page.getByLabel('The code').fill(sent(e164(phone), 'code').at(-1)!.code!);
  await pass.page.getByRole('button', { name: button }).click();
}

async function check(pass: Pass, step: string) {
  const { page } = pass;
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${step}: horizontal overflow`).toBe(0);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `waitlist-${pass.js ? 'js' : 'nojs'}-${step}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `waitlist-${pass.js ? 'js' : 'nojs'}-${step}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
  }
  if (!pass.js) return;
  await page.mouse.move(1, 1);
  const found = (await runAxe(page)).map((v) => `${v.id}: ${v.nodes.slice(0, 3).join(', ')}`);
  expect(found, `${step}: ${found.join('; ')}`).toEqual([]);
}

/** After a click that submits or follows a link: the next page (its heading), hydrated when scripts run. */
async function settled(pass: Pass, url: RegExp, heading: string | RegExp) {
  await pass.page.waitForURL(url, { timeout: 30_000 });
  await pass.page.locator('main h1', { hasText: heading }).waitFor({ timeout: 30_000 });
  if (pass.js) await hydrate(pass.page);
}

/** A first visit booked on /book more than a day ahead (so it may be cancelled online): its start. */
async function book(pass: Pass, name: string, phone: string) {
  const { page } = pass;
  await page.goto(`${own.url}/book`, { waitUntil: 'load' });
  if (pass.js) await hydrate(page);
  await page.locator('main select[name="service"]').selectOption('1');
  await page.getByLabel('Yes, my first visit').check();
  await page.getByRole('button', { name: 'Show free times' }).click();
  await pass.page.waitForURL(/service=1/, { timeout: 30_000 });
  if (pass.js) await hydrate(page);
  await page.locator('input[name="start"]').first().waitFor({ state: 'attached' });
  const pick = await page.locator('fieldset[data-days] input[name="start"]').evaluateAll(
    (inputs, after) => {
      const input = (inputs as HTMLInputElement[]).find((i) => Date.parse(i.value) >= after);
      return input ? { start: input.value, day: input.closest('fieldset')!.getAttribute('data-days')! } : null;
    },
    Date.now() + 26 * 3600_000,
  );
  expect(pick, 'a free time more than a day ahead this week').toBeTruthy();
  const times = page.locator(`fieldset[data-days="${pick!.day}"]`);
  if (!(await times.isVisible())) {
    await page.locator(`form.booking-days label:has(input[value="${pick!.day}"])`).click();
    if (!pass.js) {
      await page.getByRole('button', { name: 'Show times for this day' }).click();
      await page.waitForURL((u) => u.searchParams.get('date') === pick!.day);
    }
    await expect.poll(() => times.isVisible()).toBe(true);
  }
  await times.locator(`input[name="start"][value="${pick!.start}"]`).check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone number').fill(phone);
  const before = sent(e164(phone), 'code').length;
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await proveCode(pass, phone, before, 'Confirm booking');
  await settled(pass, /\/booking\/manage\/[\w-]{20,40}\?booked=1$/, 'Your visit is booked');
  return pick!.start;
}

/** /staff/waitlist as the front desk sees it while the offer to `phone` is open: the entry, its offer, axe, the keyboard. */
async function staffLook(phone: string) {
  const email = `waitlist.${Date.now()}@example.com`;
  const password = 'desk-pass-2026';
  await signUp(email, password, 'Front Desk');
  expect((await staffCommand('grant', email)).stdout).toContain(`${email} is now staff`);
  const staff: Pass = { ...(await openPage(browser, { width: 375, height: 800, bypassCSP: true })), js: true };
  const { page } = staff;
  await page.goto(`${own.url}/staff/waitlist`);
  await page.waitForURL(/\/login\?returnTo=/);
  await hydrate(page);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([page.waitForURL(/\/staff\/waitlist/, { timeout: 30_000 }), page.getByRole('button', { name: 'Login Now' }).click()]);
  await hydrate(page);
  const row = page.locator('main table tbody tr', { hasText: 'Amina Bello' });
  await row.waitFor();
  expect(await row.innerText()).toContain(`+234 ${phone.slice(1)}`);
  expect(await row.locator('[data-label="Offers"]').innerText()).toMatch(/: open/);
  await check(staff, '3-staff');
  // The keyboard: the practitioner filter, then the entry's phone link, then its offer form (day, time, Offer).
  await page.locator('main select[name="practitioner"]').focus();
  const reached: string[] = [];
  for (let i = 0; i < 12 && reached.at(-1) !== 'Offer'; i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => document.activeElement?.getAttribute('name') || (document.activeElement as HTMLElement | null)?.innerText.trim() || ''));
  }
  const order = ['date', 'time', 'Offer'].map((name) => reached.indexOf(name));
  expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), reached.join(' | ')).toBe(true);
  expect(staff.errors).toEqual([]);
  await staff.context.close();
}

describe.each([
  ['JavaScript on', true],
  ['JavaScript off', false],
])('the waitlist at 375 px with %s', (_label, js) => {
  it('a time booked → another patient joins the waitlist for that day → it is cancelled → the offer arrives → taken, booked', { timeout: 300_000 }, async () => {
    const first = await open(js);
    const start = await book(first, js ? 'Kemi Ade' : 'Tunde Ola', js ? '0803 555 0161' : '0803 555 0162');
    const day = lagosDate(Date.parse(start));

    // The second patient joins the waitlist for that day (any practitioner), the phone proven by its code.
    const pass = await open(js);
    const { page } = pass;
    const phone = js ? '0803 555 0171' : '0803 555 0172';
    await page.goto(`${own.url}/waitlist/join?service=1&visit=first&practitioner=any&date=${day}`, { waitUntil: 'load' });
    if (js) await hydrate(page);
    await page.locator('main h1', { hasText: 'Join the waitlist' }).waitFor();
    await check(pass, '1-join');
    // The keyboard reaches the form's fields in the order they are read.
    await page.locator('main select[name="service"]').focus();
    const order: string[] = [];
    for (let i = 0; i < 24; i++) {
      const name = await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent?.trim() ?? '');
      if (order.at(-1) !== name) order.push(name);
      if (name === 'Join the waitlist') break;
      await page.keyboard.press('Tab');
    }
    expect(order).toEqual(['service', 'visit', 'practitioner', 'until', 'day', 'part', 'name', 'phone', 'email', 'channel', 'consent', 'Join the waitlist']);
    await page.getByLabel('Your name').fill(js ? 'Amina Bello' : 'Bisi Adeyemi');
    await page.getByLabel('Mobile number').fill(phone);
    // The consent names this server's quiet hours (MESSAGES_QUIET_HOURS), not the default ones.
    const [from, to] = QUIET.split('-');
    expect(await page.locator('label:has(input[name="consent"])').textContent()).toContain(`never between ${from} and ${to}`);
    await page.locator('input[name="consent"]').check();
    const before = sent(e164(phone), 'code').length;
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await proveCode(pass, phone, before, 'Join the waitlist');
    await settled(pass, /\/waitlist\/entry\/[\w-]{18,60}\?joined=1$/, 'You are on the waitlist');
    expect(await page.locator('main').textContent()).toContain('first in line');
    await check(pass, '2-entry');

    // The first patient cancels: the time comes free.
    await first.page.getByRole('button', { name: 'Cancel my visit' }).click();
    await first.page.getByRole('button', { name: 'Cancel my visit' }).waitFor({ state: 'detached', timeout: 30_000 });
    expect(first.errors).toEqual([]);
    await first.context.close();

    // The offer, in the sink (the messages worker sends it), with the offer's link.
    await expect.poll(() => sent(e164(phone), 'offer').length, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    const link = sent(e164(phone), 'offer').at(-1)!.text.match(/https?:\/\/\S+\/waitlist\/offer\/[\w-]+/)?.[0];
    expect(link, 'the offer’s link').toBeTruthy();
    await page.goto(`${own.url}${new URL(link!).pathname}`, { waitUntil: 'load' });
    if (js) await hydrate(page);
    await page.getByRole('button', { name: 'Take this time' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('A time has come free for you');
    await check(pass, '3-offer');
    if (js) await staffLook(phone);
    await page.getByRole('button', { name: 'Take this time' }).click();
    await settled(pass, /\/booking\/manage\/[\w-]{20,40}\?booked=1$/, 'Your visit is booked');
    await check(pass, '4-booked');
    expect(pass.errors).toEqual([]);
    await pass.context.close();
  });
});
