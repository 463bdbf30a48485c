// `npm run measure -- --editor --profile-tap`: where the editor's tap spends its time. On a post's
// editing screen (hydrated, the rich-text editor ready), 375 px, CPU 4× slower, a CPU profile
// (CDP Profiler, 100 µs samples) is taken around each tap: a toolbar toggle ("Bulleted list",
// "Quote") and the form's buttons ("Save draft", "Publish now"). For each tap it prints the time
// from pointerdown to the frame that shows the answer (as the page itself saw it: the toggle's
// aria-pressed, the button busy), and the functions that ran in between: the most time spent
// inside (inclusive) and on their own (self), so a change can say where the cost went.
// With a build made without minifying (BUILD_OUT=.build/plain npx vite build --minify false) the
// names are the source's.

/** In the page: the time of the next pointerdown, and of the first frame after `check` holds. */
function watch(selector, rule) {
  return new Promise((resolve) => {
    const el = document.querySelector(selector);
    if (!el) return resolve({ error: `no ${selector}` });
    const was = { pressed: el.getAttribute('aria-pressed'), text: el.textContent, disabled: el.disabled, status: [...document.querySelectorAll('[role=status]')].map((s) => s.textContent).join('|') };
    const answered = () =>
      rule === 'pressed'
        ? el.getAttribute('aria-pressed') !== was.pressed
        : !el.isConnected || el.disabled !== was.disabled || el.textContent !== was.text || [...document.querySelectorAll('[role=status]')].map((s) => s.textContent).join('|') !== was.status || !!document.querySelector('.route-progress[data-active="true"], [role=progressbar]');
    let down = NaN;
    // Marks in the profile (its clock is not the page's): a function of its own, busy 3 ms.
    const busy = () => {
      for (const end = performance.now() + 3; performance.now() < end; );
    };
    function __tapDown(e) {
      down = e.timeStamp;
      busy();
    }
    function __tapPainted() {
      const painted = performance.now();
      busy();
      resolve({ down, painted });
    }
    addEventListener('pointerdown', __tapDown, { capture: true, once: true });
    const tick = () => {
      if (Number.isNaN(down) || !answered()) return requestAnimationFrame(tick);
      // The frame that shows it: the next animation frame's paint.
      requestAnimationFrame(() => setTimeout(__tapPainted));
    };
    requestAnimationFrame(tick);
  });
}

/** Where the page's marks (__tapDown, __tapPainted) are in the profile: µs from its start. */
function marks(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const under = (id, name) => {
    for (; id !== undefined; id = parent.get(id)) if (byId.get(id).callFrame.functionName === name) return true;
    return false;
  };
  let t = 0;
  let from = NaN;
  let to = NaN;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (Number.isNaN(from) && under(profile.samples[i], '__tapDown')) from = t;
    if (under(profile.samples[i], '__tapPainted')) to = t;
  }
  return { from, to };
}

/** Self and inclusive time (ms) per function in a CPU profile, between `from` and `to` (µs from its start). */
function summarise(profile, from, to) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js') : '';
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
  };
  const self = new Map();
  const incl = new Map();
  let t = 0;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < from || t > to) continue;
    const dt = (profile.timeDeltas[i + 1] ?? 100) / 1000;
    const leaf = byId.get(profile.samples[i]);
    const name = label(leaf);
    if (leaf.callFrame.functionName === '(idle)' || leaf.callFrame.functionName === '(program)') {
      self.set(name, (self.get(name) ?? 0) + dt);
      continue;
    }
    total += dt;
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
      const l = label(byId.get(id));
      if (seen.has(l)) continue;
      seen.add(l);
      incl.set(l, (incl.get(l) ?? 0) + dt);
    }
  }
  const top = (m, n) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`);
  return { total, self: top(self, 18), incl: top(incl, 40) };
}

/**
 * @param {{ base: string, paths: string[], cookies: object[], runs?: number }} options
 */
export async function profileEditorTap({ base, paths, cookies, runs = 1 }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const post = paths.find((p) => p.includes('/post/'));
  const taps = [
    { name: 'Bulleted list', selector: '[role=toolbar] button[aria-label="Bulleted list"]', rule: 'pressed' },
    { name: 'Quote', selector: '[role=toolbar] button[aria-label="Quote"]', rule: 'pressed' },
    { name: 'Save draft', selector: '#content-form button[name=intent][value=save]', rule: 'acts' },
    { name: 'Publish now', selector: '#content-form button[name=intent][value=publish]', rule: 'acts' },
  ];
  try {
    for (let r = 0; r < runs; r++) {
      for (const tap of taps) {
        const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await page.goto(base + post, { waitUntil: 'load' });
        await page.keyboard.press('Shift');
        await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30000 });
        await page.waitForSelector('.rte[data-ready="true"]', { timeout: 30000 });
        // The text's caret in the editor (as an editor about to format would have it), then at rest.
        await page.locator('.rte__content').click();
        await page.keyboard.press('End');
        await page.waitForTimeout(2500);
        const button = page.locator(tap.selector);
        await button.scrollIntoViewIfNeeded();
        await page.waitForTimeout(500);
        const box = await button.boundingBox();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        const watching = page.evaluate(([s, rule]) => (0, eval)(`(${s})`)(...rule), [watch.toString(), [tap.selector, tap.rule]]);
        await page.waitForTimeout(200);
        await cdp.send('Profiler.start');
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        const seen = await watching;
        const { profile } = await cdp.send('Profiler.stop');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        if (seen.error) throw new Error(seen.error);
        const { from, to } = marks(profile);
        const s = summarise(profile, from, to);
        console.log(`\n${tap.name} (run ${r + 1}): pointerdown → answer painted ${Math.round(seen.painted - seen.down)} ms; script/render samples in it ${Math.round(s.total)} ms`);
        console.log('  inclusive:\n    ' + s.incl.join('\n    '));
        console.log('  self:\n    ' + s.self.join('\n    '));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}
