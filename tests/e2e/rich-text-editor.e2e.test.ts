/**
 * The staff's rich-text editor in Chromium, mounted in a test page (tests/e2e/editor-page/,
 * built here with Vite and served by a small server of this test, with /media/* answering a
 * real JPEG): it loads on demand, works with the keyboard at 375 px, its link and picture
 * dialogs check what is typed, it emits the JSON the schema accepts, and pasting from Word and
 * Google Docs keeps the structure and drops the styling. axe on the page with the dialogs open.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRichText } from '../../shared/platform/rich-text';
import { runAxe } from '../support/a11y.mjs';
import { GOOGLE_DOCS_HTML, PASTED_STRUCTURE, WORD_HTML } from '../support/clipboard-samples';
import { launch, openPage, type TestPage } from './harness';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2' };

let out: string;
let server: Server;
let origin: string;
let browser: Browser;
const shots = process.env.SHOTS_DIR;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'editor-page-'));
  await build({
    configFile: false,
    root: path.resolve('tests/e2e/editor-page'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true, target: 'es2022' },
  });
  const jpeg = await sharp({ create: { width: 400, height: 267, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/media/')) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg);
      return;
    }
    const file = path.join(out, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(out)) return void res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  rmSync(out, { recursive: true, force: true });
});

async function openEditor(width = 375): Promise<TestPage> {
  const t = await openPage(browser, { width, height: 800 });
  await t.page.goto(origin);
  await t.page.waitForSelector('.rte[data-ready="true"] .rte__content');
  return t;
}

/** Clicks into the text and puts the caret at its end. */
async function caretAtEnd(page: Page) {
  await page.locator('.rte__content').click();
  await page.keyboard.press('Control+End');
}

/** Presses keys and types text, in order: a string is a key (`Control+b`), `{ type }` is text. */
async function keys(page: Page, ...steps: (string | { type: string })[]) {
  for (const step of steps) await (typeof step === 'string' ? page.keyboard.press(step) : page.keyboard.type(step.type));
}

/** No console error or failed request on the page, then it closes. */
async function finish(t: TestPage) {
  expect(t.errors).toEqual([]);
  await t.close();
}

const emitted = async (page: Page) => JSON.parse((await page.getByTestId('json').textContent()) || 'null') as unknown;
const hidden = async (page: Page) => JSON.parse(await page.locator('input[type=hidden][name=body]').inputValue()) as unknown;

type J = { type: string; text?: string; attrs?: Record<string, unknown>; marks?: { type: string; attrs?: Record<string, unknown> }[]; content?: J[] };

/** One line per block: its type and text, marks in brackets where they start, nested lists in parentheses. */
function summary(doc: J): string[] {
  const inline = (nodes: J[] = []) =>
    nodes
      .map((n) => {
        const marks = (n.marks ?? []).map((m) => (m.type === 'link' ? `[link ${String(m.attrs?.href)}]` : `[${m.type}]`)).join('');
        return n.type === 'text' ? `${marks}${n.text}` : '\n';
      })
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  const list = (l: J): string =>
    `${l.type}: ${(l.content ?? [])
      .map((li) =>
        (li.content ?? [])
          .map((c) => (c.type === 'paragraph' ? inline(c.content) : `( ${list(c)} )`))
          .join(' '),
      )
      .join(' | ')}`;
  return (doc.content ?? [])
    .filter((b) => !(b.type === 'paragraph' && !inline(b.content)))
    .map((b) => (b.type === 'heading' ? `heading ${String(b.attrs?.level)}: ${inline(b.content)}` : b.type.endsWith('List') ? list(b) : `${b.type}: ${inline(b.content)}`));
}

async function paste(page: Page, html: string) {
  await page.evaluate((h) => {
    const target = document.querySelector('.rte__content')!;
    const data = new DataTransfer();
    data.setData('text/html', h);
    data.setData('text/plain', 'plain fallback');
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

describe('the rich-text editor', () => {
  it('loads on demand into the field, fits 375 px with 44 px targets, and is axe-clean', async () => {
    const t = await openEditor();
    const { page } = t;
    // The editor is its own chunk, fetched after the page (never in the page's entry).
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('textarea[name=bodyText]').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const small = await page.$$eval('.rte__toolbar button, .rte__toolbar select', (els) =>
      els.map((e) => e.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length,
    );
    expect(small).toBe(0);
    const names = await page.$$eval('.rte__toolbar button', (els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names).toEqual(['Bold', 'Italic', 'Link', 'Bulleted list', 'Numbered list', 'Quote', 'Insert picture', 'Undo', 'Redo']);
    expect(await runAxe(page)).toEqual([]);
    if (shots) await page.screenshot({ path: path.join(shots, 'editor-375.png'), fullPage: true });
    await finish(t);
  });

  it('formats with the keyboard: toolbar by arrows, Ctrl+B, text style, lists; emits the JSON the schema accepts', async () => {
    const t = await openEditor();
    const { page } = t;
    await caretAtEnd(page);
    await keys(page, 'Enter', { type: 'Bring ' }, 'Control+b', { type: 'comfortable' }, 'Control+b', { type: ' clothes' });
    await expect.poll(() => page.locator('.rte__content strong').textContent()).toBe('comfortable');
    // Into the toolbar with Shift+Tab from the text? The toolbar comes before it: Tab from the page's start.
    await page.locator('.rte__style').focus();
    await keys(page, 'ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bold');
    await keys(page, 'ArrowLeft', 'ArrowLeft');
    // Wrapped round to the last control that can act (Redo is disabled: nothing to redo).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Undo');
    // A heading from the style select, then a bulleted list, by keyboard.
    await caretAtEnd(page);
    await keys(page, 'Enter', { type: 'What to bring' });
    await page.locator('.rte__style').selectOption('2');
    await expect.poll(() => page.locator('.rte__content h2').textContent()).toBe('What to bring');
    await keys(page, 'End', 'Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).focus();
    await keys(page, 'Enter', { type: 'Your scan results' });
    await expect.poll(() => page.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true');
    // onChange comes once the edits pause (the document is serialised after the tap has painted).
    const structure = ['paragraph: Our clinic opens at eight.', 'paragraph: Bring [bold]comfortable clothes', 'heading 2: What to bring', 'bulletList: Your scan results'];
    await expect.poll(async () => summary((await emitted(page)) as J)).toEqual(structure);
    const json = (await emitted(page)) as J;
    expect(parseRichText(json).ok).toBe(true);
    expect(await hidden(page)).toEqual(json);
    await finish(t);
  });

  it('links through its dialog: refuses javascript:, makes https:// of a bare address, removes with an empty one', async () => {
    const t = await openEditor();
    const { page } = t;
    await caretAtEnd(page);
    await keys(page, 'Shift+Home', 'Control+k');
    const dialog = page.getByRole('dialog', { name: 'Link' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.type('javascript:alert(1)');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.locator('.rte__error').textContent()).toMatch(/must be a web address/);
    expect(await dialog.locator('input').inputValue()).toBe('javascript:alert(1)');
    expect(await runAxe(page)).toEqual([]);
    if (shots) await page.screenshot({ path: path.join(shots, 'editor-link-dialog-375.png') });
    await dialog.locator('input').fill('example.com/hours');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.locator('.rte__content a').getAttribute('href')).toBe('https://example.com/hours');
    await expect.poll(async () => summary((await emitted(page)) as J)).toEqual(['paragraph: [link https://example.com/hours]Our clinic opens at eight.']);
    // Escape closes without a change; an empty address removes the link.
    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.keyboard.press('Control+k');
    await dialog.locator('input').fill('');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.rte__content a').count()).toBe(0);
    await finish(t);
  });

  it('a key typed at once after the link dialog’s Enter goes into the text, with the next frame held back', async () => {
    const t = await openEditor();
    const { page } = t;
    await caretAtEnd(page);
    // A slow phone's frame, or a loaded machine's: TipTap moves focus in an animation frame; hold
    // every frame back so a focus that waited for one would not have moved when the keys come.
    await page.evaluate(() => {
      window.requestAnimationFrame = (cb) => window.setTimeout(() => cb(performance.now()), 60_000);
    });
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Link' });
    await dialog.locator('input').fill('example.com/hours');
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.type(' Call us.');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.locator('.rte__content').textContent()).toMatch(/ Call us\.$/);
    await finish(t);
  });

  it('a toolbar tap presses its toggle without serialising the document; the form’s data has the change at once, onChange follows the pause', async () => {
    const t = await openEditor();
    const { page } = t;
    await caretAtEnd(page);
    // In one go in the page: JSON.stringify watched for the document, Quote tapped, React's
    // commit awaited (a microtask), then the form's data read as a submission or the autosave does.
    const seen = await page.evaluate(async () => {
      const stringify = JSON.stringify;
      let docs = 0;
      JSON.stringify = ((value: unknown, ...rest: unknown[]) => {
        if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'doc') docs++;
        return (stringify as (...a: unknown[]) => string)(value, ...rest);
      }) as typeof JSON.stringify;
      try {
        const quote = document.querySelector<HTMLButtonElement>('.rte__toolbar button[aria-label="Quote"]')!;
        quote.click();
        // React commits the toggle's state in a microtask (a discrete update): a few are enough.
        for (let i = 0; i < 5; i++) await Promise.resolve();
        const pressed = quote.getAttribute('aria-pressed');
        const docsInTap = docs;
        const body = new FormData(document.querySelector('form')!).get('body');
        return { pressed, docsInTap, docsAfterRead: docs, body: typeof body === 'string' ? (JSON.parse(body) as J) : null, emittedYet: document.querySelector('[data-testid=json]')!.textContent };
      } finally {
        JSON.stringify = stringify;
      }
    });
    // Each block's type and text (a quote's paragraphs' text); the empty paragraph TipTap keeps after a quote left out.
    const quoted = (doc: J | null) =>
      (doc?.content ?? []).filter((b) => b.type !== 'paragraph' || b.content?.length).map((b) => `${b.type}: ${(b.content ?? []).map((p) => (p.content ?? []).map((n) => n.text ?? '').join('')).join(' ')}`);
    expect(seen.pressed).toBe('true');
    expect(seen.docsInTap).toBe(0);
    // Read at once, the form has the quote (the editor serialised it then; the test page's onChange stringifies it again).
    expect(seen.docsAfterRead).toBeGreaterThanOrEqual(1);
    expect(quoted(seen.body)).toEqual(['blockquote: Our clinic opens at eight.']);
    await expect.poll(async () => quoted((await emitted(page)) as J)).toEqual(['blockquote: Our clinic opens at eight.']);
    // Typing: the hidden input and onChange have it after the pause.
    await page.keyboard.type(' Call us.');
    await expect.poll(async () => quoted((await emitted(page)) as J)).toEqual(['blockquote: Our clinic opens at eight. Call us.']);
    expect(quoted((await hidden(page)) as J)).toEqual(['blockquote: Our clinic opens at eight. Call us.']);
    await finish(t);
  });

  it('inserts a picture through the upload callback, with a required description; shows a refused upload’s message', async () => {
    const t = await openEditor();
    const { page } = t;
    await caretAtEnd(page);
    // A refused file: its message, the text untouched.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert picture' }).click();
    await (await chooser).setFiles({ name: 'refuse.heic', mimeType: 'image/heic', buffer: Buffer.from('x') });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/export it as JPEG/);
    // An accepted one: the description dialog, which needs words.
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert picture' }).click();
    await (await chooser2).setFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('x') });
    const dialog = page.getByRole('dialog', { name: 'Describe the picture' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Insert picture' }).click();
    await expect.poll(() => dialog.locator('.rte__error').textContent()).toMatch(/Describe the picture/);
    expect(await runAxe(page)).toEqual([]);
    await dialog.locator('textarea').fill('The treatment room, with a bed by the window');
    await dialog.getByRole('button', { name: 'Insert picture' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.locator('.rte__picture img').getAttribute('alt')).toBe('The treatment room, with a bed by the window');
    await expect.poll(async () => page.locator('.rte__picture img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await expect.poll(async () => ((await emitted(page)) as J | null)?.content?.some((b) => b.type === 'picture')).toBe(true);
    const json = (await emitted(page)) as J;
    const pictureNode = json.content!.find((b) => b.type === 'picture')!;
    // The second upload (the refused one was the first).
    expect(pictureNode.attrs).toEqual({ media: '2'.repeat(32), alt: 'The treatment room, with a bed by the window' });
    expect(parseRichText(json).ok).toBe(true);
    if (shots) await page.screenshot({ path: path.join(shots, 'editor-picture-375.png'), fullPage: true });
    await finish(t);
  });

  for (const [source, html] of [
    ['Word', WORD_HTML],
    ['Google Docs', GOOGLE_DOCS_HTML],
  ] as const) {
    it(`keeps the structure of a paste from ${source} and drops its styling`, async () => {
      const t = await openEditor(1280);
      const { page } = t;
      await page.locator('.rte__content').click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Delete');
      await paste(page, html);
      await expect.poll(async () => summary((await emitted(page)) as J)).toEqual(PASTED_STRUCTURE);
      const json = (await emitted(page)) as J;
      const parsed = parseRichText(json);
      expect(parsed.ok).toBe(true);
      // What the field posts is the schema's form: nothing of the source's styling is in it.
      expect(await hidden(page)).toEqual(json);
      expect(JSON.stringify(json)).not.toMatch(/style|color|font|class|Mso|mso-|Comic|docs-internal|null/i);
      // Nothing styled is left in the editor's own markup either.
      expect(await page.locator('.rte__content [style], .rte__content span, .rte__content font').count()).toBe(0);
      if (shots) await page.screenshot({ path: path.join(shots, `editor-paste-${source.replace(' ', '-').toLowerCase()}-1280.png`), fullPage: true });
      await finish(t);
    });
  }
});
