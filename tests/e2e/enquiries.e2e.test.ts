import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abujaNow } from '../../shared/platform/clinic-time';
import { copyPgliteTemplateInto } from '../support/pglite-template';
import { baseUrl, gotoHydrated, launch, openPage, serverArgs } from './harness';

/** The next open day (not Saturday) at least one day ahead, in Abuja. */
function nextOpenDay(): string {
  let t = Date.parse(`${abujaNow().date}T12:00:00Z`) + 86_400_000;
  while (new Date(t).getUTCDay() === 6) t += 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

async function fillAppointment(page: Page, phone: string) {
  const form = page.locator('form.appointment-form');
  await form.locator('select[name="service"]').selectOption('1');
  await form.locator('input[name="name"]').fill('Ada Obi');
  await form.locator('input[name="phone"]').fill(phone);
  await form.locator('input[name="date"]').fill(nextOpenDay());
  await form.locator('input[name="time"]').fill('10:30');
  await form.locator('textarea[name="request"]').fill('Ground floor please');
  return form;
}

async function fillContact(page: Page, message: string) {
  const form = page.locator('form.contact-form');
  await form.locator('input[name="name"]').fill('Chidi Okafor');
  await form.locator('input[name="email"]').fill('chidi@example.com');
  await form.locator('input[name="phone"]').fill('0803 123 4567');
  await form.locator('textarea[name="message"]').fill(message);
  return form;
}

describe('forms deliver, with and without JavaScript', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the appointment form (JavaScript on) sends without a reload and shows the reference', async () => {
    const { page, errors, close } = await openPage(browser, { width: 375, height: 800 });
    await gotoHydrated(page, '/appoinment');
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    const form = await fillAppointment(page, '0803 123 4567');
    const posted = page.waitForResponse((r) => r.url().includes('_data=') && r.request().method() === 'POST');
    await form.locator('button[type="submit"]').click();
    expect((await posted).status()).toBe(200);
    const result = page.locator('.form-result');
    await expect.poll(() => result.innerText()).toMatch(/APT-[A-Z0-9]{5}/);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('form-result'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('a refused appointment (JavaScript on) keeps everything typed, marks the field and focuses it', async () => {
    const { page, errors, close } = await openPage(browser);
    await gotoHydrated(page, '/appoinment');
    const form = await fillAppointment(page, '12345');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('.field__error').first().innerText()).toContain('Nigerian phone number');
    expect(await form.locator('input[name="phone"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('phone');
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Ada Obi');
    expect(await form.locator('textarea[name="request"]').inputValue()).toBe('Ground floor please');
    expect(errors).toEqual([]);
    await close();
  });

  it('once hydrated, a form near the screen has its checker loaded before the submit: an empty submit loads no script and asks the server nothing', async () => {
    const { page, errors, close } = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    // Scripts asked for (a request started), and those not yet finished.
    const scripts: string[] = [];
    const finished: string[] = [];
    let pending = 0;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
      if (r.resourceType() !== 'script') return;
      scripts.push(new URL(r.url()).pathname);
      pending++;
    });
    const ended = (r: Request) => {
      if (r.resourceType() !== 'script') return;
      pending--;
      finished.push(new URL(r.url()).pathname);
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    await gotoHydrated(page, '/contact');
    const form = page.locator('form.contact-form');
    await form.scrollIntoViewIfNeeded();
    // Loaded at an idle moment once the form is within a screen of the viewport…
    await expect.poll(() => finished.some((s) => /\/schemas-[\w-]+\.js$/.test(s)), { timeout: 10_000 }).toBe(true);
    // …with the modules it imports (asked for once it is parsed): no script in flight for half a second.
    let quietSince = 0;
    await expect
      .poll(
        () => {
          if (pending > 0) quietSince = 0;
          else quietSince ||= Date.now();
          return quietSince > 0 && Date.now() - quietSince >= 500;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    const before = scripts.length;
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('.enquiry-form__alert').innerText()).toMatch(/Please correct the \d+ fields marked below/);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    expect(scripts.slice(before)).toEqual([]);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('a form whose checker cannot load (offline, a new deployment) is checked by the server instead, with everything typed kept', async () => {
    const { page, close } = await openPage(browser, { width: 375, height: 800, serviceWorkers: 'block' });
    await page.route(/\/assets\/schemas-[\w-]+\.js$/, (route) => route.abort());
    await gotoHydrated(page, '/contact');
    const form = page.locator('form.contact-form');
    await form.locator('input[name="name"]').fill('Chidi Okafor');
    const posted = page.waitForResponse((r) => r.request().method() === 'POST');
    await form.locator('button[type="submit"]').click();
    // The server's answer: 422, the fields marked, what was typed kept.
    expect((await posted).status()).toBe(422);
    await expect.poll(() => form.locator('.field__error').first().innerText()).not.toBe('');
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Chidi Okafor');
    await close();
  });

  it('the contact form works with JavaScript off: the server answers with the reference', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/contact`);
    const form = await fillContact(page, 'Back pain after a long drive (no JavaScript).');
    await Promise.all([page.waitForLoadState('load'), form.locator('button[type="submit"]').click()]);
    await expect.poll(() => page.locator('.form-result').innerText()).toMatch(/MSG-[A-Z0-9]{5}/);
    await context.close();
  });
});

/** No identity service for this server of its own: the forms need none. */
function withoutFirebase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('FIREBASE_') && key !== 'GOOGLE_APPLICATION_CREDENTIALS'));
}

/** Starts the built server on a port the OS picks (PORT=0: no free-port guess that another process could take); resolves with the port it logs. */
function startServer(dataDir: string): Promise<{ server: ChildProcess; port: number }> {
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...withoutFirebase(process.env), NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const listening = out.split('\n').slice(0, -1).find((line) => line.includes('"msg":"listening"'));
      if (listening) resolve({ server: child, port: Number(new URL((JSON.parse(listening) as { url: string }).url).port) });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

describe('a request survives a restart of the server', () => {
  it('after SIGTERM and a new start on the same data, the same submission finds its first reference', async () => {
    // A data directory of its own, from the migrated database the run shares: creating one is
    // most of a minute on a loaded machine, and not what this test is about.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-e2e-data-'));
    copyPgliteTemplateInto(inject('pgliteTemplateDir'), dataDir);
    let port = 0;
    const browser = await launch();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const send = async () => {
      await page.goto(`http://127.0.0.1:${port}/contact`);
      const form = await fillContact(page, 'Kept across a restart.');
      await Promise.all([page.waitForLoadState('load'), form.locator('button[type="submit"]').click()]);
      return /MSG-[A-Z0-9]{5}/.exec(await page.locator('.form-result').innerText())?.[0];
    };
    try {
      let server: ChildProcess;
      ({ server, port } = await startServer(dataDir));
      const first = await send();
      expect(first).toBeTruthy();
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
      ({ server, port } = await startServer(dataDir));
      expect(await send()).toBe(first);
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    } finally {
      await context.close();
      await browser.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
