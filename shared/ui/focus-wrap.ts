import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, iframe, [tabindex]:not([tabindex="-1"])';

/** The elements Tab can reach inside `root`, in order (rendered and not hidden). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.checkVisibility({ checkVisibilityCSS: true }));
}

/**
 * onKeyDown for a modal <dialog>: Tab from the last control goes to the first, Shift+Tab from
 * the first to the last. A modal dialog makes the page inert, but Chromium still lets Tab leave
 * the document for the browser's own UI; this keeps keyboard users inside, as the ARIA dialog
 * pattern asks.
 */
export function wrapFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const items = tabbables(e.currentTarget);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const outside = !active || !e.currentTarget.contains(active);
  if (e.shiftKey && (active === first || active === e.currentTarget || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}
