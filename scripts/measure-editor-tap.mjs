// `npm run measure -- --editor --tap [--runs=7] [--baseline=DIR]`: the editor's tap as the person
// feels it. On a post's editing screen (hydrated, the rich-text editor ready, the caret in its
// text), 375 px, CPU 4× slower (CDP Emulation.setCPUThrottlingRate), one tap on each of: a
// toolbar toggle ("Bulleted list", "Quote") and the form's buttons ("Save draft", "Publish now").
// Two figures per tap:
// - `event`: the browser's own Event Timing of the tap's interaction (PerformanceObserver 'event':
//   pointerdown, pointerup, click; the longest `duration` of the entries with its interactionId,
//   i.e. the tap until the next paint after its handlers: what INP counts), rounded to 8 ms;
// - `answer`: pointerdown until the frame that shows the answer (the toggle's aria-pressed, the
//   button's "Saving…"), as the page sees it (the animation frame after the change, then its paint).
// A fresh page per tap; with --baseline the other build's server is measured in the same run, the
// order alternating by run, so both see the same load. Medians of --runs (7 by default).

/** In the page, before the tap: watches for the answer and collects the tap's Event Timing entries. */
function watch(selector, rule) {
  const el = document.querySelector(selector);
  if (!el) return Promise.resolve({ error: `no ${selector}` });
  const was = { pressed: el.getAttribute('aria-pressed'), text: el.textContent };
  const answered = () => (rule === 'pressed' ? el.getAttribute('aria-pressed') !== was.pressed : !el.isConnected || el.textContent !== was.text);
  const entries = [];
  new PerformanceObserver((list) => entries.push(...list.getEntries().filter((e) => e.interactionId > 0))).observe({ type: 'event', durationThreshold: 16, buffered: false });
  return new Promise((resolve) => {
    let down = NaN;
    addEventListener('pointerdown', (e) => (down = e.timeStamp), { capture: true, once: true });
    const tick = () => {
      if (Number.isNaN(down) || !answered()) return requestAnimationFrame(tick);
      requestAnimationFrame(() =>
        setTimeout(() => {
          const painted = performance.now();
          // The Event Timing entries come after the paint that ends them: wait for them.
          const started = performance.now();
          const settle = () => {
            const ids = new Set(entries.map((e) => e.interactionId));
            if (!ids.size && performance.now() - started < 3000) return setTimeout(settle, 50);
            setTimeout(() => {
              const first = entries.length ? entries.reduce((a, b) => (a.interactionId <= b.interactionId ? a : b)).interactionId : 0;
              const mine = entries.filter((e) => e.interactionId === first);
              resolve({ answer: painted - down, event: mine.length ? Math.max(...mine.map((e) => e.duration)) : NaN, types: mine.map((e) => `${e.name} ${Math.round(e.duration)}`).join(', ') });
            }, 300);
          };
          settle();
        }),
      );
    };
    requestAnimationFrame(tick);
  });
}

const TAPS = [
  { name: 'Bulleted list', selector: '[role=toolbar] button[aria-label="Bulleted list"]', rule: 'pressed' },
  { name: 'Quote', selector: '[role=toolbar] button[aria-label="Quote"]', rule: 'pressed' },
  { name: 'Save draft', selector: '#content-form button[name=intent][value=save]', rule: 'acts' },
  { name: 'Publish now', selector: '#content-form button[name=intent][value=publish]', rule: 'acts' },
];

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * @param {{ base: string, baseline?: string, paths: string[], cookies: object[], runs?: number }} options
 */
export async function measureEditorTap({ base, baseline, paths, cookies, runs = 7 }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const post = paths.find((p) => p.includes('/post/'));
  const builds = [{ label: 'this build', base }, ...(baseline ? [{ label: 'baseline', base: baseline }] : [])];
  /** results[tap][build] = { event: [], answer: [] } */
  const results = Object.fromEntries(TAPS.map((t) => [t.name, Object.fromEntries(builds.map((b) => [b.label, { event: [], answer: [] }]))]));
  try {
    for (let r = 0; r < runs; r++) {
      for (const tap of TAPS) {
        for (const b of r % 2 ? [...builds].reverse() : builds) {
          const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
          await context.addCookies(cookies.map((c) => ({ ...c, domain: new URL(b.base).hostname })));
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          try {
            await page.goto(b.base + post, { waitUntil: 'load' });
            await page.keyboard.press('Shift');
            await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30000 });
            await page.waitForSelector('.rte[data-ready="true"]', { timeout: 30000 });
            // The caret in the text, as an editor about to format has it; then the page at rest.
            await page.locator('.rte__content').click();
            await page.keyboard.press('End');
            await page.waitForTimeout(2000);
            const button = page.locator(tap.selector);
            await button.scrollIntoViewIfNeeded();
            await page.waitForTimeout(500);
            const box = await button.boundingBox();
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
            const watching = page.evaluate(([s, args]) => (0, eval)(`(${s})`)(...args), [watch.toString(), [tap.selector, tap.rule]]);
            await page.waitForTimeout(200);
            await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
            const seen = await watching;
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
            if (seen.error) throw new Error(seen.error);
            results[tap.name][b.label].event.push(seen.event);
            results[tap.name][b.label].answer.push(seen.answer);
            console.log(`tap: ${tap.name} (${b.label}, run ${r + 1}): event ${Math.round(seen.event)} ms [${seen.types}], answer painted ${Math.round(seen.answer)} ms`);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`\nThe editor's tap at 4× CPU, 375 px, median of ${runs} (ms; event: Event Timing's duration of the tap's interaction, as INP counts it; answer: pointerdown to the frame showing the answer):`);
  console.table(
    TAPS.flatMap((t) =>
      builds.map((b) => {
        const c = results[t.name][b.label];
        return { tap: t.name, build: b.label, 'event median': Math.round(median(c.event)), 'answer median': Math.round(median(c.answer)), event: c.event.map(Math.round).join('/'), answer: c.answer.map(Math.round).join('/') };
      }),
    ),
  );
}
