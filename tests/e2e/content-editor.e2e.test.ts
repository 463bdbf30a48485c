import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAxe } from '../support/a11y.mjs';
import { emulatorClient } from '../support/auth-emulator-client';
import { phonePhoto } from '../support/pictures';
import { baseUrl, hydrate, launch } from './harness';

// Issue 45 in a real browser at phone width: an editor signs in, changes a service's price and
// publishes it (the service page and the booking step show it), writes a post with an uploaded
// picture (the blog lists it; its page shows the picture with srcset), restores an earlier
// revision; every editor screen axe clean and without sideways scrolling.

const run = promisify(execFile);
const emulatorHost = inject('authEmulatorHost');
const projectId = inject('authProjectId');
/** Where to keep screenshots for a person to look at (unset: none are taken). */
const SHOTS = process.env.SHOTS_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const violations = async (page: Page) => (await runAxe(page)).map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).join(', ')}`);

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The screen is right: axe clean, no sideways scrolling, a screenshot kept. */
async function check(page: Page, name: string) {
  await hydrate(page);
  expect(await violations(page), name).toEqual([]);
  expect(await overflow(page), name).toBe(0);
  await shoot(page, name);
}

describe('the site editor in Chromium at 375 px', () => {
  it('an editor changes a service’s price, writes a post with a picture, restores a revision', { timeout: 300_000 }, async () => {
    const email = `editor.${Date.now()}@example.com`;
    const password = 'editor-pass-2026';
    await emulatorClient(emulatorHost, projectId).signUp(email, password, 'Chioma Editor');
    const granted = await run('npm', ['run', '--silent', 'staff', '--', 'grant', email, '--role', 'editor'], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, NODE_ENV: 'test' },
      timeout: 60_000,
    });
    expect(granted.stdout).toContain(email);

    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
    });

    // Sign in: back at the editor's home.
    await page.goto(`${baseUrl()}/staff/content`);
    await page.waitForURL(/\/login\?returnTo=/);
    await hydrate(page);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await Promise.all([page.waitForURL(`${baseUrl()}/staff/content`, { timeout: 30_000 }), page.getByRole('button', { name: 'Login Now' }).click()]);
    await check(page, 'content-home');

    // A service's price, published.
    await page.locator('a[href="/staff/content/service"]').first().click();
    await page.waitForURL(/\/staff\/content\/service$/);
    await check(page, 'content-services');
    await page.locator('a[href="/staff/content/service/1"]').click();
    await page.waitForURL(/\/staff\/content\/service\/1$/);
    await check(page, 'content-service');
    await page.locator('input[name="priceNgn"]').fill('27500');
    await Promise.all([page.waitForURL(/done=published/), page.getByRole('button', { name: 'Publish now' }).click()]);
    await hydrate(page);
    await expect.poll(() => page.locator('[role="status"]').first().textContent()).toMatch(/[Pp]ublished/);
    await page.goto(`${baseUrl()}/service-detail/1`);
    expect(await page.locator('main').textContent()).toContain('₦27,500');
    await page.goto(`${baseUrl()}/book?service=1&visit=follow_up&practitioner=any`);
    expect(await page.locator('main').textContent()).toContain('₦27,500');

    // A post with an uploaded picture.
    await page.goto(`${baseUrl()}/staff/content/post`);
    await hydrate(page);
    await page.locator('input[name="title"]').fill('Carrying a school bag well');
    await Promise.all([page.waitForURL(/\/staff\/content\/post\/[^/?]+$/), page.getByRole('button', { name: 'Start a draft' }).click()]);
    const editorUrl = page.url();
    await hydrate(page);
    await page.locator('input[name="slug"]').fill('carrying-a-school-bag-well');
    await page.locator('textarea[name="excerpt"]').fill('Two straps, the heaviest books nearest the back.');
    await page.locator('.rte__content').click();
    await page.keyboard.type('Wear both straps and keep the bag close to the back.');
    const photo = await phonePhoto({ width: 1200, height: 900 });
    await page.locator('.editor-picture').first().locator('input[type="file"]').setInputFiles({ name: 'school-bag.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => page.locator('.editor-picture').first().textContent(), { timeout: 60_000 }).toContain('is uploaded and chosen');
    await page.locator('input[name="coverAlt"]').fill('A child wearing a school bag on both shoulders');
    await page.locator('input[name="category"]').fill('Wellness');
    await page.locator('select[name="authorId"]').selectOption({ index: 1 });
    await check(page, 'content-post');
    await Promise.all([page.waitForURL(/done=published/), page.getByRole('button', { name: 'Publish now' }).click()]);

    await page.goto(`${baseUrl()}/blogs`);
    expect(await page.locator('main').textContent()).toContain('Carrying a school bag well');
    await page.goto(`${baseUrl()}/blogDetails?post=carrying-a-school-bag-well`);
    await hydrate(page);
    const srcset = await page.locator('main picture source').first().getAttribute('srcset');
    expect(srcset).toMatch(/\/media\/[0-9a-f]+\.(avif|webp) 400w/);
    expect(await page.locator('main').textContent()).toContain('Wear both straps');

    // A second revision, then the first restored.
    await page.goto(editorUrl);
    await hydrate(page);
    await page.locator('input[name="title"]').fill('School bags: carry them well');
    await Promise.all([page.waitForURL(/done=published/), page.getByRole('button', { name: 'Publish now' }).click()]);
    await page.goto(`${editorUrl}/revisions/1`);
    await check(page, 'content-revision');
    await Promise.all([page.waitForURL(/done=restored|\/staff\/content\/post\/[^/]+(\?|$)/), page.getByRole('button', { name: 'Restore revision 1' }).click()]);
    await page.goto(`${baseUrl()}/blogs`);
    const blogs = await page.locator('main').textContent();
    expect(blogs).toContain('Carrying a school bag well');
    expect(blogs).not.toContain('School bags: carry them well');

    await page.goto(`${baseUrl()}/staff/content/media`);
    await check(page, 'content-media');

    // At 1280 px: the same screens, axe clean, nothing sideways.
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [name, to] of [['content-home', '/staff/content'], ['content-service', '/staff/content/service/1'], ['content-post', new URL(editorUrl).pathname]] as const) {
      await page.goto(`${baseUrl()}${to}`);
      await check(page, name);
    }
    expect(errors).toEqual([]);

    // Without JavaScript (the same session): the form still publishes.
    const plain = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false, storageState: await context.storageState() });
    const noJs = await plain.newPage();
    await noJs.goto(`${baseUrl()}/staff/content/service/1`);
    await noJs.locator('input[name="priceNgn"]').fill('28000');
    await Promise.all([noJs.waitForURL(/done=published/), noJs.getByRole('button', { name: 'Publish now' }).click()]);
    await noJs.goto(`${baseUrl()}/service-detail/1`);
    expect(await noJs.locator('main').textContent()).toContain('₦28,000');
    await plain.close();
    await context.close();
  });
});
