import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, hydrate, launch, openPage, pagePool } from './harness';

/**
 * Every element that skips rendering until near the viewport (content-visibility: auto) is
 * estimated at least as tall as it is, at every width, before and after hydration (ADR 0022). Every
 * page of the sitemap, rather than a list, so a new page or a new skipped element is checked too:
 * the footer and the bands from the third on (every page), the home pages' deferred sections, the
 * blog grids' later cards and the sidebar widgets. One test per page, two at a time on reused
 * pages (it was one test over every page, 8 minutes on a loaded machine).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The one failure these pages are allowed: the YouTube player cannot load offline. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('youtube-nocookie.com'));

const sitemap = await (await fetch(`${inject('baseUrl')}/sitemap.xml`)).text();
const PATHS = [...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname))];
// Beyond the footer: /about's bands from the third on, the home pages' deferred sections, the
// blog grids' later cards (the masonry lists' below 768 px) and the posts' sidebar widgets.
const MORE_THAN_THE_FOOTER = new Set(['/about', '/', '/homeFive', '/blogs', '/blogTwoMasonry', '/blogThreeColMasonry', '/blogDetails']);
// The layouts' breakpoints (576, 600, 700, 768, 992, 1024, 1100 px) and the widths just below them.
const WIDTHS = [320, 360, 375, 414, 480, 540, 575, 599, 600, 699, 700, 767, 768, 991, 992, 1023, 1024, 1099, 1100, 1280, 1920];

interface Skipped {
  name: string;
  estimate: number;
  height: number;
}

/**
 * In the page: every element that skips rendering at the current width, its estimate as the
 * stylesheet gives it, and its real height with rendering forced on for all of them at once (so
 * an element holding another is measured at its size). Only candidates are read: elements with an
 * inline `content-visibility`, and elements matching a stylesheet rule that sets it, in any
 * @media, @supports, @layer or @container block (whether it holds at this width or not: the
 * masonry lists' cards skip only below 768 px); a sheet that cannot be read makes every element a
 * candidate. The rendering this function forced at the last width is undone first, and only that:
 * resetting every element's inline style made the browser recompute every element's style, 44
 * pages × 21 widths × 2 (ADR 0051). `all: true` reads every element instead, to prove the
 * candidates complete.
 */
function measureSkipped(all: boolean): Skipped[] {
  const w = window as unknown as { __forcedVisible?: Map<HTMLElement, [string, string]> };
  for (const [el, [value, priority]] of w.__forcedVisible ?? []) {
    if (value) el.style.setProperty('content-visibility', value, priority);
    else el.style.removeProperty('content-visibility');
  }
  const forced = new Map<HTMLElement, [string, string]>();
  w.__forcedVisible = forced;
  const selectors = new Set<string>(['[style*="content-visibility"]']);
  let everything = all;
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule && rule.style.getPropertyValue('content-visibility')) selectors.add(rule.selectorText);
      if (rule instanceof CSSImportRule) {
        try {
          walk(rule.styleSheet!.cssRules);
        } catch {
          everything = true;
        }
      } else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets]) {
    try {
      walk(sheet.cssRules);
    } catch {
      everything = true;
    }
  }
  const candidates = new Set<HTMLElement>();
  if (everything) for (const el of document.querySelectorAll<HTMLElement>('body *')) candidates.add(el);
  else {
    for (const selector of selectors) {
      try {
        for (const el of document.querySelectorAll<HTMLElement>(selector)) candidates.add(el);
      } catch {
        // A selector querySelectorAll cannot match (a pseudo-element): its element is read with every element.
        for (const el of document.querySelectorAll<HTMLElement>('body *')) candidates.add(el);
      }
    }
  }
  const skipping = [...candidates].filter((el) => el.closest('body') && getComputedStyle(el).contentVisibility === 'auto');
  const estimates = skipping.map((el) => Number.parseFloat(getComputedStyle(el).containIntrinsicBlockSize.replace('auto', '')));
  for (const el of skipping) {
    forced.set(el, [el.style.getPropertyValue('content-visibility'), el.style.getPropertyPriority('content-visibility')]);
    el.style.setProperty('content-visibility', 'visible', 'important');
  }
  return skipping.map((el, i) => {
    const label = el.getAttribute('aria-labelledby');
    return { name: `${el.tagName.toLowerCase()}.${el.className.split(' ').at(-1)}${label ? `#${label}` : ''}`, estimate: estimates[i]!, height: el.getBoundingClientRect().height };
  });
}

/** The estimates shorter than their element, each as a line. */
const tooShort = (elements: Skipped[], where: string) => elements.filter((e) => !(e.estimate >= e.height)).map((e) => `${e.name} at ${where}: ${Math.ceil(e.height)} px tall, estimate ${e.estimate} px`);

describe.concurrent('every element that skips rendering until near the viewport is estimated at least as tall as it is, at every width', () => {
  const pool = pagePool(() => openPage(browser, { width: 375, height: 800 }));
  afterAll(async () => {
    expect(unexpected(await pool.close()), 'errors after the last page').toEqual([]);
  });

  it('the sitemap lists the pages', () => {
    expect(PATHS.length).toBeGreaterThan(10);
    for (const path of MORE_THAN_THE_FOOTER) expect(PATHS, path).toContain(path);
  });

  it('the check finds an estimate too small, from a rule in nested blocks or an inline style', async ({ expect }) => {
    const t = await pool.take();
    const { page } = t;
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(baseUrl() + '/about', { waitUntil: 'load' });
      await page.evaluate(() => {
        // Into the site's own stylesheet (the page's CSP refuses a new <style>), nested three deep.
        const sheet = [...document.styleSheets].at(-1)!;
        sheet.insertRule('@supports (display: grid) { @layer probe { @media (min-width: 700px) { .site-footer { contain-intrinsic-block-size: auto 10px !important; } } } }', sheet.cssRules.length);
        const box = document.createElement('div');
        box.id = 'probe';
        box.style.cssText = 'content-visibility: auto; contain-intrinsic-block-size: 5px; height: 400px';
        document.body.append(box);
      });
      const at = async (width: number) => {
        await page.setViewportSize({ width, height: 800 });
        return tooShort(await page.evaluate(measureSkipped, false), `${width} px`);
      };
      expect(await at(375)).toEqual([expect.stringMatching(/^div\. at 375 px: 400 px tall, estimate 5 px$/)]);
      expect(await at(1280)).toEqual(expect.arrayContaining([expect.stringMatching(/^footer\.site-footer at 1280 px: \d+ px tall, estimate 10 px$/), expect.stringMatching(/^div\. at 1280 px: 400 px tall/)]));
      // Undone: the probe skips rendering again at the next width.
      expect(await at(375)).toHaveLength(1);
    } finally {
      pool.give(t);
    }
  });

  it.for(PATHS)('%s', { timeout: 240_000 }, async (path, { expect }) => {
    const t = await pool.take();
    const { page } = t;
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(baseUrl() + path, { waitUntil: 'load' });
      // Every page has one at least: the footer. Every element is read once here, so a skipping
      // element the candidates miss fails the test.
      const names = (elements: Skipped[]) => elements.map((e) => e.name).sort();
      const everyElement = names(await page.evaluate(measureSkipped, true));
      expect(everyElement.length, 'elements that skip rendering').toBeGreaterThan(0);
      expect(names(await page.evaluate(measureSkipped, false)), 'the candidates hold every element that skips rendering').toEqual(everyElement);
      const short: string[] = [];
      let most = 0;
      for (const hydrated of [false, true]) {
        if (hydrated) {
          await hydrate(page).catch((error: Error) => {
            throw new Error(`${path}: not hydrated after a key press (${error.message}); page errors: ${JSON.stringify(t.errors)}`);
          });
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const elements = await page.evaluate(measureSkipped, false);
          expect(elements.length, `at ${width} px`).toBeGreaterThan(0);
          most = Math.max(most, elements.length);
          short.push(...tooShort(elements, `${width} px${hydrated ? ' (hydrated)' : ''}`));
        }
      }
      if (MORE_THAN_THE_FOOTER.has(path)) expect(most, 'more than the footer').toBeGreaterThan(1);
      expect(short).toEqual([]);
      expect(unexpected(t.errors)).toEqual([]);
    } finally {
      pool.give(t);
    }
  });
});
