import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, CHROMIUM_ARGS, CHROMIUM_PATH } from './harness';

// Most visitors come on Android phones, which have none of the fonts the desktop fallback faces
// name (Arial, Liberation Sans, Arimo, Times New Roman…): there, shared/styles/font-fallbacks.css
// must find Roboto and Noto Serif, or the text is drawn in plain Roboto (7% narrower than Inter)
// and jumps when the web fonts come. Chromium runs here with only Android's fonts
// (tests/support/android-fonts, through a fontconfig file of its own), with Android's family
// aliases (fonts.xml: arial → sans-serif, georgia → serif…), which local() does not follow.

const FONTS = path.join(import.meta.dirname, '..', 'support', 'android-fonts');
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'android-fonts-'));
  const alias = (from: string, to: string) => `<alias><family>${from}</family><prefer><family>${to}</family></prefer></alias>`;
  writeFileSync(
    path.join(dir, 'fonts.conf'),
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${FONTS}</dir><cachedir>${path.join(dir, 'cache')}</cachedir>` +
      ['sans-serif', 'system-ui', 'arial', 'helvetica'].map((f) => alias(f, 'Roboto')).join('') +
      ['serif', 'georgia', 'times', 'times new roman'].map((f) => alias(f, 'Noto Serif')).join('') +
      '</fontconfig>',
  );
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, env: { ...process.env, FONTCONFIG_FILE: path.join(dir, 'fonts.conf') } });
});
afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function phone() {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

/** The fonts Chromium drew an element's text with: the system font's family, "(local)" when an @font-face's local() found it. */
async function drawnWith(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return [...new Set(fonts.map((f) => `${f.familyName}${f.isCustomFont ? ' (local)' : ''}`))];
}

/** The top and bottom of every block of the first screen (headings, paragraphs, buttons, fields, pictures). */
const blocks = (page: Page): Promise<{ what: string; top: number; bottom: number }[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('main :is(h1, h2, h3, p, li, a.btn, button, input, select, textarea, img, label)')]
      .map((e) => ({ what: `${e.localName}.${String(e.className).split(' ')[0]}`, top: e.getBoundingClientRect().top + scrollY, bottom: e.getBoundingClientRect().bottom + scrollY })),
  );

describe("the fallback faces on Android's fonts", () => {
  it('are found for both families and both weights: text waiting for the web fonts is drawn in Roboto and Noto Serif sized like them', async () => {
    const { context, page } = await phone();
    // The web fonts never come: the page stays on its fallback faces.
    await page.route('**/*.woff2', (r) => r.abort());
    await page.goto(baseUrl() + '/checkout', { waitUntil: 'load' });
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((f) => /Fallback$/.test(f.family)).map((f) => ({ family: f.family, weight: f.weight, status: f.status })),
    );
    const loaded = (family: string, weight: string) => faces.some((f) => f.family === family && f.weight === weight && f.status === 'loaded');
    expect(faces.length).toBeGreaterThan(0);
    expect(loaded('Inter Fallback', '100 549'), JSON.stringify(faces)).toBe(true);
    expect(loaded('Inter Fallback', '550 900'), JSON.stringify(faces)).toBe(true);
    expect(loaded('Fraunces Fallback', '550 900'), JSON.stringify(faces)).toBe(true);
    expect(await drawnWith(page, 'main p')).toEqual(['Roboto']);
    expect(await drawnWith(page, 'main h1')).toEqual(['Noto Serif']);
    await context.close();
  });

  // Before the Android faces, the blocks of the first screen moved when the web
  // fonts came (26–56 px here; the Layout Instability API gave /checkout 0.169, /homeThree 0.099, /login 0.043,
  // /doctors 0.032), because the text was drawn in plain Roboto until then.
  for (const route of ['/checkout', '/homeThree', '/login', '/doctors']) {
    it(`${route}: the web fonts arriving after the first paint move no block of the first screen by more than 4 px at 375 px`, async () => {
      const { context, page } = await phone();
      // The fonts are held until the page has painted with its fallback faces.
      let release!: () => void;
      const painted = new Promise<void>((r) => (release = r));
      await page.route('**/*.woff2', async (r) => {
        await painted;
        await r.continue();
      });
      const loading = page.goto(baseUrl() + route, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'), null, { timeout: 30_000 });
      expect(await page.evaluate(() => document.fonts.check('1em "Inter Variable"'))).toBe(false);
      const before = await blocks(page);
      release();
      await loading;
      await page.waitForFunction(() => document.fonts.check('1em "Inter Variable"') && document.fonts.check('600 1em "Fraunces Variable"'));
      const after = await blocks(page);
      expect(after.length).toBe(before.length);
      const moved = before
        .map((b, i) => ({ ...b, by: Math.round(Math.max(Math.abs(after[i]!.top - b.top), Math.abs(after[i]!.bottom - b.bottom))) }))
        .filter((b) => b.top < 800)
        .sort((a, b) => b.by - a.by);
      expect(moved[0]!.by, JSON.stringify(moved.slice(0, 3))).toBeLessThanOrEqual(4);
      await context.close();
    });
  }
});
