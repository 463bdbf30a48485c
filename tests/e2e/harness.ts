import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and failed same-origin requests seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh context (no cookies) with a page at the given viewport that records every console error. */
export async function openPage(browser: Browser, { width = 1280, height = 900 } = {}): Promise<TestPage> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Failed loads are reported below with their URL; a 404 document is expected on the 404 page.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(`console: ${msg.text()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && res.request().resourceType() !== 'document') errors.push(`http ${res.status()}: ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? '';
    // Navigations away abort pending requests; that is not an error of the page.
    if (!failure.includes('ERR_ABORTED')) errors.push(`request failed: ${req.url()} ${failure}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, context, errors, close: () => context.close() };
}

/** Loads a path and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(baseUrl() + path, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
  return response;
}
