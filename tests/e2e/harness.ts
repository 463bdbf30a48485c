import { execFile, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { emulatorClient } from '../support/auth-emulator-client';
import { copyPgliteTemplateInto } from '../support/pglite-template';
import { serverArgs } from './server-args';

export { serverArgs };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * The built site on a database of its own (a copy of the run's migrated one) and the run's Auth
 * Emulator: for a file that changes what every visitor sees (the content editor publishes prices
 * and posts), so the files beside it keep reading the seed. PORT=0: the port the server logs.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-e2e-own-'));
  copyPgliteTemplateInto(inject('pgliteTemplateDir'), dataDir);
  const projectId = inject('authProjectId');
  const child = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_WEB_API_KEY: 'demo-api-key',
      FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk) => {
        out += chunk;
        const listening = out.split('\n').slice(0, -1).find((line) => line.includes('"msg":"listening"'));
        if (listening) resolve(`http://127.0.0.1:${new URL((JSON.parse(listening) as { url: string }).url).port}`);
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened: ${out.slice(-2000)}`)));
    });
    return { url, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and failed same-origin requests seen so far. */
  errors: string[];
  /** Whether the page's service worker may run (`holdScripts` needs it blocked). */
  serviceWorkers: 'allow' | 'block';
  close(): Promise<void>;
}

/**
 * A fresh context (no cookies) with a page at the given viewport that records every console error.
 * `serviceWorkers: 'block'` for a test that holds requests back (`holdScripts`, which checks it).
 */
export async function openPage(
  browser: Browser,
  {
    width = 1280,
    height = 900,
    serviceWorkers = 'allow',
    javaScriptEnabled = true,
    bypassCSP = false,
  }: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block'; javaScriptEnabled?: boolean; /** For axe, injected as a script. */ bypassCSP?: boolean } = {},
): Promise<TestPage> {
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers, javaScriptEnabled, bypassCSP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Failed loads are reported below with their URL; a 404 document is expected on the 404 page.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(`console: ${msg.text()}`);
  });
  page.on('response', (res) => {
    // A 404 page's data, asked for on a client-side navigation, is that page's 404 document by another way.
    const notFoundPageData = res.status() === 404 && new URL(res.url()).searchParams.has('_data');
    if (res.status() >= 400 && res.request().resourceType() !== 'document' && !notFoundPageData) errors.push(`http ${res.status()}: ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? '';
    // Navigations away abort pending requests; that is not an error of the page.
    if (!failure.includes('ERR_ABORTED')) errors.push(`request failed: ${req.url()} ${failure}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, context, errors, serviceWorkers, close: () => context.close() };
}

export interface PagePool<T> {
  /** An idle page (a new one when all are in use), its error list emptied. */
  take(): Promise<T>;
  give(page: T): void;
  /** Closes a page left in an unknown state (a step that did not finish), instead of giving it back. */
  discard(page: T): Promise<void>;
  /** Closes every page; answers the errors recorded after their last test gave them back. */
  close(): Promise<string[]>;
}

/**
 * Pages of one kind for the tests of a describe block that each look at one route: a test takes
 * a page and gives it back, so pages are reused route after route (one per test in flight, two
 * at most with the e2e config's maxConcurrency), not opened per route.
 */
export function pagePool<T extends { errors: string[]; context: BrowserContext }>(open: () => Promise<T>): PagePool<T> {
  const all: T[] = [];
  const idle: T[] = [];
  return {
    async take() {
      let page = idle.pop();
      if (!page) {
        page = await open();
        all.push(page);
      }
      page.errors.length = 0;
      return page;
    },
    give(page) {
      idle.push(page);
    },
    async discard(page) {
      all.splice(all.indexOf(page), 1);
      await page.context.close().catch(() => {});
    },
    async close() {
      const late = all.flatMap((p) => p.errors);
      await Promise.all(all.map((p) => p.context.close()));
      return late;
    },
  };
}

/** A step's time limit passed (`step`). */
class StepTimeout extends Error {}

/**
 * Runs one step of a test (a load, a scroll, axe) within `ms`. If the step does not finish in
 * time, or throws anything but a failed assertion, the test fails with `what` (say the step, the
 * route and the width) and what the page was doing then: its address, `document.readyState`,
 * whether it has hydrated, its scroll position, the carousels not yet started, and the requests
 * `pending` (sent, not answered). A hung step thus names itself well inside the test's limit,
 * instead of the test running out of time with no step named. With `E2E_STEP_TIMES=<file>` each
 * step's time is appended to that file as a JSON line (`what`, `ms`): a profile of a sweep.
 */
export async function step<T>(page: Page, what: string, ms: number, work: () => Promise<T>, pending?: ReadonlySet<Request>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  try {
    const result = await Promise.race([work(), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new StepTimeout()), ms)))]);
    if (process.env.E2E_STEP_TIMES) appendFileSync(process.env.E2E_STEP_TIMES, `${JSON.stringify({ what, ms: Math.round(performance.now() - started) })}\n`);
    return result;
  } catch (error) {
    if (error instanceof Error && error.name === 'AssertionError') throw error;
    const why = error instanceof StepTimeout ? `not done after ${ms / 1000} s` : `failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${error instanceof Error ? error.message : String(error)}`;
    throw new Error(`${what}: ${why}. The page then: ${await pageState(page, pending)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** What the page is doing now, in one line, read within 5 s (a page that does not answer says so). */
async function pageState(page: Page, pending?: ReadonlySet<Request>): Promise<string> {
  const requests = pending ? [...pending].map((r) => `${r.resourceType()} ${r.url().slice(0, 120)}`) : [];
  const waiting = `${requests.length} request(s) pending${requests.length ? `: ${requests.slice(0, 8).join(', ')}` : ''}`;
  let timer: NodeJS.Timeout | undefined;
  const read = page.evaluate(() => {
    const html = document.documentElement;
    const notReady = [...document.querySelectorAll('section.carousel:not(.is-ready)')].filter((c) => c.checkVisibility()).length;
    // Whether the page still paints: a step waiting for a frame would wait for ever on a page given none.
    const frame = new Promise<string>((resolve) => {
      requestAnimationFrame(() => resolve('a frame came'));
      setTimeout(() => resolve('no frame within 2 s'), 2_000);
    });
    const scripts = performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/') && e.name.endsWith('.js')).length;
    return frame.then(
      (frames) =>
        `${location.pathname}${location.search}, readyState ${document.readyState}, hydrated ${html.dataset.hydrated ?? 'no'}, visibility ${document.visibilityState}, focus ${document.hasFocus() ? 'yes' : 'no'}, ${frames}, ${scripts} script(s) fetched, scrolled ${Math.round(scrollY)} of ${html.scrollHeight} px, ${notReady} carousel(s) shown and not started`,
    );
  });
  try {
    const state = await Promise.race([read, new Promise<string>((resolve) => (timer = setTimeout(() => resolve('no answer from the page within 5 s (its main thread busy or hung)'), 5_000)))]);
    return `${state}; ${waiting}`;
  } catch (error) {
    return `not readable (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); ${waiting}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Makes the page hydrate and waits until React has: a page loaded in full hydrates on the
 * visitor's first intent (ADR 0018), here a press of Shift, which changes nothing on the page.
 * Harmless on a page that is already hydrated.
 */
export async function hydrate(page: Page) {
  await page.keyboard.press('Shift');
  try {
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
  } catch (error) {
    // Seen once in a clean run (skip-rendering, a blog page after its 21 widths): say what the page was doing.
    throw new Error(`not hydrated 15 s after a key press. The page then: ${await pageState(page)}`, { cause: error });
  }
}

/**
 * Holds the page's entry script back, as a slow phone would, so what the test does first surely
 * comes before hydration: until the returned `release` is called (at the latest after `ms`).
 * `files`: another script to hold the same way (e.g. the loader). The page must come from
 * `openPage(…, { serviceWorkers: 'block' })`, and this throws otherwise: once the service worker
 * has taken over the page (it registers when the page is idle after load), it answers the page's
 * requests, and Playwright's routing does not see those, so nothing would be held.
 */
export async function holdScripts({ page, serviceWorkers }: TestPage, ms = 30_000, files = '**/assets/entry-*.js'): Promise<() => void> {
  if (serviceWorkers !== 'block') throw new Error("holdScripts: open the page with openPage(browser, { serviceWorkers: 'block' })");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(release, ms);
  await page.route(files, async (route) => {
    await released;
    clearTimeout(timer);
    await route.continue();
  });
  return release;
}

/** Loads a path and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(baseUrl() + path, { waitUntil: 'load' });
  await hydrate(page);
  return response;
}

/** Slides of a carousel whose box lies fully inside the carousel's visible box (and that are not faded out). */
export async function slidesInView(page: Page, label: string): Promise<number> {
  return page.evaluate((label) => {
    const root = document.querySelector(`section.carousel[aria-label="${label}"]`);
    const viewport = root?.querySelector('.swiper');
    if (!root || !viewport) return -1;
    const box = viewport.getBoundingClientRect();
    return [...root.querySelectorAll('.swiper-slide')].filter((s) => {
      const r = s.getBoundingClientRect();
      const cs = getComputedStyle(s);
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && cs.visibility !== 'hidden' && Number(cs.opacity) > 0.5;
    }).length;
  }, label);
}

/** Resizes the window to each width and checks the carousel's per-view count there. */
export async function expectPerView(page: Page, label: string, expected: Record<number, number>) {
  // Swiper starts when a carousel comes near the viewport.
  await page.locator(`section.carousel[aria-label="${label}"]`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`section.carousel.is-ready[aria-label="${label}"]`, { timeout: 10_000 });
  const seen: Record<number, number> = {};
  for (const width of Object.keys(expected).map(Number)) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => slidesInView(page, label)).toBe(expected[width]);
    seen[width] = await slidesInView(page, label);
  }
  expect(seen).toEqual(expected);
}


/**
 * Before a navigation: makes the page sample the text of the counters matched by
 * `selector` every 50 ms from the first paint on, so a slow test process cannot miss
 * the animation. Read back by expectCountUp.
 */
export async function sampleCounters(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __counterSamples: number[][] };
    w.__counterSamples = [];
    const timer = setInterval(() => {
      const values = [...document.querySelectorAll(sel)].map((el) => Number((el.textContent ?? '').replace(/\D/g, '')));
      if (values.length) w.__counterSamples.push(values);
      if (w.__counterSamples.length > 2000) clearInterval(timer);
    }, 50);
  }, selector);
}

/**
 * Scrolls the counters into view and checks that they counted up (needs sampleCounters
 * before the page was loaded): the final values equal `ends`, and some sample lay
 * strictly between 0 and the end value.
 */
export async function expectCountUp(page: Page, selector: string, ends: readonly number[], timeout = 15_000) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  const read = () => page.locator(selector).allTextContents().then((ts) => ts.map((t) => Number(t.replace(/\D/g, ''))));
  await expect.poll(read, { timeout, interval: 250 }).toEqual([...ends]);
  const samples = await page.evaluate(() => (window as unknown as { __counterSamples: number[][] }).__counterSamples);
  const counted = samples.some((values) => values.some((v, i) => v > 0 && v < (ends[i] ?? 0)));
  expect(counted, 'an intermediate value was shown while counting up').toBe(true);
}

/** `npm run staff -- …` (roles and practitioner links) against the end-to-end run's Auth Emulator; answers its output. */
export async function staffCommand(...args: string[]) {
  return promisify(execFile)('npm', ['run', '--silent', 'staff', '--', ...args], {
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'), FIREBASE_PROJECT_ID: inject('authProjectId'), NODE_ENV: 'test' },
    timeout: 60_000,
  });
}

/** A new account in the run's Auth Emulator. */
export const signUp = (email: string, password: string, name: string) => emulatorClient(inject('authEmulatorHost'), inject('authProjectId')).signUp(email, password, name);

/** Signs in on the sign-in page `to` redirects to (JavaScript needed) and comes back to `to`, hydrated. */
export async function signInTo(page: Page, to: string, email: string, password: string) {
  await page.goto(`${baseUrl()}${to}`);
  await page.waitForURL(/\/login\?returnTo=/);
  await hydrate(page);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([page.waitForURL(`${baseUrl()}${to}`, { timeout: 30_000 }), page.getByRole('button', { name: 'Login Now' }).click()]);
  await hydrate(page);
}
