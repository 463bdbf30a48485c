// Accessibility checks shared by `npm run measure -- --a11y` and tests/e2e/a11y-*.e2e.test.ts:
// axe-core in a Playwright page, and the W3C Nu HTML checker (vnu-jar on Java) over server HTML.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** WCAG 2.0–2.2 A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let axeSource;

/**
 * Runs axe on the page as it is now. The page's context must bypass the CSP (axe is injected
 * as an inline script). Returns the violations, each with the selectors of its nodes.
 */
export async function runAxe(page, { exclude = [] } = {}) {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(
    async ({ tags, exclude }) => {
      const axe = window.axe;
      const result = await axe.run(
        { include: [document], exclude: exclude.map((s) => [s]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      );
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    },
    { tags: AXE_TAGS, exclude },
  );
}

/**
 * Scrolls to the bottom and back at a reader's pace, so lazy sections (carousels, counters,
 * images) start as a visitor would see them: each position is held for 40 ms and at least two
 * rendered frames (lazy sections notice they are in view when a frame is rendered, and a loaded
 * machine renders fewer frames than 40 ms would hold). Then, on a hydrated page, waits until every
 * carousel on screen has started (Swiper loads when one comes near) and the page has painted,
 * instead of a fixed pause.
 */
export async function scrollThrough(page) {
  await page.evaluate(async () => {
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const step = Math.max(200, window.innerHeight * 0.8);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await Promise.all([new Promise((r) => setTimeout(r, 40)), frames()]);
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated !== 'true' || [...document.querySelectorAll('section.carousel:not(.is-ready)')].every((c) => !c.checkVisibility()),
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');

/**
 * Where the checker is behind the HTML standard: each entry is one message it gives for markup the
 * standard allows, and the markup it must be about. Only that message about that markup is left
 * out; the same message about any other element is still an error.
 * - `<link rel="expect" blocking="render">` (server/platform/render/document.tsx, ADR 0024): the standard allows
 *   `blocking` on a link whose `rel` has `expect` (whatwg/html#9970, 2024; Chromium 124,
 *   WebKit); vnu 26.9.27 still allows it with `stylesheet` only.
 */
const NU_BEHIND_THE_STANDARD = [
  { message: 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.', extract: /<link rel="expect" href="#[\w-]+" blocking="render">/ },
];

/**
 * Runs the Nu HTML checker once over the given HTML files. Returns, per file path, its errors
 * and warnings (messages as "line:col message"), less those of NU_BEHIND_THE_STANDARD.
 */
export async function runNu(files) {
  const stdout = await new Promise((resolve, reject) => {
    execFile('java', ['-Xss1m', '-jar', VNU_JAR, '--format', 'json', '--stdout', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, out) => {
      // vnu exits 1 when it found errors: the JSON is still there.
      if (out) resolve(out);
      else reject(error ?? new Error('vnu printed nothing'));
    });
  });
  const result = Object.fromEntries(files.map((f) => [f, { errors: [], warnings: [] }]));
  for (const m of JSON.parse(stdout).messages) {
    const file = decodeURIComponent((m.url ?? '').replace(/^file:/, ''));
    const entry = result[file] ?? result[Object.keys(result).find((f) => file.endsWith(f)) ?? ''];
    if (!entry) continue;
    if (NU_BEHIND_THE_STANDARD.some((k) => m.message === k.message && k.extract.test(m.extract ?? ''))) continue;
    const text = `${m.lastLine ?? '?'}:${m.firstColumn ?? '?'} ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 80)}]` : ''}`;
    if (m.type === 'error' || m.type === 'non-document-error') entry.errors.push(text);
    else if (m.type === 'info' && m.subType === 'warning') entry.warnings.push(text);
  }
  return result;
}

/** The routes to check: every path of the sitemap without a query, one service page, and the table's aliases. */
export async function routesOf(base) {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')).pathname + new URL(m[1].replace(/&amp;/g, '&')).search);
  const plain = paths.filter((p) => !p.includes('?') && !/^\/service-detail\/[2-9]/.test(p));
  return [...plain, '/home', '/servicesDetails'];
}
