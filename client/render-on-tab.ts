/**
 * Parts of a page below its first view skip rendering until they come near the viewport
 * (`content-visibility: var(--skip-rendering, auto)`, shared/styles/base.css; ADR 0019, ADR 0022), and until
 * then take an estimated height, set at or above their real one. Scrolling renders each part
 * before it is seen. The Tab key does not: it can move focus past several skipped parts at once,
 * and the browser then scrolls to the focused control by the estimated heights of the parts above
 * it; those render at their real, smaller heights a frame later and can leave the control above
 * the viewport.
 *
 * So the first Tab press renders every part, before the browser moves focus (a keydown listener
 * runs before the key's default action): `data-tabbed` on the root sets `--skip-rendering: visible`. It
 * costs one layout of the whole page, once, for a visitor who uses the keyboard; the first view
 * of everyone else is laid out as before.
 */
export function renderAllOnTab(): void {
  const root = document.documentElement;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    root.setAttribute('data-tabbed', '');
    window.removeEventListener('keydown', onKey, true);
  };
  window.addEventListener('keydown', onKey, true);
}
