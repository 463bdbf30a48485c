import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abujaNow } from '../../shared/platform/clinic-time';
import { emulatorClient } from '../support/auth-emulator-client';
import { baseUrl, gotoHydrated, hydrate, launch, openPage } from './harness';

const run = promisify(execFile);
const emulatorHost = inject('authEmulatorHost');
const projectId = inject('authProjectId');

/** The next open day (not Saturday) after today, in Abuja. */
function nextOpenDay(): string {
  let t = Date.parse(`${abujaNow().date}T12:00:00Z`) + 86_400_000;
  while (new Date(t).getUTCDay() === 6) t += 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The .eml files the server wrote (no SMTP_URL in tests), as text. */
function mails(): string[] {
  const dir = path.join(inject('dataDir'), 'outbox');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the clinic’s inbox in a real browser', () => {
  it('a request arrives, a new member of staff signs in, finds it first, marks it contacted, then books it; the patient’s confirmation with its .ics is in the outbox', async () => {
    // A visitor asks for an appointment (the widget asks for an e-mail too), at phone width.
    const visitor = await openPage(browser, { width: 375, height: 800 });
    await gotoHydrated(visitor.page, '/homeFour');
    const widget = visitor.page.locator('form.appointment-widget__form');
    await widget.locator('input[name="name"]').fill('Ada Obi');
    await widget.locator('input[name="email"]').fill('ada.obi@example.com');
    await widget.locator('input[name="phone"]').fill('0803 123 4567');
    await widget.locator('select[name="service"]').selectOption('1');
    await widget.locator('button[type="submit"]').click();
    await expect.poll(() => visitor.page.locator('.form-result').innerText(), { timeout: 15_000 }).toMatch(/APT-[A-Z0-9]{5}/);
    const reference = /APT-[A-Z0-9]{5}/.exec(await visitor.page.locator('.form-result').innerText())![0];
    expect(visitor.errors).toEqual([]);
    await visitor.close();

    // Someone at the clinic registers, and is made staff with the documented command.
    const email = `frontdesk.${Date.now()}@example.com`;
    await emulatorClient(emulatorHost, projectId).signUp(email, 'desk-pass-2026', 'Front Desk');
    const granted = await run('npm', ['run', '--silent', 'staff', '--', 'grant', email], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, NODE_ENV: 'test' },
      timeout: 60_000,
    });
    expect(granted.stdout).toContain(`${email} is now staff`);

    // /staff sends them to sign in and back.
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    await page.goto(`${baseUrl()}/staff`);
    await page.waitForURL(/\/login\?returnTo=%2Fstaff$/);
    await hydrate(page);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill('desk-pass-2026');
    await Promise.all([page.waitForURL(`${baseUrl()}/staff`, { timeout: 30_000 }), page.getByRole('button', { name: 'Login Now' }).click()]);
    await hydrate(page);

    // Newest first. Other test files send requests to the same server at the same time, so a
    // newer one may sit above this one (it failed so once): the list is in newest-first order,
    // this request is on the first page, and nothing above it is older.
    const rows = await page.locator('.staff-table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ ref: tr.querySelector('td.staff-table__ref a')?.textContent ?? '', at: tr.querySelector('time')?.getAttribute('datetime') ?? '' })),
    );
    const at = rows.map((r) => Date.parse(r.at));
    expect(at.every((t) => Number.isFinite(t))).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => b - a));
    const mine = rows.findIndex((r) => r.ref === reference);
    expect(mine, `${reference} in ${rows.map((r) => r.ref).join()}`).toBeGreaterThanOrEqual(0);
    for (const above of at.slice(0, mine)) expect(above).toBeGreaterThanOrEqual(at[mine]!);
    expect(Number(await page.getByTestId('new-count').innerText())).toBeGreaterThanOrEqual(1);
    await page.locator('td.staff-table__ref a', { hasText: reference }).click();
    await page.waitForURL(`${baseUrl()}/staff/requests/${reference}`);
    await page.locator('h1', { hasText: reference }).waitFor();
    expect(await page.locator('.staff-dl').first().innerText()).toContain('ada.obi@example.com');

    // Contacted…
    const statusForm = page.locator('form', { has: page.locator('input[name="intent"][value="status"]') });
    await statusForm.getByLabel('Status').selectOption('contacted');
    await statusForm.getByRole('button', { name: 'Save status' }).click();
    await page.waitForURL(/saved=status/);
    await expect.poll(() => page.locator('.staff-dl .status').first().innerText()).toBe('Contacted');

    // …then booked, with the visit's date and time.
    const day = nextOpenDay();
    await statusForm.getByLabel('Status').selectOption('booked');
    await statusForm.getByLabel('Visit date').fill(day);
    await statusForm.getByLabel('Visit time').fill('10:30');
    await statusForm.getByRole('button', { name: 'Save status' }).click();
    await expect.poll(() => page.locator('.staff-dl .status').first().innerText()).toBe('Booked');
    const history = await page.locator('.staff-history').innerText();
    expect(history).toContain('New → Contacted');
    expect(history).toMatch(/Contacted → Booked, visit .* 10:30/);
    expect(history).toContain('by Front Desk');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(t.errors).toEqual([]);
    await t.close();

    // The patient's confirmation, with the calendar file, went through the outbox.
    let confirmation: string | undefined;
    await expect
      .poll(() => (confirmation = mails().find((m) => m.includes(`visit-${reference}.ics`))), { timeout: 20_000 })
      .toBeTruthy();
    expect(confirmation).toContain('To: ada.obi@example.com');
    expect(confirmation).toMatch(/Content-Type: text\/calendar/i);
    const base64 = /filename=visit-[A-Z0-9-]+\.ics\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)/.exec(confirmation!)?.[1];
    const ics = Buffer.from(base64!.replace(/\n/g, ''), 'base64').toString('utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART;TZID=Africa/Lagos:${day.replace(/-/g, '')}T103000`);
    expect(ics).toContain('\r\n');
  });
});
