/**
 * A button that opens or closes a dialog by itself, before any script (Invoker Commands:
 * `commandfor` + `command`, Chromium 135+, Firefox 144+, Safari 26.2+; docs/first-view.md).
 * React passes the lowercase attributes through as they are; its types do not know them yet.
 * Where the browser does not run commands, the same button's onClick does it once hydrated
 * (and the loader holds a tap before then and replays it).
 */
export function invoke(target: string, command: 'show-modal' | 'close' | 'request-close'): Record<string, string> {
  return { commandfor: target, command };
}

/** The browser runs commands itself (a button's `command` then needs no onClick of its own). */
export function commandsRun(): boolean {
  return typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype;
}
