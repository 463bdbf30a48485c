import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAxe } from '../support/a11y.mjs';
import { emulatorClient } from '../support/auth-emulator-client';
import { phonePhoto } from '../support/pictures';
import { hydrate, launch, startOwnServer } from './harness';

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
// A server of its own: this file publishes prices and a post, which the other files must not see.
let own: Awaited<ReturnType<typeof startOwnServer>>;
const baseUrl = () => own.url;
beforeAll(async () => {
  [browser, own] = await Promise.all([launch(), startOwnServer()]);
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
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

/** A new editor (the emulator's account, granted the role by `npm run staff`) signed in at /staff/content at 375 px. */
async function signedInEditor(name: string) {
  const email = `editor.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'editor-pass-2026';
  await emulatorClient(emulatorHost, projectId).signUp(email, password, name);
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
    // A failed resource is the test's own doing where it cuts the connection.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });

  // Sign in: back at the editor's home.
  await page.goto(`${baseUrl()}/staff/content`);
  await page.waitForURL(/\/login\?returnTo=/);
  await hydrate(page);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([page.waitForURL(`${baseUrl()}/staff/content`, { timeout: 30_000 }), page.getByRole('button', { name: 'Login Now' }).click()]);
  return { context, page, errors };
}

describe('the site editor in Chromium at 375 px', () => {
  it('an editor changes a service’s price, writes a post with a picture, restores a revision', { timeout: 300_000 }, async () => {
    const { context, page, errors } = await signedInEditor('Chioma Editor');
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
    expect(srcset).toMatch(/\/media\/[0-9a-f]{32}-400\.(avif|webp) 400w/);
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
  it('autosave: the server down, then its database down: the editor says it is not saved, keeps the text, retries and saves it', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await signedInEditor('Bayo Editor');
    await page.goto(`${baseUrl()}/staff/content/service/2`);
    await hydrate(page);
    await page.waitForSelector('.rte[data-ready="true"]');
    const status = page.locator('.content-autosave [role="status"]');
    const summary = page.locator('textarea[name="summary"]');
    const typed = `Typed on a bus with no signal (${Date.now()}).`;

    // The autosave's data requests: refused as a server that is down, answered as the site does when its database is away, or let through.
    let mode: 'down' | 'database' | 'up' = 'down';
    let tries = 0;
    await page.route(
      (url) => url.searchParams.has('_data'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        tries++;
        if (mode === 'down') return route.abort('connectionrefused');
        if (mode === 'database') {
          const version = Number(new URLSearchParams(route.request().postData() ?? '').get('version'));
          const data = { outcome: 'unavailable', intent: 'autosave', message: 'The site’s database is not answering, so this was not saved.', values: {}, version };
          return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ kind: 'data', status: 503, data }) });
        }
        return route.continue();
      },
    );

    await summary.fill(typed);
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Not saved: the site is not answering\. What you typed is kept/);
    expect(await summary.inputValue()).toBe(typed);
    expect(await page.evaluate(() => window.localStorage.getItem('content-draft:service:2'))).toContain('Typed on a bus');
    await shoot(page, 'content-autosave-failing');
    const afterDown = tries;
    // It tries again by itself.
    await expect.poll(() => tries, { timeout: 20_000 }).toBeGreaterThan(afterDown);

    mode = 'database';
    await page.getByRole('button', { name: 'Try now' }).click();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Not saved: the site’s database is not answering\./);
    expect(await summary.inputValue()).toBe(typed);

    // More typed and the page left at once, before this browser's copy is due (it is written at most
    // every half second while typing): it is kept as the page goes, and the next load offers it back.
    const more = `${typed} And the rest, typed as the page was closed.`;
    await summary.fill(more);
    await page.reload();
    await hydrate(page);
    await expect.poll(() => page.locator('.content-local').textContent()).toMatch(/This device kept changes you typed at .+ that were never saved\./);
    expect(await summary.inputValue()).not.toBe(more);
    await page.getByRole('button', { name: 'Put them back' }).click();
    expect(await summary.inputValue()).toBe(more);
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Not saved: the site’s database is not answering\./);

    mode = 'up';
    await page.getByRole('button', { name: 'Try now' }).click();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Draft saved at/);
    expect(await page.getByRole('button', { name: 'Try now' }).count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('content-draft:service:2'))).toBeNull();

    // The server has it: a new load of the page shows the draft, and no copy of this browser's is offered.
    await page.unroute((url) => url.searchParams.has('_data'));
    await page.reload();
    await hydrate(page);
    expect(await summary.inputValue()).toBe(more);
    expect(await page.locator('.content-local').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Publish pressed while an autosave is on its way waits for its answer, then publishes: the editor’s own draft is not a conflict', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await signedInEditor('Kemi Editor');
    await page.goto(`${baseUrl()}/staff/content/service/4`);
    await hydrate(page);
    await page.waitForSelector('.rte[data-ready="true"]');
    // The autosave reaches the server (a new version is made there) but its answer is held back,
    // as on a slow phone connection, until Publish has been pressed.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let answered = 0;
    await page.route(
      (url) => url.searchParams.has('_data'),
      async (route) => {
        if (route.request().method() !== 'POST' || new URLSearchParams(route.request().postData() ?? '').get('intent') !== 'autosave') return route.continue();
        const response = await route.fetch();
        answered++;
        await released;
        return route.fulfill({ response });
      },
    );
    await page.locator('textarea[name="summary"]').fill(`Written just before publishing (${Date.now()}).`);
    await expect.poll(() => answered, { timeout: 30_000 }).toBe(1);
    await page.getByRole('button', { name: 'Publish now' }).click();
    release();
    await page.waitForURL(/done=published/, { timeout: 30_000 });
    expect(await page.getByText('changed meanwhile').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the keyboard: every control of the editor reachable by Tab, each with its focus shown; the toolbar one stop, its buttons named and reached by arrows', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await signedInEditor('Ada Keys');
    await page.goto(`${baseUrl()}/staff/content/service/3`);
    await hydrate(page);
    await page.waitForSelector('.rte[data-ready="true"]');
    // Every control a pointer could use in the editor's screen, numbered (the toolbar's apart: one tab stop).
    const expected = await page.evaluate(() => {
      const all = Array.from(document.querySelectorAll<HTMLElement>('.content-editor a[href], .content-editor button, .content-editor input, .content-editor select, .content-editor textarea, .content-editor [contenteditable="true"]'));
      // `:disabled` also covers a disabled fieldset's controls (the deposit rule, read-only to an editor).
      const usable = all.filter((el) => !el.matches(':disabled') && (el as HTMLInputElement).type !== 'hidden' && el.tabIndex !== -1 && !el.closest('[hidden], .rte__toolbar, dialog') && el.getClientRects().length > 0);
      usable.forEach((el, i) => el.setAttribute('data-kb', String(i)));
      return usable.map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}`);
    });
    expect(expected.length).toBeGreaterThan(15);

    // Tab from the page's start to its end: where focus goes, and whether it shows.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const reached = new Set<string>();
    const unseen: string[] = [];
    let toolbarStops = 0;
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const here = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        // The ring shows on the element, or on the label that stands for a visually hidden file input.
        const shown = (e: Element | null) => {
          if (!e) return false;
          const s = getComputedStyle(e);
          return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
        };
        const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
        return { kb: el.getAttribute('data-kb'), toolbar: Boolean(el.closest('.rte__toolbar')), visible: shown(el) || shown(label), what: `${el.tagName.toLowerCase()} ${el.getAttribute("name") ?? el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30)}`, inEditor: Boolean(el.closest('.content-editor')) };
      });
      if (!here) break;
      if (here.toolbar) toolbarStops++;
      if (here.kb !== null) reached.add(here.kb);
      if (here.inEditor && !here.visible) unseen.push(here.what);
      if (here.kb === String(expected.length - 1)) break;
    }
    expect(expected.filter((_, i) => !reached.has(String(i)))).toEqual([]);
    expect(unseen).toEqual([]);
    // One stop per rich-text field's toolbar (the service has one: its description).
    expect(toolbarStops).toBe(1);

    // The toolbar: every control named, the arrows walk all of them and come round.
    const toolbar = page.locator('.rte__toolbar').first();
    const names = await toolbar.locator('button:not([disabled]), select').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => !n.trim())).toEqual([]);
    await toolbar.locator('select').focus();
    const walked: string[] = [];
    for (let i = 0; i < names.length; i++) {
      walked.push((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '');
      await page.keyboard.press('ArrowRight');
    }
    expect(walked).toEqual(names);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(names[0]);
    // Bold by keyboard from the toolbar: Enter on the button presses it.
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bold');
    await page.keyboard.press('Enter');
    expect(await toolbar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'content-toolbar-focus');
    expect(errors).toEqual([]);
    await context.close();
  });
});
