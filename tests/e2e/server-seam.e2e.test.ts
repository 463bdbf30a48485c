import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated, launch, openPage } from './harness';

const out = process.env.BUILD_OUT ?? 'dist';
const readAll = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');

describe('the server seam in the built bundles', () => {
  const client = readAll(path.join(out, 'client'));
  const server = readAll(path.join(out, 'server'));
  // Markers of firebase-admin and of server/: strings that only server code contains.
  const serverOnly = ['verifySessionCookie', 'createSessionCookie', 'form could not be stored', 'data request failed', 'is set but server/'];

  it.each(serverOnly)('the browser bundle does not contain %s', (marker) => {
    expect(client).not.toContain(marker);
  });

  it.each(serverOnly)('the server bundle does contain %s (the marker is real)', (marker) => {
    expect(server).toContain(marker);
  });
});

describe('a submission after hydration goes through the server, without a reload', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the contact form posts to its route as a data request and shows the answer', async () => {
    const { page, errors, close } = await openPage(browser);
    await gotoHydrated(page, '/contact');
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    const form = page.locator('form.contact-form');
    await form.locator('input[name="name"]').fill('Ada Obi');
    await form.locator('input[name="email"]').fill('ada@example.com');
    await form.locator('textarea[name="message"]').fill('Do you see children?');
    const answer = page.waitForResponse((r) => r.url().includes('_data=%2Fcontact') && r.request().method() === 'POST');
    await form.locator('button[type="submit"]').click();
    expect((await answer).status()).toBeLessThan(500);
    await expect.poll(() => page.locator('.contact-write .form-result').innerText()).toMatch(/MSG-[A-Z0-9]{5}/);
    // Same document: the page was not reloaded.
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
