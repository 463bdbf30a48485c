/**
 * Opens a modal `<dialog>` so that the tap's frame shows it at once (docs/first-view.md, ADR 0036):
 * the loader does it for every `show-modal` command (the menu drawer, the video popup), before
 * and after hydration, instead of the browser.
 *
 * `showModal()` makes the rest of the page inert, and Chromium recalculates the style of the whole
 * rendered page for it inside the tap: 60–110 ms at 4× CPU on the longest pages, the greater part
 * of the menu drawer's answer. So the dialog is first shown open as a manual popover: in the top
 * layer, with its own box and its `::backdrop`, as the modal dialog will look (30–45 ms); focus
 * moves into it as for a modal dialog (the dialog focusing steps). In the task after that frame
 * has been painted it becomes the modal dialog (the page behind inert, Escape and a tap outside
 * closing it, `closedby`), with focus where it was inside it and given back to `opener` when it
 * closes, as the browser's own `show-modal` command does. The inertness is then paid after the
 * answer is on screen (the frames after it: the panel's slide runs in the compositor).
 *
 * Where popovers are missing it is `showModal()` as before. An open dialog is left alone.
 */
export function openModal(dialog: HTMLDialogElement, opener: Element | null = document.activeElement): void {
  if (dialog.open || !dialog.isConnected) return;
  if (!('showPopover' in HTMLElement.prototype)) {
    dialog.showModal();
    return;
  }
  dialog.setAttribute('open', '');
  dialog.popover = 'manual';
  dialog.showPopover();
  // After the frame has painted (the loader imports nothing from the app, so not shared/ui/after-paint.ts:
  // importing it put the app's chunk in front of the loader). A hidden page paints no frames.
  const later = () => setTimeout(() => makeModal(dialog, opener));
  if (document.visibilityState === 'hidden') later();
  else requestAnimationFrame(later);
}

/** The popover becomes the modal dialog; closed in between (a script's close()), it is undone. */
function makeModal(dialog: HTMLDialogElement, opener: Element | null) {
  const shown = dialog.matches(':popover-open');
  if (dialog.hasAttribute('popover')) {
    if (shown) dialog.hidePopover();
    dialog.removeAttribute('popover');
  }
  if (!shown || !dialog.open) {
    dialog.removeAttribute('open');
    return;
  }
  const inside = dialog.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  // The modal dialog gives focus back on closing to what had it when it opened: the opener.
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
  dialog.removeAttribute('open');
  dialog.showModal();
  if (inside && inside !== document.activeElement && inside.isConnected) inside.focus({ preventScroll: true });
}
