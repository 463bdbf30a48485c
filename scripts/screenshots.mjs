// Screenshots of pages at 375 px and 1280 px, for a person to look at.
// Usage: node scripts/screenshots.mjs http://localhost:3000 /about /contact   (PNG files go to ./screenshots/)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error('usage: node scripts/screenshots.mjs BASE_URL PATH [PATH...]');
  process.exit(2);
}
const outDir = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[${width}] console error on ${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[${width}] page error on ${page.url()}: ${e.message}`));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 }).catch(() => console.log(`[${width}] ${p} did not hydrate`));
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) console.log(`[${width}] ${p} overflows horizontally by ${overflow}px`);
    const file = `${outDir}/${p.replace(/\W+/g, '_') || 'home'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
