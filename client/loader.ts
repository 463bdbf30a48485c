/**
 * The page loader (production; ADR 0018). One small file, the same on every page and cached
 * across them (it was inline: ~1.2 kB of brotli in every page's HTML, which pushed the larger
 * pages past what a new connection delivers in its first round trip). The page's own lists come
 * from its script element (server/platform/render/document.tsx `loaderTag`): `data-entry` (the entry module),
 * `data-prefetch` (the modules it will import) and `data-sw` (the service worker's versioned URL).
 *
 * The page hydrates when the visitor first shows intent (a tap, click, key, mouse movement or
 * focus; not a scroll: ADR 0045), not on load. The server HTML is whole and works without scripts:
 * links are links, forms post to the server (ADR 0008). On a phone the first view then has the
 * connection and the main thread to itself; the ~100 kB of scripts are fetched at a low
 * priority once the page has loaded and the browser is idle, and not run, so the first tap only
 * evaluates them: by the service worker into its cache (public/sw.js, which also keeps pages for
 * offline use and is versioned by the entry's hash, so a deploy replaces it), else by
 * `rel=prefetch` into the HTTP cache. The page's whole stylesheets too: the inline one holds only
 * the rules its HTML uses (server/platform/render/critical-css.ts); on the first intent the whole ones are
 * switched on, and the inline copy off, before hydration.
 *
 * The first tap answers at once (docs/first-view.md): nothing heavy runs inside it. The scripts
 * start only once the tap has been answered and that answer painted (after the click, or the key
 * released, and the next frame; a mouse move when it pauses). Until then:
 * - controls the browser runs itself answer on their own: `commandfor`/`popovertarget` buttons,
 *   `<details>` (the FAQ), links, forms (the browser's own validation messages until hydration);
 *   a `show-modal` command (the drawer, the video popup) is run here instead, before and after
 *   hydration, so that the dialog shows in the tap's frame and becomes modal after it
 *   (./open-modal.ts); the state of a dialog or popover opened that way is
 *   mirrored on its opener's `aria-expanded` here; a link followed or a form posted by the browser
 *   shows the page's progress bar until the next page comes (`progress`);
 * - tabs, gallery filters, quantity steppers and carousels that have not started answer from
 *   ./early (in this file), on the server's HTML, as React will render the same state.
 *
 * Nothing the visitor does before hydration is lost:
 * - a click on any other control that only works with scripts (`button[type=button]`,
 *   `a[href="#"]`, `role=button|tab`), and one answered early that React must also know of (a tab,
 *   a filter, a step), is held and replayed, in order, on the same element once React has taken
 *   it over (its props are attached: React's `__reactProps$` key; at the latest after 3 s);
 * - a field edited before then (typed into, chosen, ticked) is announced to React afterwards with
 *   the value the visitor left in it, so a controlled field's state takes that value instead of the
 *   server's empty one (each value is kept at the visitor's edit: announcing one field re-renders
 *   the form, which puts the other controlled fields back to their state before their turn).
 */

import { carouselArrowsForTab, carouselDots, carouselsSwipe, early, handOver, showDay, tabKey } from './early';
import { renderAllOnTab } from './render-on-tab';
import { openModal } from './open-modal';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface Edit {
  el: Field;
  value: string;
  checked: boolean;
}

const d = document;
const w = window;
const html = d.documentElement;
const tag = d.querySelector<HTMLScriptElement>('script[data-entry]');
const list = (name: string) => (tag?.getAttribute(name) ?? '').split(' ').filter(Boolean);
const entries = list('data-entry');
const preloads = list('data-prefetch');
// Other files the entry fetches itself (the clinic's facts the page was rendered with): prefetched, never preloaded as modules.
const fetches = list('data-fetch');
const worker = tag?.getAttribute('data-sw');

const LISTEN = { capture: true, passive: true };
const SCRIPT_ONLY = 'button[type=button],a[href="#"],[role=button]:not(a[href]),[role=tab]';

let started = false;
let done = false;
let ran = false;
const held: HTMLElement[] = [];
/** Held controls whose early answer the visitor has undone (an early viewer closed). */
const dropped = new WeakSet<HTMLElement>();
let edited: Edit[] = [];

function link(rel: string, href: string) {
  const l = d.createElement('link');
  l.rel = rel;
  l.href = href;
  d.head.appendChild(l);
}

// The page's whole stylesheets (linked, disabled): the inline copy holds only the rules its HTML
// uses (server/platform/render/critical-css.ts), not those of the states scripts add.
const sheets = [...d.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][disabled]')];

function run() {
  if (ran) return;
  ran = true;
  unpend();
  for (const u of entries) void import(/* @vite-ignore */ u);
}

/** The first intent: the whole stylesheets on; once they have loaded the inline copy off (it would
 * otherwise come later in the cascade than rules it left out), then the entry is imported; after
 * 3 s it is imported all the same. */
function go() {
  if (started) return;
  started = true;
  clearTimeout(timer);
  for (const [t, f] of LISTENERS) w.removeEventListener(t, f, LISTEN);
  clearTimeout(swipe);
  carouselsSwipe();
  for (const u of preloads) link('modulepreload', u);
  const inline = d.querySelector<HTMLStyleElement>('head>style');
  let left = sheets.length;
  let failed = false;
  const loaded = () => {
    if (--left) return;
    if (inline && !failed) inline.disabled = true;
    run();
  };
  for (const l of sheets) {
    l.onload = loaded;
    l.onerror = () => {
      failed = true;
      loaded();
    };
    l.removeAttribute('disabled');
  }
  if (!sheets.length) run();
  setTimeout(run, 3000);
}
/**
 * When to start: after the visitor's gesture has been answered and painted. `after(ms)`: once no
 * input has come for `ms`, the next frame, then a task after it (the frame is painted by then).
 * 150 ms after a click: an answer may take a few frames to show (the drawer slides in, a track
 * starts to scroll), and each of those frames needs the main thread that the stylesheet swap and
 * the scripts would take; once started, an animation or a smooth scroll goes on in the compositor.
 * A finger or button held down waits for its release (or a second, for a long press).
 *
 * A scroll is not an intent (ADR 0045): a visitor scrolls to read, or to reach a control below
 * the fold, and the tap on it would land in the scripts' evaluation and hydration that the scroll
 * had started (0.3–0.45 s at 4× CPU). A finger that scrolls (the browser cancels its pointer:
 * `pointercancel`), a wheel or a scroll starts nothing; the tap that follows is the first intent,
 * answered like any first tap. The scroll's pause only makes the carousels swipeable.
 */
let timer = 0;
let leaving = 0;
/** A finger or button is down and nothing but that has asked for the start yet. */
let pressing = false;
/** An intent other than a press (a click, a key, a focus, a mouse move) has asked for the start. */
let owed = false;
function after(ms: number, press = false) {
  if (started || leaving) return;
  pressing = press;
  if (!press) owed = true;
  clearTimeout(timer);
  timer = w.setTimeout(() => requestAnimationFrame(() => setTimeout(go)), ms);
}
/** The press was a scroll (or a pinch): it asks for nothing, but what was asked before it stands. */
function scrolled() {
  if (!pressing || started) return;
  pressing = false;
  clearTimeout(timer);
  if (owed) after(200);
}
/** A finger's release: an intent unless the press it ends was a scroll. */
function released() {
  if (pressing) after(200);
}
/** At a scroll's pause, the carousels can be swiped (as they can from the first intent on). */
let swipe = 0;
function scrolling() {
  scrolled();
  clearTimeout(swipe);
  swipe = w.setTimeout(() => !started && carouselsSwipe(), 200);
}
/**
 * The page's progress bar (the one React shows during a client navigation, `.nav-progress`), shown
 * here while the browser itself loads the next document: a link followed or a form posted before
 * hydration, or after it a link React leaves to the browser (the sign-in pages). Without it a tap
 * on a slow phone shows nothing until the next page paints, 0.6–1.7 s later. Through the CSSOM
 * and the Web Animations API, which the CSP allows (the inline stylesheet has no rule for the
 * active bar: its class is not in the HTML); a transform and opacity, so the compositor keeps it
 * moving while the main thread parses the next page.
 */
let bar: Animation | undefined;
function progress(on: boolean) {
  const el = d.querySelector<HTMLElement>('.nav-progress');
  if (!el || (on && bar)) return;
  bar?.cancel();
  bar = undefined;
  if (!on) {
    if (el.hasAttribute('popover')) {
      if (el.matches(':popover-open')) el.hidePopover();
      el.removeAttribute('popover');
    }
    el.removeAttribute('style');
    el.setAttribute('aria-hidden', 'true');
    return;
  }
  // Over an open dialog too (a link in the menu drawer): in the top layer, as a popover; the
  // popover's own box (centred, bordered, padded) undone.
  Object.assign(el.style, { width: '100%', transformOrigin: '0 0', margin: '0', border: '0', padding: '0' });
  if ('showPopover' in el) {
    el.popover = 'manual';
    el.showPopover();
  }
  el.setAttribute('aria-hidden', 'false');
  const still = w.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  bar = el.animate([{ opacity: 1, transform: 'scaleX(0.02)' }, { opacity: 1, transform: 'scaleX(0.8)' }], {
    duration: still ? 0 : 8000,
    easing: 'cubic-bezier(0.1, 0.7, 0.2, 1)',
    fill: 'forwards',
  });
}

/** A link followed or a form posted by the browser: this document is going away, and the scripts
 * would only hold the main thread that the next document needs (it often shares this one's
 * process). If it is still here 10 s later (a download, a 204), the bar goes and the scripts start
 * after all: not sooner, because on slow mobile data the next page often takes more than 3 s to
 * come, and starting them would put back a posted form's "One moment…" (React must find the
 * server's HTML) while the visitor still waits for its answer. Not a link to this page's own
 * fragment, to another window, a download, a `tel:` or `mailto:` link, or a click that opens a tab. */
function leave(e: Event) {
  if (e.defaultPrevented) return;
  let away: boolean;
  if (e.type === 'submit') {
    const form = e.target as HTMLFormElement;
    away = !((e as SubmitEvent).submitter?.getAttribute('formtarget') ?? form.target) && form.method !== 'dialog';
  } else {
    const m = e as MouseEvent;
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    const here = !!a && a.hash !== '' && a.pathname === location.pathname && a.search === location.search;
    away = !!a && /^https?:$/.test(a.protocol) && !here && !a.target && !a.hasAttribute('download') && !m.button && !m.ctrlKey && !m.metaKey && !m.shiftKey && !m.altKey;
  }
  if (!away) return;
  progress(true);
  if (!started) clearTimeout(timer);
  clearTimeout(leaving);
  leaving = w.setTimeout(() => {
    leaving = 0;
    progress(false);
    after(0);
  }, 10_000);
}
// Bubbling, on the window: after the page's own handlers (React's, once hydrated) have had their say.
w.addEventListener('click', leave);
w.addEventListener('submit', leave);
// Back from the browser's back-forward cache: the bar goes (a tap from there starts the scripts).
w.addEventListener('pageshow', (e) => {
  if (!e.persisted) return;
  clearTimeout(leaving);
  leaving = 0;
  progress(false);
});
const LISTENERS: [string, () => void][] = [
  ['pointerdown', () => after(1000, true)],
  ['touchstart', () => after(1000, true)],
  ['pointerup', released],
  ['touchend', released],
  ['pointercancel', scrolled],
  ['touchcancel', scrolled],
  ['scroll', scrolling],
  ['wheel', scrolling],
  ['click', () => after(150)],
  ['keydown', () => after(1000)],
  ['keyup', () => after(150)],
  ...(['mousemove', 'focusin'] as const).map((t): [string, () => void] => [t, () => after(200)]),
];
for (const [t, f] of LISTENERS) w.addEventListener(t, f, LISTEN);
renderAllOnTab();
carouselDots();
w.addEventListener('keydown', function tab(e: KeyboardEvent) {
  if (e.key !== 'Tab') return;
  w.removeEventListener('keydown', tab, true);
  carouselArrowsForTab();
}, true);

/** The browser answers this control itself (Invoker Commands, popovers). */
const native = (el: Element) =>
  (el.hasAttribute('commandfor') && 'commandForElement' in HTMLButtonElement.prototype) ||
  (el.hasAttribute('popovertarget') && 'popoverTargetElement' in HTMLButtonElement.prototype);

function click(e: MouseEvent) {
  const target = e.target as Element | null;
  const control = target?.closest?.<HTMLElement>(SCRIPT_ONLY);
  if (!control || native(control)) return;
  // (The early viewer closed by the visitor before React has taken the click: it is not
  // replayed, also when its replay is already waiting for React to own the element.)
  const answer = early(control, done, () => {
    held.splice(held.indexOf(control) >>> 0, 1);
    dropped.add(control);
  });
  if (done && !answer) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  if (answer === 'done') return;
  dropped.delete(control);
  held.push(control);
}
d.addEventListener('click', click, true);

// Arrow keys, Home and End on a tab, before hydration: the tab they move to is selected.
d.addEventListener(
  'keydown',
  (e) => {
    const t = e.target as HTMLElement;
    if (done || !t.matches?.('[role=tab]')) return;
    const to = tabKey(t, e.key);
    if (!to) return;
    e.preventDefault();
    held.push(to);
  },
  true,
);

// A dialog or popover the browser opened or closed before hydration: its opener says so. From
// `beforetoggle`, which the browser fires as it opens or closes it (so the state is right in the
// same frame as the panel), then checked again by `toggle` and `close`, which come later.
function toggled(e: Event) {
  const t = e.target as HTMLElement;
  if (done || !t.id || !(t instanceof HTMLDialogElement || t.hasAttribute('popover'))) return;
  const open = e.type === 'beforetoggle' ? (e as ToggleEvent).newState === 'open' : t instanceof HTMLDialogElement ? t.open : t.matches(':popover-open');
  for (const b of d.querySelectorAll(`[aria-controls="${t.id}"]`)) b.setAttribute('aria-expanded', String(open));
}
d.addEventListener('beforetoggle', toggled, true);
d.addEventListener('toggle', toggled, true);
d.addEventListener('close', toggled, true);
// A modal dialog opened by its button's command (the menu drawer, the video popup): shown at once as
// a popover and made modal after that frame (./open-modal.ts), before and after hydration;
// the browser's own command, which makes the page inert inside the tap, is cancelled.
w.addEventListener(
  'command',
  (e) => {
    const t = e.target;
    const { command, source } = e as Event & { command?: string; source?: Element | null };
    if (e.defaultPrevented || command !== 'show-modal' || !(t instanceof HTMLDialogElement) || t.open) return;
    e.preventDefault();
    openModal(t, source ?? d.activeElement);
  },
  true,
);
// The server leaves aria-expanded off a button with a command (the HTML rules forbid both): the
// loader states it, closed, until the dialog opens; React keeps it once it has hydrated.
for (const b of d.querySelectorAll('[commandfor][aria-controls]')) if (!b.hasAttribute('aria-expanded')) b.setAttribute('aria-expanded', 'false');

function edit(e: Event) {
  const t = e.target as Field | null;
  if (done || !t || !/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
  edited = edited.filter((x) => x.el !== t);
  record(t);
}
/** Keeps a field's value as the visitor left it, to be told to React after hydration. */
function record(el: Field) {
  edited.push({ el, value: el.value, checked: 'checked' in el ? el.checked : false });
}
d.addEventListener('input', edit, true);
d.addEventListener('change', edit, true);

// A form the browser posts before hydration comes back as a new page, at its top; one that names
// where its answer shows (data-anchor: a cart's status line) comes back there instead, as React
// Router keeps the scroll once hydrated. Until that page comes (a second on a slow phone) the
// status line, brought into view, says the form has gone ("One moment…") and the form is marked
// busy; both are put back as the server sent them if this page stays after all and hydrates
// (React must find its HTML), or comes back from the browser's back-forward cache.
let pending: [Element, Node[]][] = [];
function unpend() {
  for (const [el, kept] of pending) {
    if (el instanceof HTMLFormElement) el.removeAttribute('aria-busy');
    else el.replaceChildren(...kept);
  }
  pending = [];
}
d.addEventListener('submit', (e) => {
  const form = e.target as HTMLFormElement;
  const anchor = form.dataset?.anchor;
  if (done || e.defaultPrevented || !anchor || form.method !== 'post') return;
  const url = new URL(form.action);
  url.hash = anchor;
  form.action = url.href;
  const at = d.getElementById(anchor);
  const line = at?.matches('[role=status]') ? at : at?.querySelector('[role=status]');
  if (!line) return;
  unpend();
  pending.push([line, [...line.childNodes]], [form, []]);
  line.textContent = 'One moment…';
  form.setAttribute('aria-busy', 'true');
  // Where the answer page will open (and where React brings an answer once hydrated): on a phone
  // the line under a long table is off screen.
  line.scrollIntoView({ block: 'nearest' });
});
w.addEventListener('pageshow', (e) => e.persisted && unpend());

// A booking day chosen before hydration: its times, already in the page, are shown at once (React
// is told of the day with the other fields edited, below).
d.addEventListener('change', (e) => {
  const t = e.target as HTMLInputElement | null;
  if (!done && t instanceof HTMLInputElement && t.type === 'radio') showDay(t);
});
// Fields edited (or filled in by the browser) before this file ran: it arrives asynchronously, so
// their value already differs from the one the server sent.
for (const el of d.querySelectorAll<Field>('input,textarea,select')) {
  const changed =
    el instanceof HTMLSelectElement
      ? [...el.options].some((o) => o.selected !== o.defaultSelected)
      : el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
        ? el.checked !== el.defaultChecked
        : el.value !== el.defaultValue;
  if (changed) {
    record(el);
    if (el instanceof HTMLInputElement && el.type === 'radio') showDay(el);
  }
}
// The visitor has already shown intent (typed, or focused something): start now.
if (edited.length || (d.activeElement && d.activeElement !== d.body)) go();

/** React has attached its props to the element: it handles its events now. */
function owned(el: Element) {
  for (const k in el) if (k.startsWith('__reactProps$')) return true;
  return false;
}
function when(el: Element, f: () => void, n = 0, then?: () => void) {
  if (!el.isConnected) return then?.();
  if (owned(el) || n > 60) {
    f();
    then?.();
  } else setTimeout(() => when(el, f, n + 1, then), 50);
}

/** Tells React the value on screen: its value tracker must see a change, so the value is set
 * through the prototype's setter after a different one. */
function announce({ el, value, checked }: Edit) {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    el.checked = !checked;
    el.click();
    return;
  }
  if (el instanceof HTMLSelectElement) el.value = value;
  else {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
    el.value = value + ' ';
    if (setter) setter.call(el, value);
    else el.value = value;
  }
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

new MutationObserver((_, observer) => {
  if (html.dataset.hydrated !== 'true') return;
  observer.disconnect();
  done = true;
  for (const x of edited) when(x.el, () => announce(x));
  edited = [];
  // In order, each in a task of its own (a step replayed twice steps twice).
  const replay = () => {
    const control = held.shift();
    if (control) when(control, () => dropped.has(control) || control.click(), 0, () => setTimeout(replay));
    else handOver();
  };
  replay();
}).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });

// After load, when the browser is idle (the first view's images and paints done): the service
// worker is registered and handed the page's files, which it fetches into its cache off the main
// thread (the page's imports then come from that cache, or from the HTTP cache it went through).
// Without a service worker (not supported, refused, or private browsing), one prefetch link per
// idle task: each costs the main thread a request (0.3–7 ms in Chromium, 2–34 ms under
// Lighthouse's run), and all of them in one task would be a long task on a slow phone.
function idle(f: () => void) {
  if (w.requestIdleCallback) w.requestIdleCallback(f, { timeout: 3000 });
  else setTimeout(f, 50);
}
const queue = [...sheets.map((l) => l.getAttribute('href') ?? ''), ...entries, ...preloads, ...fetches].filter(Boolean);
function links() {
  const u = !started && queue.shift();
  if (!u) return;
  link('prefetch', u);
  idle(links);
}
function later() {
  const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!worker || !sw) return links();
  // (A registration that resolves to nothing, as when a test harness blocks workers, falls back too.)
  sw.register(worker).then(
    (r?: ServiceWorkerRegistration) => (r ? sw.ready.then((ready) => !started && ready.active?.postMessage({ prefetch: queue })) : links()),
    links,
  );
}
if (d.readyState === 'complete') idle(later);
else w.addEventListener('load', () => idle(later), { once: true });
