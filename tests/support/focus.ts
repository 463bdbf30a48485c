import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Where the keyboard's focus is, for the keyboard-only checks (keyboard.e2e, deposits.e2e): what
 * has it, whether it can be seen, and Tab until it reaches a control.
 */

/** What has focus now: a short description, and whether it shows a focus indicator inside the viewport. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', label: '', text: '', visible: false, inViewport: false, id: '', cls: '' };
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
    const shadow = cs.boxShadow !== 'none';
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      cls: typeof el.className === 'string' ? el.className : '',
      label: el.getAttribute('aria-label') ?? '',
      text: (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80),
      visible: el.matches(':focus-visible') && (outline || shadow),
      inViewport: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
    };
  });
}

/** Presses `key` (Tab by default) until the focused element matches `selector`; fails after `max` presses. */
export async function pressUntil(page: Page, selector: string, { key = 'Tab', max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${key} ×${max} never reached ${selector}; focus is on ${JSON.stringify(await focused(page))}`);
}

export const activeMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Where the focused element is and how the page scrolled and shifted since it loaded (see recordScrolling). */
function focusDetail(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const r = el?.getBoundingClientRect();
    const w = window as unknown as { __scrollLog?: unknown[] };
    return {
      rect: r && { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), width: Math.round(r.width), height: Math.round(r.height) },
      scrollY: Math.round(scrollY),
      innerHeight,
      scrollHeight: document.documentElement.scrollHeight,
      log: (w.__scrollLog ?? []).slice(-40),
    };
  });
}

/** Focus shows an indicator, and the focused element is (once scrolling and lazy layout settle) in the viewport. */
export async function expectVisibleFocus(page: Page) {
  try {
    await expect.poll(() => focused(page)).toMatchObject({ visible: true, inViewport: true });
  } catch (error) {
    // Say where focus is and what moved the page, so a failure on a loaded machine explains itself.
    throw new Error(`${(error as Error).message}\nfocus: ${JSON.stringify(await focused(page))}\n${JSON.stringify(await focusDetail(page))}`, { cause: error });
  }
}
