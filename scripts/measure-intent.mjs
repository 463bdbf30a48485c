// `npm run measure -- --intent`: what the first tap costs now that pages hydrate on the visitor's
// first intent (ADR 0018, issue 33). For every control type of CONTROLS, on every route that has
// it (found in the built pages, not listed by hand), the time from the first tap on the control to
// its visible response: 375 px wide, CPU 4× slower, the page's scripts already fetched (by the
// service worker, or the prefetch links), `runs` fresh loads per row; beside it how long until the
// page hydrated, and the same tap on the page once hydrated.
//   npm run build && npm run measure -- --intent [paths | --all] [--runs=5] [--control=menu,tabs] [--json=FILE]
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { scrollThrough } from '../tests/support/a11y.mjs';
import { harness } from './measure-intent-page.mjs';

/**
 * The control types, one entry each: how to find the control and what its visible response is.
 * Selectors are semantic (roles, ARIA states, popovertarget/commandfor, <details>, accessible
 * names), so that they hold for today's markup and for the platform versions issue 33 weighs
 * (popover drawer, `<details name>` accordion, radio tabs, scroll-snap carousels).
 *
 * - targets: CSS selector of the candidate controls; name / nameNot: their accessible name must /
 *   must not match.
 * - within: the element a control belongs to (a carousel, a tab list, a form): one row per such
 *   element of a route (told apart by its accessible name); withinName/withinNot: that element's
 *   accessible name and text must / must not match. Without `within`: one row per route.
 * - instanceBy 'name': one row per kind of control, the part of its name that `name` matches
 *   (cart buttons: "Add to cart", "Update cart", "Remove").
 * - pick: 'first' (first candidate), 'unselected' (first one not selected, pressed, open, current
 *   or disabled: a tab other than the active one, a closed accordion item, a filter not applied).
 * - response: the rule in the page (RULES in measure-intent-page.mjs) that says the response is visible.
 * - again: how "the same tap once hydrated" is measured: 'escape' (close with Escape, tap the same
 *   control again), 'rearm' (tap the next control that still has a response, e.g. another tab),
 *   'reload' (a new load of the page, hydrated by a Shift key press first, then the tap).
 * - pending: a control that does not exist yet (no route has it): listed, never measured.
 */
/** What a sign-in form's button says (a checkout that can also create an account is not one). */
const SIGN_IN = /^(log ?in|sign ?in|register|sign ?up|create (an )?account)\b/;

export const CONTROLS = [
  {
    id: 'menu',
    label: 'menu → drawer',
    // The site menu's button: in the banner, named "menu"; it controls the drawer (aria-controls,
    // or popovertarget/commandfor if the drawer becomes a popover or an invoker-driven dialog).
    targets: ':is(header, [role=banner]) :is(button, [role=button])',
    name: /menu/,
    pick: 'unselected',
    response: 'opens',
    again: 'escape',
  },
  {
    id: 'account',
    label: 'account menu',
    // Signed out it is the "Login" link (a new document); signed in, a menu button would open its panel.
    targets: ':is(header, [role=banner]) :is(a[href], button, [role=button])',
    name: /^(log ?in|sign ?in|my account|account)\b/,
    pick: 'first',
    response: 'opens',
    again: 'reload',
  },
  {
    id: 'tabs',
    label: 'tabs',
    // Any ARIA tab list (analysis tabs, product information, areas of care) but the pricing switch;
    // tabs made of radio inputs are found while their group keeps role=tablist (or the labels role=tab).
    targets: ':is([role=tab], [role=tablist] input[type=radio])',
    within: '[role=tablist]',
    withinNot: /month|year|annual/,
    pick: 'unselected',
    response: 'panel',
    again: 'rearm',
  },
  {
    id: 'pricing',
    label: 'pricing switch',
    // Monthly / yearly: tabs today; a switch, a checkbox or radios would do too.
    targets: ':is([role=tab], [role=switch], [role=radio], input[type=radio])',
    name: /^(pay |billed )?(monthly|yearly|annual(ly)?)\b|^(per )?(month|year)$/,
    within: ':is([role=tablist], [role=radiogroup], fieldset, [role=group], [role=switch])',
    pick: 'unselected',
    response: 'panel',
    again: 'rearm',
  },
  {
    id: 'accordion',
    label: 'FAQ accordion',
    // An item of a group of <details> (named, or several side by side), or an ARIA accordion
    // header button; not a lone <details> (a language list).
    targets: ':is(details[name] > summary, details:has(~ details) > summary, details ~ details > summary, :is(h2, h3, h4, h5, h6) > button[aria-expanded][aria-controls])',
    pick: 'unselected',
    response: 'expands',
    again: 'rearm',
  },
  {
    id: 'carousel-arrow',
    label: 'carousel arrow',
    targets: ':is(button, [role=button])',
    name: /\bnext\b/,
    within: '[aria-roledescription=carousel i]',
    pick: 'unselected',
    response: 'slides',
    // A sliding carousel moves for 10 s (spec speed): a second tap in the same load would meet a moving track.
    again: 'reload',
  },
  {
    id: 'carousel-dot',
    label: 'carousel dot',
    targets: ':is(button, [role=button], [role=tab], a[href^="#"])',
    name: /^(go to )?slide\s*\d+|^\d+$/,
    within: '[aria-roledescription=carousel i]',
    pick: 'unselected',
    response: 'slides',
    again: 'reload',
  },
  {
    id: 'filter',
    label: 'gallery filter',
    // Toggle buttons (aria-pressed), radios or tabs in a group named as a filter.
    targets: ':is(button[aria-pressed], [role=radio], input[type=radio], [role=tab])',
    within: ':is([role=group], [role=radiogroup], [role=toolbar], [role=tablist], fieldset)',
    withinName: /filter|categor/,
    pick: 'unselected',
    response: 'items',
    again: 'rearm',
  },
  {
    id: 'lightbox',
    label: 'lightbox',
    // A gallery picture's opener: a button or link that pops up a dialog and is named after the image.
    targets: ':is(button, a[href], [role=button])[aria-haspopup=dialog], :is(button[commandfor], button[popovertarget])',
    name: /image|photo|picture|enlarge|zoom/,
    pick: 'first',
    response: 'opens',
    again: 'escape',
  },
  {
    id: 'video',
    label: 'video popup / player',
    targets: ':is(button, a[href], [role=button])',
    name: /^play\b.*\b(video|film|tour|watch)|\bvideo\b/,
    pick: 'first',
    response: 'opens',
    // The on-demand player replaces its button: a new load for every kind.
    again: 'reload',
  },
  {
    id: 'stepper',
    label: 'quantity stepper',
    targets: ':is(button, [role=button])',
    name: /^(increase|increment|add one|plus|more)\b|^\+$/,
    pick: 'first',
    response: 'value',
    again: 'rearm',
  },
  {
    id: 'cart',
    label: 'cart button',
    targets: ':is(main, [role=main]) :is(button, input[type=submit], [role=button])',
    name: /^(add to cart|update cart|remove|move to cart|add to wishlist|empty cart)/,
    instanceBy: 'name',
    pick: 'first',
    response: 'status',
    again: 'reload',
  },
  {
    id: 'sign-in',
    label: 'sign-in form, empty',
    // The sign-in forms (a password field, a button that signs in or registers): submitted empty,
    // a message shows (field error, alert or dialog).
    targets: 'form:has(input[type=password]) :is(button[type=submit], button:not([type]), input[type=submit])',
    name: SIGN_IN,
    within: 'form',
    pick: 'first',
    response: 'error',
    again: 'reload',
  },
  {
    id: 'form',
    label: 'form validation, empty',
    // A delivering form (posts, has a required text field; not sign-in, not the shop's quantity
    // forms), submitted empty: the first error message shows (or the browser's own message).
    targets: 'form[method=post i]:not(:has(input[type=number])):has(:is(input:not([type=hidden], [type=checkbox], [type=radio]), textarea, select):is([required], [aria-required=true])) :is(button[type=submit], button:not([type]), input[type=submit])',
    nameNot: SIGN_IN,
    within: 'form',
    pick: 'first',
    response: 'error',
    again: 'reload',
  },
  {
    // The booking's first step (/book): "Show free times" with no service chosen yet: the
    // browser's own message (the service is required), or the page's once hydrated.
    id: 'booking-service',
    label: 'booking: service step, empty',
    targets: ':is(button[type=submit], input[type=submit])',
    name: /^show free times/,
    within: 'form:has(select[required]:invalid)',
    pick: 'first',
    response: 'error',
    again: 'reload',
  },
  {
    // A body outline to tap (the new-patient form's "where it hurts"): a label laid over the
    // picture, for a box in the list below; its answer is that box ticked.
    id: 'outline',
    label: 'body outline region',
    targets: ':is(svg, img) ~ label[for]',
    pick: 'unselected',
    response: 'ticks',
    again: 'rearm',
  },
  {
    // The booking's second step: a day of the week (radios named "date"). Its answer is that day's
    // times (or "nothing free"): in place once hydrated, by a new document before (the loader
    // submits the day's form), measured at the frame that shows them.
    id: 'booking-day',
    label: 'booking: day',
    targets: 'input[type=radio][name=date]',
    within: 'form',
    pick: 'unselected',
    response: 'times',
    again: 'reload',
  },
  {
    // The third step: a time (radios named "start"): the time shows as chosen.
    id: 'booking-time',
    label: 'booking: time',
    targets: 'input[type=radio][name=start]',
    within: 'fieldset',
    pick: 'unselected',
    response: 'checks',
    again: 'rearm',
  },
  {
    // The course planning page's proposal (issue 46, /booking/manage/<token>/course): a visit's
    // time (a select, at-N) or its day (a date field, day-N), tapped: it takes the focus (the
    // picker comes up).
    id: 'course-visit',
    label: 'course: a visit’s time or day',
    targets: ':is(select[name^="at-"], input[type=date][name^="day-"])',
    instanceBy: 'name',
    name: /^(time|day)\b/,
    pick: 'first',
    response: 'focus',
    again: 'reload',
  },
  {
    // Its buttons that do not book (measured five times over): "Show the visits" (the form
    // above) and "Show times for the new days": the first sign the tap was taken (busy, the
    // progress bar, a status; before hydration the new document's).
    id: 'course-action',
    label: 'course: show the visits / times',
    targets: ':is(form.course-ask, form.course-plan) button[type=submit]',
    instanceBy: 'name',
    name: /^show (the visits|times)/,
    pick: 'first',
    response: 'acts',
    again: 'reload',
  },
  {
    // The waitlist's join form (issue 46, /waitlist/join): its first control (the service), tapped: it takes the focus.
    id: 'waitlist-join',
    label: 'waitlist: join form, first control',
    targets: 'form:has(input[name=consent]):has(input[name=until]) :is(select, input:not([type=hidden]))',
    pick: 'first',
    response: 'focus',
    again: 'reload',
  },
  {
    // The site editor (issue 45, /staff/content/<kind>/<id>, measured with --editor): a field of
    // its form, tapped: it takes the focus (the keyboard comes up).
    id: 'editor-field',
    label: 'editor: field',
    targets: '#content-form :is(input:not([type=hidden], [type=checkbox], [type=radio], [type=file]), textarea, select)',
    name: /^(price|name|title)\b/,
    instanceBy: 'name',
    pick: 'first',
    response: 'focus',
    again: 'reload',
  },
  {
    // Its actions: Save draft and Publish now; the answer is the first sign the tap was taken
    // (the button busy, the progress bar, a status; before hydration the new document's status).
    id: 'editor-action',
    label: 'editor: save / publish',
    targets: '#content-form button[type=submit][name=intent]',
    name: /^(save draft|publish now)$/,
    instanceBy: 'name',
    pick: 'first',
    response: 'acts',
    again: 'reload',
  },
  {
    // The rich-text editor's toolbar (a post's text): a toggle, pressed.
    id: 'editor-toolbar',
    label: 'editor: toolbar toggle',
    targets: '[role=toolbar] button[aria-pressed]',
    name: /^(bulleted list|quote)$/,
    instanceBy: 'name',
    pick: 'first',
    response: 'pressed',
    again: 'reload',
  },
];

/** A booking page with its later steps open (service, visit and practitioner chosen): measured with --all. */
export const BOOKING_STEPS_ROUTE = '/book?service=2&visit=first&practitioner=any';

/** The table as the page gets it: regular expressions as their source (case-insensitive there). */
const serialControls = () =>
  CONTROLS.filter((c) => !c.pending).map((c) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v instanceof RegExp ? v.source : v])));

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const worst = (xs) => (xs.some(Number.isFinite) ? Math.max(...xs.filter(Number.isFinite)) : NaN);
const ms = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-GB') : '—');
/** Reports from the page (the binding), awaited by kind. */
function inbox() {
  const events = [];
  const waiters = [];
  return {
    push(e) {
      events.push({ ...e, got: Date.now() });
      for (const w of [...waiters]) w();
    },
    /** The first event since `from` (index) that `pred` accepts, or null after `timeout` ms. */
    wait(pred, timeout, from = 0) {
      return new Promise((resolve) => {
        const look = () => events.slice(from).find(pred);
        const hit = look();
        if (hit) return resolve(hit);
        const w = () => {
          const e = look();
          if (!e) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(w), 1);
          resolve(e);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          resolve(null);
        }, timeout);
        waiters.push(w);
      });
    },
    get length() {
      return events.length;
    },
  };
}

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * @param {{ base: string, baseline?: string, routes: string[], runs: number, json?: string, only?: string[], afterScroll?: number[], scrollOnly?: boolean, cookies?: { name: string, value: string, domain: string, path: string }[] }} options
 */
export async function measureIntent({ base, baseline, routes, runs, json, only, afterScroll = [300, 1500], scrollOnly = false, cookies = [] }) {
  const builds = [{ label: '', base }, ...(baseline ? [{ label: ' (baseline)', base: baseline }] : [])];
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const started = Date.now();
  const loadAtStart = loadavg()[1];
  const controls = serialControls().filter((c) => !only?.length || only.includes(c.id));
  const log = (s) => process.stderr.write(`${s}\n`);

  /** A fresh phone-sized context with the harness in every document (the CPU slowed later, by `slow`). */
  async function open() {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    // A page behind a cookie (the new-patient form opened, measure --intake).
    if (cookies.length) await context.addCookies(cookies);
    const box = inbox();
    await context.exposeBinding('__intentReport', (_source, e) => box.push(e));
    await context.addInitScript(harness, { controls });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    return { context, page, cdp, box };
  }
  /**
   * The CPU 4× slower from when the page has loaded and fetched its scripts, until the response:
   * what is measured starts at the tap, on a page at rest either way. A load at full speed makes a
   * run ~2 s shorter; side by side (slowed from the start, as before) the medians differed less
   * than the noise of the shared machine, either way round.
   */
  const slow = (cdp, on) => cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? 4 : 1 });
  /** A real tap through the browser's input pipeline at a point of the viewport; returns its wall-clock time. */
  async function tap(cdp, { x, y }) {
    const at = Date.now();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    return at;
  }
  /**
   * A finger's stroke from (x, y) by `dy` px (negative: up the screen, the page scrolls down), as
   * touch events through the browser's input, so the page scrolls as under a finger (the browser
   * cancels the pointer and the page gets its scroll events). (Chromium's synthetic scroll
   * gesture does not scroll a headless page: it arrives as a tap.)
   */
  async function stroke(cdp, x, y, dy) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    const steps = 12;
    for (let i = 1; i <= steps; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (dy * i) / steps }] });
    // The finger stops before it lifts: no fling (a page still flinging takes the tap to stop it,
    // as a phone does, and the control would not be where the tap lands).
    await new Promise((resolve) => setTimeout(resolve, 150));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + dy }] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  /** As the current measurement has it: after load, the page's scripts are fetched into the
   * service worker's cache (or the HTTP cache through prefetch links) before the tap. */
  async function prefetched(page) {
    const listed = await page.evaluate(() => ['data-entry', 'data-prefetch'].flatMap((a) => document.querySelector('script[data-entry]')?.getAttribute(a)?.split(' ') ?? []));
    await page.waitForFunction(
      async (files) => {
        const fetched = new Set(
          performance
            .getEntriesByType('resource')
            .filter((e) => e.responseEnd > 0)
            .map((e) => new URL(e.name).pathname),
        );
        const cached = await Promise.all(files.map((f) => fetched.has(f) || caches.match(f)));
        return cached.every(Boolean);
      },
      listed,
      { timeout: 30000, polling: 200 },
    );
    await page.waitForTimeout(500);
  }
  const idle = (page) => page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(), { timeout: 3000 })));

  const found = [];
  const aliases = [];
  const results = [];
  try {
    // 1. Which routes have which controls: each route loaded once, as served (before hydration)
    // and again once hydrated and scrolled through (carousels start, their dots exist then).
    log(`intent: finding the controls on ${routes.length} route(s)…`);
    {
      const { context, page } = await open();
      for (const route of routes) {
        try {
          await page.goto(base + route, { waitUntil: 'load' });
          // An alias (its canonical link names another route measured here) is the same page.
          const canonical = await page.evaluate(() => {
            const href = document.querySelector('link[rel=canonical]')?.getAttribute('href');
            return href ? new URL(href, location.href).pathname + new URL(href, location.href).search : null;
          });
          // (A route with a query, such as the booking's later steps, is a page of its own.)
          if (canonical && canonical !== route && !route.includes('?') && routes.includes(canonical)) {
            aliases.push(`${route} (= ${canonical})`);
            continue;
          }
          await page.waitForTimeout(300);
          const before = await page.evaluate(() => window.__intent.survey());
          await page.keyboard.press('Shift');
          await page.waitForFunction(() => window.__intent.hydrated(), null, { timeout: 20000 });
          await scrollThrough(page);
          await page.waitForTimeout(1000);
          const after = await page.evaluate(() => window.__intent.survey());
          const rows = new Map();
          // below: a visitor scrolls to reach it (as served; else as laid out once hydrated).
          for (const x of before) rows.set(`${x.id}\n${x.key}`, { route, id: x.id, key: x.key, name: x.name, before: x.visible ? 'visible' : 'hidden', offset: null, after: false, below: x.below });
          for (const x of after) {
            const k = `${x.id}\n${x.key}`;
            if (!rows.has(k)) rows.set(k, { route, id: x.id, key: x.key, name: x.name, before: 'absent', offset: null, after: false, below: x.below });
            Object.assign(rows.get(k), { offset: x.offset, after: x.visible });
          }
          // A control on screen neither before nor after hydration (e.g. one for wide screens only) is not a phone's.
          found.push(...[...rows.values()].filter((x) => x.before === 'visible' || x.after));
        } catch (error) {
          log(`intent: ${route}: could not survey (${error.message.split('\n')[0]})`);
        }
      }
      await context.close();
    }
    const order = Object.fromEntries(controls.map((c, i) => [c.id, i]));
    found.sort((a, b) => routes.indexOf(a.route) - routes.indexOf(b.route) || order[a.id] - order[b.id]);
    log(`intent: ${found.length} rows (${(Date.now() - started) / 1000 | 0} s): ${[...new Set(found.map((f) => f.id))].map((id) => `${id} ${found.filter((f) => f.id === id).length}`).join(', ')}`);

    // 2. Each row: `runs` fresh loads, a first tap each, then the same tap once hydrated; for a
    // control below the fold, fresh loads more where a scroll brings it into view and the tap
    // follows `afterScroll` ms later. With a baseline, each run does the same on both builds, in
    // turn (the order alternating by run).
    for (const row of found) {
      const spec = controls.find((c) => c.id === row.id);
      const delays = row.below ? afterScroll : [];
      const perBuild = builds.map((b) => ({
        ...row,
        build: b.label,
        label: spec.label,
        cold: [],
        hydrated: [],
        warm: [],
        page: [],
        warmPage: [],
        controlShown: [],
        inputLag: [],
        offscreen: [],
        outcomes: [],
        load: [],
        how: new Set(),
        problems: [],
        scroll: Object.fromEntries(delays.map((d) => [d, { response: [], hydrated: [], gap: [], outcomes: [], stage: [] }])),
      }));
      if (scrollOnly && !delays.length) continue;
      for (let run = 0; run < runs; run++) {
        for (const i of run % 2 ? [...builds.keys()].reverse() : builds.keys()) {
          const r = perBuild[i];
          const url = builds[i].base;
          const problem = (text) => r.problems.push({ run: run + 1, text });
          // The machine's load (1-minute average) when the run started: other work on the shared cores
          // stretches every time measured.
          r.load.push(Math.round(loadavg()[0] * 10) / 10);
          if (!scrollOnly) await firstAndAgain(r, row, spec, run, url, problem);
          for (const delay of delays) {
            const { context, page, cdp, box } = await open();
            try {
              const out = await scrollTap(page, cdp, box, row, `${row.route}|${row.id}|${row.key}|${run}|scroll ${delay}|${builds[i].label}`, delay, url);
              const cell = r.scroll[delay];
              cell.outcomes.push(out.kind);
              cell.gap.push(out.gap);
              if (out.stage) cell.stage.push(out.stage);
              if (out.kind === 'visible') cell.response.push(out.response);
              if (Number.isFinite(out.hydrated)) cell.hydrated.push(out.hydrated);
              if (out.problem) problem(`scroll, then tap ${delay} ms later: ${out.problem}`);
            } catch (error) {
              r.scroll[delay].outcomes.push('void');
              problem(`scroll, then tap ${delay} ms later: ${error.message.split('\n')[0]}`);
            } finally {
              await context.close();
            }
          }
        }
      }
      for (const r of perBuild) {
        results.push(r);
        const scrolled = delays.map((d) => `; ${d} ms after a scroll ${r.scroll[d].response.map((x) => Math.round(x)).join('/') || r.scroll[d].outcomes.join('/')}`).join('');
        log(`intent: ${row.route} ${row.id}${row.key ? ` (${row.key})` : ''}${r.build}: ${scrollOnly ? '' : `${r.cold.map((x) => Math.round(x)).join('/') || r.outcomes.join('/')} ms, once hydrated ${r.warm.map((x) => Math.round(x)).join('/')}`}${scrolled}${r.problems.length ? `; ${r.problems.map((p) => `run ${p.run}: ${p.text}`).join('; ')}` : ''}`);
      }
    }
  } finally {
    await browser.close();
  }

  /** One run of a row's first tap on a fresh load, then the same tap once hydrated, on the build at `url`. */
  async function firstAndAgain(r, row, spec, run, url, problem) {
    const t0 = Date.now();
    const phase = [];
    const lap = (what) => phase.push(`${what} ${Date.now() - t0}`);
    const { context, page, cdp, box } = await open();
    const runId = `${row.route}|${row.id}|${row.key}|${run}|${r.build}`;
    try {
      try {
        const outcome = await firstTap(page, cdp, box, row, runId, lap, url);
        r.outcomes.push(outcome.kind);
        if (outcome.kind === 'visible') {
          r.cold.push(outcome.response);
          if (Number.isFinite(outcome.hydrated)) r.hydrated.push(outcome.hydrated);
          if (outcome.inputLag !== undefined) r.inputLag.push(outcome.inputLag);
        }
        if (outcome.page !== undefined) r.page.push(outcome.page);
        if (outcome.controlShown !== undefined) r.controlShown.push(outcome.controlShown);
        if (outcome.offscreen !== undefined) r.offscreen.push(outcome.offscreen);
        r.how.add(outcome.how);
        if (outcome.problem) problem(outcome.problem);
      } catch (error) {
        r.outcomes.push('void');
        problem(error.message.split('\n')[0]);
      }
      lap('first tap');
      // The same tap on a hydrated page.
      try {
        const warmPoint = await hydratedAgain(page, cdp, box, row, spec, runId, url);
        const warmMark = box.length;
        const second = await tap(cdp, warmPoint);
        const mine = (kind) => (e) => e.kind === kind && e.runId === `${runId}|again`;
        let again = null;
        let off = null;
        // At most 15 s; a message in the page but off screen: 2 s more for it to come into view.
        for (const until = Date.now() + 15000; !again && Date.now() < until; ) {
          again = await box.wait(mine('response'), 250, warmMark);
          off = await box.wait(mine('offscreen'), 0, warmMark);
          if (!again && off && Date.now() - off.got > 2000) break;
        }
        if (again) {
          r.warm.push(again.at - second);
          // A link: its page's first paint too.
          const painted = warmPoint.link ? await box.wait(mine('page'), 20000, warmMark) : null;
          if (painted) r.warmPage.push(painted.at - second);
        } else if (off) problem(`once hydrated: no visible response, the message was in the page ${ms(off.at - second)} ms after the tap, off screen`);
        else problem('once hydrated: no visible response within 15 s');
      } catch (error) {
        problem(error.message.split('\n')[0]);
      }
      lap('again');
    } finally {
      await context.close();
      lap('closed');
      if (process.env.INTENT_DEBUG) log(`  ${runId}: ${phase.join(', ')}`);
    }
  }

  /**
   * The tap that follows a scroll (issue 49): a fresh load, the control scrolled into view (the
   * way down kept from the page, then the last 450 px by a finger: touch strokes through the
   * browser's input, so the page sees the touches, the pointer events and the scroll, its first
   * intent, as one scroll), and the tap `delay` ms after the finger lifted,
   * wherever the page's start has got to by then. Its visible response, and the hydration, from
   * the tap.
   */
  async function scrollTap(page, cdp, box, row, runId, delay, url) {
    await page.goto(url + row.route, { waitUntil: 'load' });
    await prefetched(page);
    await slow(cdp, true);
    const where = await page.evaluate((a) => window.__intent.whereIs(a), { id: row.id, key: row.key });
    if (where.error) throw new Error(where.error);
    if (where.early.length || where.started) throw new Error(`the page took an intent before the scroll (${where.early.join(', ') || 'its scripts started'})`);
    if (where.inView) throw new Error('the control is in the first view (nothing to scroll)');
    // The way down kept from the page, to 450 px short of the control; then the visitor's scroll:
    // a finger's stroke up the screen (more if need be, at most 550 px each) until the control is
    // near the middle of the viewport. The scroll ends when the last stroke's finger lifts.
    const near = await page.evaluate((a) => window.__intent.quietScroll(a), { id: row.id, key: row.key, short: 450 });
    if (near.error) throw new Error(near.error);
    let lifted = Date.now();
    for (let i = 0, p = near; i < 20 && !p.inView; i++) {
      const dy = Math.max(-550, Math.min(550, p.point.y - p.height / 2));
      const from = dy > 0 ? p.height - 150 : 150;
      await stroke(cdp, 20, from, -dy);
      lifted = Date.now();
      const next = await page.evaluate((a) => window.__intent.whereIs(a), { id: row.id, key: row.key });
      if (Math.abs(next.point.y - p.point.y) < 1) throw new Error('the scroll gesture did not move the page');
      p = next;
    }
    const s = { ...(await page.evaluate((a) => window.__intent.armAfterScroll(a), { id: row.id, key: row.key, runId })), at: lifted };
    if (s.error) throw new Error(s.error);
    if (s.problem) throw new Error(s.problem);
    const mark = box.length;
    const mine = (kind) => (e) => e.kind === kind && e.runId === runId;
    const wait = s.at + delay - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = await tap(cdp, s.point);
    const out = { gap: at - s.at };
    let response = null;
    for (const until = Date.now() + 20000; !response && Date.now() < until; ) {
      response = await box.wait(mine('response'), 250, mark);
      const next = await box.wait(mine('new document'), 0, mark);
      if (!response && next && Date.now() - next.got > 2500) break;
    }
    if (!response) {
      const off = await box.wait(mine('offscreen'), 0, mark);
      return { ...out, kind: off ? 'off screen' : 'none', problem: off ? 'no visible response: the message was in the page but off screen' : 'no visible response within 20 s' };
    }
    if (response.missed) return { ...out, kind: 'void', problem: `the tap landed on ${response.missed}, not on the control` };
    const hydratedAt = await box.wait((e) => e.kind === 'hydrated', response.doc === 'same' ? 20000 : 0, 0);
    return { ...out, kind: 'visible', response: response.at - at, hydrated: hydratedAt ? hydratedAt.at - at : NaN, stage: response.stage };
  }

  /**
   * The first tap of a fresh load: the control brought into view without an intent, the state
   * before it taken, the tap dispatched, then its visible response awaited (from the page tapped,
   * or from the document it led to), and the hydration.
   */
  async function firstTap(page, cdp, box, row, runId, lap, url) {
    await page.goto(url + row.route, { waitUntil: 'load' });
    lap('load');
    await prefetched(page);
    lap('prefetched');
    await slow(cdp, true);
    const prep = await page.evaluate((a) => window.__intent.prepare(a), { id: row.id, key: row.key, offset: row.offset });
    lap('prepared');
    if (prep.error) throw new Error(prep.error);
    if (prep.early.length || prep.started) throw new Error(`the page took an intent before the tap (${prep.early.join(', ') || 'its scripts started'}): not a first tap`);
    if (prep.problem) throw new Error(prep.problem);
    const twoTap = !prep.visible;
    const armed = await page.evaluate((a) => window.__intent.arm(a), { id: row.id, key: row.key, runId, twoTap });
    if (armed.error) throw new Error(armed.error);
    const mark = box.length;
    const mine = (kind) => (e) => e.kind === kind && e.runId === runId;
    const first = await tap(cdp, prep.point);
    const out = { how: twoTap ? '2 taps' : 'in page' };
    if (twoTap) {
      // Today the control is not there before hydration (carousel arrows are hidden, dots do
      // not exist until Swiper starts): the first tap lands where it will be; the control is
      // tapped the moment it shows. The row's time runs from the first tap.
      const shownEvent = await box.wait(mine('control'), 20000, mark);
      if (!shownEvent) throw new Error('the control did not show within 20 s of the first tap');
      out.controlShown = shownEvent.at - first;
      await tap(cdp, shownEvent.point);
    }
    // At most 20 s; after a new document (a form posted before hydration), its message comes with
    // its first frames: 2.5 s after it is enough.
    let response = null;
    for (const until = Date.now() + 20000; !response && Date.now() < until; ) {
      response = await box.wait(mine('response'), 250, mark);
      const next = await box.wait(mine('new document'), 0, mark);
      if (!response && next && Date.now() - next.got > 2500) break;
    }
    const hydratedAt = await box.wait((e) => e.kind === 'hydrated', response?.doc === 'same' && !prep.link ? 20000 : 0, mark);
    // A link: its page's first paint too, whether the response was a progress bar or that page.
    const painted = prep.link ? await box.wait(mine('page'), 20000, mark) : null;
    if (painted) out.page = painted.at - first;
    if (response) {
      out.kind = 'visible';
      out.response = response.at - first;
      if (response.doc === 'new') out.how = 'new page';
      else if (prep.link) out.how = 'progress bar';
      else out.hydrated = hydratedAt ? hydratedAt.at - first : NaN;
      // The page's own time of the first input (its event's timeStamp) against the time taken here before dispatching it.
      if (!twoTap && response.inputAt) out.inputLag = response.inputAt - first;
      return out;
    }
    const off = await box.wait(mine('offscreen'), 0, mark);
    const next = await box.wait(mine('new document'), 0, mark);
    if (off) {
      out.kind = 'off screen';
      out.offscreen = off.at - first;
      out.how = next ? 'new page: message off screen' : 'message off screen';
      out.problem = `no visible response: the message was in the page ${ms(off.at - first)} ms after the tap, off screen${next ? ` (${new URL(next.href).pathname} reloaded at its top)` : ''}`;
    } else if (next) {
      out.kind = 'no message';
      out.how = 'new page: no message';
      out.problem = `no visible response: the tap loaded ${new URL(next.href).pathname} (the form posted before hydration) and it showed no message`;
    } else {
      out.kind = 'none';
      out.how = 'none';
      out.problem = 'no visible response within 20 s';
    }
    return out;
  }

  /** Gets the page hydrated (Escape to close, or a new load hydrated by a key press) and arms the same tap. */
  async function hydratedAgain(page, cdp, box, row, spec, runId, url) {
    const id = `${runId}|again`;
    if (spec.again === 'reload') {
      await page.evaluate(() => window.__intent.disarm()).catch(() => {});
      await slow(cdp, false);
      await page.goto(url + row.route, { waitUntil: 'load' });
      await page.keyboard.press('Shift');
      await page.waitForFunction(() => window.__intent.hydrated(), null, { timeout: 20000 });
    } else {
      await page.waitForFunction(() => window.__intent.hydrated(), null, { timeout: 20000 });
      if (spec.again === 'escape') {
        await page.keyboard.press('Escape');
        await page.waitForFunction((a) => !window.__intent.responding(a.id, a.key), { id: row.id, key: row.key }, { timeout: 5000 });
      }
    }
    // On screen, and ready (a carousel starts when it comes near the viewport).
    let prep;
    for (let i = 0; i < 20; i++) {
      prep = await page.evaluate((a) => window.__intent.prepare(a), { id: row.id, key: row.key, offset: row.offset });
      if (prep.visible && !prep.problem) break;
      await page.waitForTimeout(500);
    }
    if (prep.error || !prep.visible || prep.problem) throw new Error(`once hydrated: ${prep.error ?? prep.problem ?? 'the control is not on screen'}`);
    await idle(page);
    await slow(cdp, true);
    await page.waitForTimeout(300);
    const armed = await page.evaluate((a) => window.__intent.arm(a), { id: row.id, key: row.key, runId: id, twoTap: false });
    if (armed.error) throw new Error(`once hydrated: ${armed.error}`);
    return { ...armed.point, link: prep.link };
  }

  // 3. The table, and the same rows as JSON.
  /** Problems of a row, the same text (but its figures) once, with the runs it happened in. */
  const grouped = (problems) => {
    const groups = new Map();
    for (const p of problems) {
      const k = p.text.replace(/\d[\d,.]*/g, 'N');
      if (!groups.has(k)) groups.set(k, { runs: [], text: p.text });
      groups.get(k).runs.push(p.run);
    }
    return [...groups.values()].map((g) => `run${g.runs.length > 1 ? 's' : ''} ${g.runs.join(', ')}: ${g.text}`);
  };
  /** Where the page's start was at each tap: 'not started 3' or 'starting 1, hydrated 2'. */
  const stages = (list) => ['not started', 'starting', 'hydrated'].filter((k) => list.includes(k)).map((k) => `${k} ${list.filter((x) => x === k).length}`).join(', ') || '—';
  const table = results.map((r) => ({
    route: r.route,
    control: `${r.label}${r.key ? ` (${r.key})` : ''}${r.build}`,
    below: !!r.below,
    n: r.cold.length,
    outcomes: r.outcomes,
    'tap → visible response, median ms': median(r.cold),
    'worst ms': worst(r.cold),
    'tap → hydrated, median ms': median(r.hydrated),
    'same tap once hydrated, median ms': median(r.warm),
    'tap → new page painted, median ms (a link)': median(r.page),
    'the same once hydrated, median ms': median(r.warmPage),
    how: [...r.how].join(', '),
    problems: grouped(r.problems),
    runs: { response: r.cold, hydrated: r.hydrated, again: r.warm, page: r.page, againPage: r.warmPage, controlShown: r.controlShown, inputLag: r.inputLag, offscreen: r.offscreen, load: r.load },
    // The tap that follows a scroll, by the delay after the scroll (ms): its responses, the
    // hydration from the tap, and the scroll → tap time as it came.
    afterScroll: Object.fromEntries(
      Object.entries(r.scroll).map(([d, c]) => [d, { n: c.response.length, outcomes: c.outcomes, 'median ms': median(c.response), 'worst ms': worst(c.response), 'tap → hydrated, median ms': median(c.hydrated), 'scroll → tap, median ms': median(c.gap), 'scripts at the tap': stages(c.stage), runs: c }]),
    ),
    name: r.name,
    before: r.before,
  }));
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  // The machine's load (5-minute average) says how much other work shared the CPU with the runs.
  const load = `load ${loadAtStart.toFixed(1)} → ${loadavg()[1].toFixed(1)} on ${cpus().length} cores`;
  const both = builds.length > 1 ? ' (each row on this build and, marked, on the baseline, run by run in turn)' : '';
  if (!scrollOnly) console.log(`\nFirst tap on every control, 375 px, CPU 4× slower, scripts prefetched (ADR 0018, issue 33); ${runs} fresh load(s) per row${both}; ${minutes} min, ${load}:`);
  const head = ['route', 'control', 'n', 'tap → visible response, median ms', 'worst ms', 'tap → hydrated, median ms', 'same tap once hydrated, median ms', 'how'];
  if (!scrollOnly) console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  // A run without a visible response is the worst: the cell says what there was instead, in how many runs.
  const worstCell = (t) => {
    const misses = t.outcomes.filter((o) => o !== 'visible' && o !== 'void').length;
    return misses ? `${none(t)} (${misses} of ${t.outcomes.length})` : ms(t['worst ms']);
  };
  // A row with no visible response says what there was instead.
  const none = (t) => (t.outcomes.includes('off screen') ? 'off screen' : t.outcomes.includes('no message') ? 'no message' : 'none');
  // A link's row also says when the page it opens painted (its first contentful paint).
  const paintedCell = (t) => (t.runs.page.length ? `; its page painted ${ms(t['tap → new page painted, median ms (a link)'])} ms (${ms(worst(t.runs.page))}), once hydrated ${ms(t['the same once hydrated, median ms'])}` : '');
  for (const t of scrollOnly ? [] : table) console.log(`| \`${t.route}\` | ${t.control} | ${t.n} | ${t.n ? ms(t['tap → visible response, median ms']) : none(t)} | ${worstCell(t)} | ${ms(t['tap → hydrated, median ms'])} | ${ms(t['same tap once hydrated, median ms'])} | ${t.how}${paintedCell(t)} |`);
  // The tap that follows a scroll (issue 49): every control below the fold.
  const scrolled = table.filter((t) => Object.keys(t.afterScroll).length);
  if (scrolled.length) {
    const delays = [...new Set(scrolled.flatMap((t) => Object.keys(t.afterScroll)))].sort((a, b) => a - b);
    console.log(`\nScroll, then tap: each control below the fold, a fresh load, the control scrolled into view (the page's first intent), the tap ${delays.join(' or ')} ms after that scroll; 375 px, CPU 4× slower, scripts prefetched; ${runs} fresh load(s) per cell${both}:`);
    const cells = (c) => (c ? `${c.n ? ms(c['median ms']) : 'none'} | ${c.outcomes.some((o) => o !== 'visible' && o !== 'void') ? `${ms(c['worst ms'])}; no response in ${c.outcomes.filter((o) => o !== 'visible' && o !== 'void').length} of ${c.outcomes.length}` : ms(c['worst ms'])} | ${ms(c['tap → hydrated, median ms'])} | ${ms(c['scroll → tap, median ms'])} | ${c['scripts at the tap']}` : '— | — | — | — | —');
    const sh = ['route', 'control', ...delays.flatMap((d) => [`${d} ms after: tap → visible response, median ms`, 'worst ms', 'tap → hydrated, median ms', 'scroll → tap as taken, median ms', 'the page at the tap'])];
    console.log(`| ${sh.join(' | ')} |\n|${sh.map(() => '---').join('|')}|`);
    for (const t of scrolled) console.log(`| \`${t.route}\` | ${t.control} | ${delays.map((d) => cells(t.afterScroll[d])).join(' | ')} |`);
  }
  const pending = CONTROLS.filter((c) => c.pending);
  for (const c of pending) console.log(`(${c.label}: not measured, ${c.pending})`);
  const missing = controls.filter((c) => !found.some((f) => f.id === c.id));
  if (missing.length) console.log(`No route has: ${missing.map((c) => c.label).join(', ')}`);
  const lags = results.flatMap((r) => r.inputLag).sort((a, b) => a - b);
  if (lags.length) console.log(`The tap's time is taken just before dispatching it; the page's own event time was ${ms(median(lags))} ms later (median), ${ms(lags.at(-1))} ms at most (input delivery on this machine, included in the figures).`);
  if (aliases.length) console.log(`Left out, the same page as another route: ${aliases.join(', ')}`);
  const notes = table.flatMap((t) => t.problems.map((p) => `${t.route} ${t.control}: ${p}`));
  if (notes.length) console.log(notes.join('\n'));
  console.log('how: in page = the response came in the page tapped; progress bar = a link: the page’s progress bar showed (its page’s first paint follows); new page = in the document it led to (a link, or a form posted before hydration); 2 taps = the control was not on screen before hydration, so the first tap lands where it will be and it is tapped the moment it shows (no reaction time added).');
  if (json) writeFileSync(json, JSON.stringify({ runs, width: 375, cpuSlowdown: 4, baseline: !!baseline, afterScroll, minutes: Number(minutes), load, rows: table, pending: pending.map((c) => ({ id: c.id, label: c.label, why: c.pending })) }, null, 2));
}
