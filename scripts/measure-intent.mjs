// `npm run measure -- --intent`: what the first tap costs now that pages hydrate on the visitor's
// first intent (ADR 0018, issue 33). For every control type of CONTROLS, on every route that has
// it (found in the built pages, not listed by hand), the time from the first tap on the control to
// its visible response: 375 px wide, CPU 4× slower, the page's scripts already fetched (by the
// service worker, or the prefetch links), `runs` fresh loads per row; beside it how long until the
// page hydrated, and the same tap on the page once hydrated.
//   npm run build && npm run measure -- --intent [paths | --all] [--runs=5] [--control=menu,tabs] [--json=FILE]
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { scrollThrough } from './a11y.mjs';

/**
 * The control types, one entry each: how to find the control and what its visible response is.
 * Selectors are semantic (roles, ARIA states, popovertarget/commandfor, <details>, accessible
 * names), so that they hold for today's markup and for the platform versions issue 33 weighs
 * (popover drawer, `<details name>` accordion, radio tabs, scroll-snap carousels).
 *
 * - targets: CSS selector of the candidate controls; name / nameNot: their accessible name must /
 *   must not match.
 * - within: the element a control belongs to (a carousel, a tab list, a form): one row per such
 *   element of a route (told apart by its accessible name); withinName/withinNot: that element's
 *   accessible name and text must / must not match. Without `within`: one row per route.
 * - instanceBy 'name': one row per kind of control, the part of its name that `name` matches
 *   (cart buttons: "Add to cart", "Update cart", "Remove").
 * - pick: 'first' (first candidate), 'unselected' (first one not selected, pressed, open, current
 *   or disabled: a tab other than the active one, a closed accordion item, a filter not applied).
 * - response: the rule in the page (harness RULES below) that says the response is visible.
 * - again: how "the same tap once hydrated" is measured: 'escape' (close with Escape, tap the same
 *   control again), 'rearm' (tap the next control that still has a response, e.g. another tab),
 *   'reload' (a new load of the page, hydrated by a Shift key press first, then the tap).
 * - pending: a control that does not exist yet (no route has it): listed, never measured.
 */
/** What a sign-in form's button says (a checkout that can also create an account is not one). */
const SIGN_IN = /^(log ?in|sign ?in|register|sign ?up|create (an )?account)\b/;

export const CONTROLS = [
  {
    id: 'menu',
    label: 'menu → drawer',
    // The site menu's button: in the banner, named "menu"; it controls the drawer (aria-controls,
    // or popovertarget/commandfor if the drawer becomes a popover or an invoker-driven dialog).
    targets: ':is(header, [role=banner]) :is(button, [role=button])',
    name: /menu/,
    pick: 'unselected',
    response: 'opens',
    again: 'escape',
  },
  {
    id: 'account',
    label: 'account menu',
    // Signed out it is the "Login" link (a new document); signed in, a menu button would open its panel.
    targets: ':is(header, [role=banner]) :is(a[href], button, [role=button])',
    name: /^(log ?in|sign ?in|my account|account)\b/,
    pick: 'first',
    response: 'opens',
    again: 'reload',
  },
  {
    id: 'tabs',
    label: 'tabs',
    // Any ARIA tab list (analysis tabs, product information, areas of care) but the pricing switch;
    // tabs made of radio inputs are found while their group keeps role=tablist (or the labels role=tab).
    targets: ':is([role=tab], [role=tablist] input[type=radio])',
    within: '[role=tablist]',
    withinNot: /month|year|annual/,
    pick: 'unselected',
    response: 'panel',
    again: 'rearm',
  },
  {
    id: 'pricing',
    label: 'pricing switch',
    // Monthly / yearly: tabs today; a switch, a checkbox or radios would do too.
    targets: ':is([role=tab], [role=switch], [role=radio], input[type=radio])',
    name: /^(pay |billed )?(monthly|yearly|annual(ly)?)\b|^(per )?(month|year)$/,
    within: ':is([role=tablist], [role=radiogroup], fieldset, [role=group], [role=switch])',
    pick: 'unselected',
    response: 'panel',
    again: 'rearm',
  },
  {
    id: 'accordion',
    label: 'FAQ accordion',
    // An item of a group of <details> (named, or several side by side), or an ARIA accordion
    // header button; not a lone <details> (a language list).
    targets: ':is(details[name] > summary, details:has(~ details) > summary, details ~ details > summary, :is(h2, h3, h4, h5, h6) > button[aria-expanded][aria-controls])',
    pick: 'unselected',
    response: 'expands',
    again: 'rearm',
  },
  {
    id: 'carousel-arrow',
    label: 'carousel arrow',
    targets: ':is(button, [role=button])',
    name: /\bnext\b/,
    within: '[aria-roledescription=carousel i]',
    pick: 'unselected',
    response: 'slides',
    // A sliding carousel moves for 10 s (spec speed): a second tap in the same load would meet a moving track.
    again: 'reload',
  },
  {
    id: 'carousel-dot',
    label: 'carousel dot',
    targets: ':is(button, [role=button], [role=tab], a[href^="#"])',
    name: /^(go to )?slide\s*\d+|^\d+$/,
    within: '[aria-roledescription=carousel i]',
    pick: 'unselected',
    response: 'slides',
    again: 'reload',
  },
  {
    id: 'filter',
    label: 'gallery filter',
    // Toggle buttons (aria-pressed), radios or tabs in a group named as a filter.
    targets: ':is(button[aria-pressed], [role=radio], input[type=radio], [role=tab])',
    within: ':is([role=group], [role=radiogroup], [role=toolbar], [role=tablist], fieldset)',
    withinName: /filter|categor/,
    pick: 'unselected',
    response: 'items',
    again: 'rearm',
  },
  {
    id: 'lightbox',
    label: 'lightbox',
    // A gallery picture's opener: a button or link that pops up a dialog and is named after the image.
    targets: ':is(button, a[href], [role=button])[aria-haspopup=dialog], :is(button[commandfor], button[popovertarget])',
    name: /image|photo|picture|enlarge|zoom/,
    pick: 'first',
    response: 'opens',
    again: 'escape',
  },
  {
    id: 'video',
    label: 'video popup / player',
    targets: ':is(button, a[href], [role=button])',
    name: /^play\b.*\b(video|film|tour|watch)|\bvideo\b/,
    pick: 'first',
    response: 'opens',
    // The on-demand player replaces its button: a new load for every kind.
    again: 'reload',
  },
  {
    id: 'stepper',
    label: 'quantity stepper',
    targets: ':is(button, [role=button])',
    name: /^(increase|increment|add one|plus|more)\b|^\+$/,
    pick: 'first',
    response: 'value',
    again: 'rearm',
  },
  {
    id: 'cart',
    label: 'cart button',
    targets: ':is(main, [role=main]) :is(button, input[type=submit], [role=button])',
    name: /^(add to cart|update cart|remove|move to cart|add to wishlist|empty cart)/,
    instanceBy: 'name',
    pick: 'first',
    response: 'status',
    again: 'reload',
  },
  {
    id: 'sign-in',
    label: 'sign-in form, empty',
    // The sign-in forms (a password field, a button that signs in or registers): submitted empty,
    // a message shows (field error, alert or dialog).
    targets: 'form:has(input[type=password]) :is(button[type=submit], button:not([type]), input[type=submit])',
    name: SIGN_IN,
    within: 'form',
    pick: 'first',
    response: 'error',
    again: 'reload',
  },
  {
    id: 'form',
    label: 'form validation, empty',
    // A delivering form (posts, has a required text field; not sign-in, not the shop's quantity
    // forms), submitted empty: the first error message shows (or the browser's own message).
    targets: 'form[method=post i]:not(:has(input[type=number])):has(:is(input:not([type=hidden], [type=checkbox], [type=radio]), textarea, select):is([required], [aria-required=true])) :is(button[type=submit], button:not([type]), input[type=submit])',
    nameNot: SIGN_IN,
    within: 'form',
    pick: 'first',
    response: 'error',
    again: 'reload',
  },
  {
    // BOOKING STEPS (issue 31, not built yet). When the booking flow lands, replace `pending` with
    // its selectors, e.g. targets: 'form[aria-label*=booking i] :is(button[type=submit], [role=radio])',
    // within: 'form', pick: 'unselected', response: 'step' (or 'panel'/'error'), again: 'reload';
    // a new response rule goes in the harness's RULES if none fits (the next step's content shows).
    id: 'booking',
    label: 'booking steps',
    pending: 'issue 31: the booking flow does not exist yet',
  },
];

/** The table as the page gets it: regular expressions as their source (case-insensitive there). */
const serialControls = () =>
  CONTROLS.filter((c) => !c.pending).map((c) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v instanceof RegExp ? v.source : v])));

/**
 * Runs in every document of the measuring browser, before the page's own scripts (an init
 * script, so the page's CSP does not apply to it). It finds the controls, holds the response
 * rules, and reports through the `__intentReport` binding: the response's time (the first
 * animation frame at which it is visible, wall-clock milliseconds), the page's hydration, and a
 * control that was hidden before hydration becoming visible.
 */
function harness({ controls }) {
  if (window.__intent) return;
  const byId = Object.fromEntries(controls.map((c) => [c.id, c]));
  const rx = (s) => (s ? new RegExp(s, 'i') : null);
  const now = () => performance.timeOrigin + performance.now();
  const report = (e) => {
    try {
      void window.__intentReport?.(e);
    } catch {
      // the binding is gone (context closing)
    }
  };
  // The loader's intents (client/loader.ts): any of them starts the page's scripts.
  const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'mousemove', 'wheel', 'scroll', 'focusin'];
  const CONTENT = 'a[href], button, input, select, textarea, summary, img, svg, iframe, video, audio, p, li, h1, h2, h3, h4, h5, h6, dt, dd, td, th, figcaption, label';
  const OVERLAYS = 'dialog, [role=dialog], [role=alertdialog], [aria-modal=true], [popover], [role=menu]';
  const PLAYERS = 'iframe, video, audio';
  const LIVE = '[role=status], [role=alert], [aria-live]:not([aria-live=off]), output';
  const INTERACTIVE = 'a[href], button, input, select, textarea, summary, label, [role=button], [role=tab], [role=link], [tabindex]:not([tabindex="-1"])';
  const WATCH_KEY = '__intentWatch';
  const st = { quiet: false, early: [], armed: null };

  // Scrolling a control into view is not the visitor's intent: while `quiet`, scroll events are
  // kept from the page's listeners (this listener is on the window's capture phase, registered
  // before any of the page's). Any other intent before the tap is recorded: the run is void.
  for (const type of INTENTS) {
    addEventListener(
      type,
      (e) => {
        if (type === 'scroll' && st.quiet) {
          e.stopImmediatePropagation();
          return;
        }
        const a = st.armed;
        if (!a) {
          if (!st.quiet && !st.early.includes(type)) st.early.push(type);
          return;
        }
        if (a.inputAt === undefined && /^(touchstart|pointerdown|keydown)$/.test(type)) a.inputAt = performance.timeOrigin + e.timeStamp;
      },
      { capture: true, passive: true },
    );
  }
  // The browser's own validation message (a form without noValidate) has no element: its `invalid` event.
  addEventListener('invalid', () => st.armed && (st.armed.invalid = true), true);
  const hydrated = () => document.documentElement?.dataset.hydrated === 'true';
  // (The document has no root element yet when this runs: observe the document itself.)
  let saidHydrated = false;
  new MutationObserver(() => {
    if (saidHydrated || !hydrated()) return;
    saidHydrated = true;
    report({ kind: 'hydrated', at: now(), href: location.href });
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });

  const text = (el) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    const labelled = by && by.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ');
    return (el.getAttribute('aria-label') || labelled || (el.localName !== 'button' && el.labels?.[0] && text(el.labels[0])) || text(el) || el.getAttribute('title') || el.value || '').replace(/\s+/g, ' ').trim();
  };
  // `anywhere`: the same rules, the viewport left out (a message that is in the page but off screen).
  let anywhere = false;
  const rendered = (el) => !!el?.isConnected && el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: !anywhere });
  /** Would be on screen if scrolled to: parts far below the first view skip rendering (content-visibility: auto, ADR 0022). */
  const present = (el) => {
    if (!el?.isConnected || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2;
  };
  const inView = (r) => r.width >= 2 && r.height >= 2 && (anywhere || (r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth));
  /** Painted, not transparent, at least 2×2 px (not a visually-hidden text) and in the viewport. */
  const shown = (el) => rendered(el) && inView(el.getBoundingClientRect());
  /** A panel is visible when something in it is (a drawer sliding in: its first link on screen). */
  const contentShows = (el) => {
    if (!shown(el)) return false;
    const parts = el.querySelectorAll(CONTENT);
    if (!parts.length) return true;
    for (let i = 0; i < parts.length && i < 80; i++) if (shown(parts[i])) return true;
    return false;
  };
  const controlled = (t) => {
    const id = t.getAttribute('aria-controls') || t.getAttribute('popovertarget') || t.getAttribute('commandfor');
    return id ? document.getElementById(id.split(/\s+/)[0]) : null;
  };
  const selected = (el) =>
    ['aria-selected', 'aria-pressed', 'aria-checked', 'aria-expanded'].some((a) => el.getAttribute(a) === 'true') ||
    /^(true|page|step|location)$/.test(el.getAttribute('aria-current') ?? '') ||
    el.checked === true ||
    el.control?.checked === true ||
    (el.localName === 'summary' && el.parentElement?.open) ||
    el.disabled === true ||
    el.getAttribute('aria-disabled') === 'true' ||
    /\bswiper-button-disabled\b/.test(el.className?.baseVal ?? el.className ?? '');
  /** What to tap: the control, or the label of a radio/checkbox that is not itself on screen. */
  const tapElement = (el) => (!present(el) && el.labels?.length ? ([...el.labels].find(present) ?? el) : el);
  const overlays = () => [...document.querySelectorAll(OVERLAYS)].filter(contentShows);
  const players = () => [...document.querySelectorAll(PLAYERS)].filter(shown);
  const liveTexts = () => [...document.querySelectorAll(LIVE)].map((el) => (shown(el) ? text(el) : ''));
  const errorsShown = () => {
    const found = new Set();
    for (const field of document.querySelectorAll('[aria-invalid=true]')) {
      const ids = `${field.getAttribute('aria-errormessage') ?? ''} ${field.getAttribute('aria-describedby') ?? ''}`.split(/\s+/).filter(Boolean);
      for (const id of ids) {
        const m = document.getElementById(id);
        if (m && shown(m) && text(m)) found.add(m);
      }
    }
    for (const m of document.querySelectorAll('[role=alert]')) if (shown(m) && text(m)) found.add(m);
    return [...found];
  };
  /** The slides of a carousel: the ARIA slides, else the children of its track (the element with
   * the most non-control children, the shallowest of equals: not the dots' row). */
  const slidesOf = (root) => {
    const aria = root.querySelectorAll('[aria-roledescription=slide i]');
    if (aria.length) return [...aria];
    let best = null;
    let depth = Infinity;
    for (const el of root.querySelectorAll('*')) {
      const kids = [...el.children];
      if (kids.length < 2 || kids.some((k) => k.matches('button, a, [role=button], [role=tab]'))) continue;
      let d = 0;
      for (let p = el; p && p !== root; p = p.parentElement) d++;
      if (!best || kids.length > best.children.length || (kids.length === best.children.length && d < depth)) {
        best = el;
        depth = d;
      }
    }
    return best ? [...best.children] : [];
  };
  /** Where each slide is (left edge, relative to the carousel) and whether it is seen inside it. */
  const slideState = (root) => {
    const box = root.getBoundingClientRect();
    return slidesOf(root).map((s) => {
      const r = s.getBoundingClientRect();
      const seen = rendered(s) && parseFloat(getComputedStyle(s).opacity) > 0.01 && r.right > box.left + 1 && r.left < box.right - 1 && r.width > 0;
      return { el: s, x: r.left - box.left, seen };
    });
  };
  /** The list a gallery filter acts on: the nearest list of pictures around the filter group. */
  const galleryOf = (group) => {
    for (let a = group.parentElement; a && a !== document.body; a = a.parentElement) {
      const list = [...a.querySelectorAll('ul, ol, [role=list], [role=grid]')].find((l) => !l.contains(group) && l.children.length >= 2 && l.querySelector('img, picture, figure'));
      if (list) return list;
    }
    return null;
  };
  const itemsKey = (list) =>
    [...(list?.children ?? [])]
      .filter(rendered)
      .map((li) => `${li.querySelector('img')?.getAttribute('src') ?? ''}|${text(li).slice(0, 60)}`)
      .join('\n');
  const fieldOf = (t) => {
    for (let a = t.parentElement; a && a !== document.body; a = a.parentElement) {
      const f = a.querySelector('input[type=number], [role=spinbutton], output');
      if (f) return f;
    }
    return null;
  };
  const valueOf = (f) => (f ? (f.value ?? f.getAttribute('aria-valuenow') ?? text(f)) : '');
  /** The rendered text of a tab's set: the tab list's parent (else its section). */
  const regionText = (t) => (t.closest('[role=tablist], [role=radiogroup], fieldset')?.parentElement ?? t.closest('section, [role=region], article, main') ?? document.body).innerText;

  /**
   * The visible-response rules. snap(target, container) is the state before the tap; check(...)
   * is true at the first animation frame at which the response is on screen. A rule with
   * `persist` also holds across a new document (a link, or a form the page posts before it has
   * hydrated): checkNew(persisted) runs there from its first frame, or `paint` takes its first
   * contentful paint.
   */
  const RULES = {
    // A drawer, menu, dialog, lightbox or player opens: the controlled element's content is on
    // screen (and aria-expanded says so, if the control has it); without aria-controls, any dialog,
    // popover, menu or player that was not on screen before. A link: the page it opens, painted.
    opens: {
      snap: () => ({ overlays: overlays(), players: players() }),
      check(t, s) {
        if (t.hasAttribute('aria-expanded') && t.getAttribute('aria-expanded') !== 'true') return false;
        const c = controlled(t);
        if (c) return contentShows(c);
        return overlays().some((o) => !s.overlays.includes(o)) || players().some((p) => !s.players.includes(p));
      },
      persist: () => null,
      paint: true,
    },
    // A tab: the panel it controls shows; without aria-controls (radio tabs), the rendered text of
    // its tab set changed (another panel shows).
    panel: {
      snap: (t) => ({ panel: controlled(t), text: regionText(t) }),
      check: (t, s) => (s.panel ? contentShows(s.panel) : regionText(t) !== s.text),
    },
    // An accordion item: the content of its <details> (or of the region its button controls) shows.
    expands: {
      snap: (t) => ({ region: t.localName === 'summary' ? t.parentElement : controlled(t) }),
      check(t, s) {
        if (!s.region) return false;
        if (s.region.localName === 'details') return s.region.open && [...s.region.children].some((c) => c.localName !== 'summary' && contentShows(c));
        return contentShows(s.region);
      },
    },
    // A carousel: a slide that was seen moved by a pixel or more (transform, scroll position), or
    // the set of slides seen changed (a fade).
    slides: {
      snap: (t, root) => ({ state: slideState(root) }),
      check(t, s, root) {
        const before = new Map(s.state.map((x) => [x.el, x]));
        for (const x of slideState(root)) {
          const b = before.get(x.el);
          if (!b) continue;
          if (b.seen !== x.seen) return true;
          if (b.seen && Math.abs(b.x - x.x) >= 1) return true;
        }
        return false;
      },
    },
    // A gallery filter: the set of pictures rendered in its gallery changed.
    items: {
      snap: (t, group) => {
        const list = galleryOf(group);
        return { list, key: itemsKey(list) };
      },
      check: (t, s) => !!s.list && itemsKey(s.list.isConnected ? s.list : galleryOf(t)) !== s.key,
    },
    // A stepper: its field's value changed.
    value: {
      snap: (t) => ({ field: fieldOf(t), value: valueOf(fieldOf(t)) }),
      check: (t, s) => !!s.field && valueOf(s.field) !== s.value,
    },
    // A cart button: a live region's text changed (a status message), or the button's row went.
    status: {
      snap: (t) => ({ texts: liveTexts(), row: t.closest('tr, li, [role=row], article') }),
      check(t, s) {
        if (s.row && (!s.row.isConnected || !rendered(s.row))) return true;
        const now = liveTexts();
        return now.some((x, i) => x && x !== (s.texts[i] ?? ''));
      },
      persist: (s) => s.texts,
      checkNew: (texts) => liveTexts().some((x, i) => x && x !== (texts[i] ?? '')),
    },
    // A form submitted empty: an error message shows (a field's error, an alert, a dialog), or the
    // browser's own validation message (its `invalid` event, shown with the next frame).
    error: {
      snap: () => ({ errors: errorsShown(), overlays: overlays() }),
      check: (t, s, c, a) => a.invalid || errorsShown().some((m) => !s.errors.includes(m)) || overlays().some((o) => !s.overlays.includes(o)),
      persist: () => null,
      checkNew: () => errorsShown().length > 0 || overlays().length > 0,
    },
  };

  /** A control's rows on this page: [{ key, label, container, targets }]. */
  function instances(spec) {
    const name = rx(spec.name);
    const nameNot = rx(spec.nameNot);
    const found = [...document.querySelectorAll(spec.targets)].filter((el) => (!name || name.test(nameOf(el))) && !nameNot?.test(nameOf(el)));
    const groups = new Map();
    for (const el of found) {
      let container = null;
      let label = '';
      if (spec.within) {
        container = el.closest(spec.within);
        if (!container) continue;
        const said = `${nameOf(container)} ${text(container).slice(0, 400)}`;
        if (spec.withinName && !rx(spec.withinName).test(nameOf(container))) continue;
        if (spec.withinNot && rx(spec.withinNot).test(said)) continue;
        label = nameOf(container).slice(0, 40);
      } else if (spec.instanceBy === 'name') {
        label = (name.exec(nameOf(el))?.[0] ?? '').toLowerCase();
      }
      const id = container ?? label;
      if (!groups.has(id)) groups.set(id, { label, container, targets: [] });
      groups.get(id).targets.push(el);
    }
    // Without `within` or `instanceBy`, one row per route.
    const list = [...groups.values()];
    if (!spec.within && spec.instanceBy !== 'name') list.splice(1);
    const seen = {};
    return list.map((g) => {
      seen[g.label] = (seen[g.label] ?? 0) + 1;
      return { ...g, key: seen[g.label] > 1 ? `${g.label} #${seen[g.label]}` : g.label };
    });
  }
  const pick = (spec, targets) => (spec.pick === 'unselected' ? targets.find((t) => !selected(t)) : targets[0]) ?? null;
  function locate(id, key) {
    const spec = byId[id];
    const inst = instances(spec).find((i) => i.key === key);
    if (!inst) return null;
    return { spec, container: inst.container, target: pick(spec, inst.targets) };
  }
  /** Where a control's instance is, to place a tap on it before it exists (carousel dots). */
  function instanceBox(id, key) {
    const spec = byId[id];
    if (!spec.within) return null;
    // The container is found by its own selector and name, whether or not the control is in it yet.
    const seen = {};
    for (const c of document.querySelectorAll(spec.within)) {
      const label = nameOf(c).slice(0, 40);
      seen[label] = (seen[label] ?? 0) + 1;
      if ((seen[label] > 1 ? `${label} #${seen[label]}` : label) === key) return c;
    }
    return null;
  }
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
  };
  const describe = (el) => (el ? `${el.localName}${el.id ? `#${el.id}` : ''}${el.classList?.length ? `.${[...el.classList].slice(0, 2).join('.')}` : ''}` : 'nothing');
  const frames = (n) => new Promise((r) => (n ? requestAnimationFrame(() => frames(n - 1).then(r)) : r()));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  window.__intent = {
    /** Every control type's rows on this page, with whether the control is on screen now. */
    survey() {
      const out = [];
      for (const spec of controls) {
        for (const inst of instances(spec)) {
          const t = pick(spec, inst.targets);
          if (!t) continue;
          const el = tapElement(t);
          const r = el.getBoundingClientRect();
          const c = inst.container?.getBoundingClientRect();
          out.push({
            id: spec.id,
            key: inst.key,
            name: nameOf(t).slice(0, 60),
            visible: present(el),
            // The control's centre relative to its container: where to tap before it exists.
            offset: c ? { x: r.left + r.width / 2 - c.left, y: r.top + r.height / 2 - c.top } : null,
          });
        }
      }
      return out;
    },
    /**
     * Brings the control (or, when it is not on screen before hydration, the place where it will
     * be) to the middle of the viewport without the scroll counting as an intent, and waits for
     * the pictures there. Returns what the tap will hit and whether the page is still untouched.
     */
    async prepare({ id, key, offset }) {
      const loc = locate(id, key);
      const box = instanceBox(id, key);
      const el = loc?.target ? tapElement(loc.target) : null;
      // The tap point: the control's centre, or (not there yet) where it will be in its container.
      const at = () => {
        if (el && el.getBoundingClientRect().height > 0) return centre(el);
        if (box && offset) {
          const c = box.getBoundingClientRect();
          return { x: c.left + offset.x, y: c.top + offset.y };
        }
        return null;
      };
      if (!at()) return { error: el || box ? 'no place to tap' : 'not on this page' };
      st.quiet = true;
      let scrolled = false;
      for (let i = 0; i < 4; i++) {
        // In view: clear of the header and of the bar fixed at the bottom of a phone's viewport;
        // else to the middle of the viewport.
        const p = at();
        if (p.y >= 40 && p.y <= innerHeight - 120) break;
        const y = scrollY;
        scrollBy({ top: p.y - innerHeight / 2, behavior: 'instant' });
        if (scrollY === y) break;
        scrolled = true;
        // Parts below the first view render at their real height when they come near: settle.
        await frames(3);
        await sleep(150);
      }
      await frames(2);
      st.quiet = false;
      // The pictures now in view (lazy ones start now), at most 3 s.
      const imgs = [...document.images].filter((i) => !i.complete && rendered(i) && inView(i.getBoundingClientRect()));
      const settled = (i) =>
        new Promise((r) => {
          i.addEventListener('load', r, { once: true });
          i.addEventListener('error', r, { once: true });
        });
      await Promise.race([Promise.all(imgs.map(settled)), sleep(3000)]);
      if (scrolled || imgs.length) await sleep(300);
      const visible = !!el && shown(el);
      const point = at();
      const hit = document.elementFromPoint(point.x, point.y);
      let problem;
      if (visible) {
        if (!hit || !(el.contains(hit) || hit.contains(el) || hit.closest?.('label') === el)) problem = `tap point covered by ${describe(hit)}`;
      } else if (hit?.closest(INTERACTIVE)) problem = `tap point (where the control will be) is on ${describe(hit.closest(INTERACTIVE))}`;
      return {
        point,
        visible,
        problem,
        name: loc?.target ? nameOf(loc.target).slice(0, 60) : '',
        early: st.early,
        started: hydrated() || !!document.querySelector('link[rel=modulepreload]'),
        hydrated: hydrated(),
      };
    },
    /** Takes the state before the tap and starts watching for the response, every animation frame. */
    arm({ id, key, runId, twoTap }) {
      const loc = locate(id, key);
      const a = { id, runId, spec: byId[id], inputAt: undefined, invalid: false, done: false };
      st.armed = a;
      if (twoTap && !(loc?.target && rendered(tapElement(loc.target)))) {
        // The control is not there yet: watch for it, then take the state before its tap.
        const waitControl = () => {
          if (st.armed !== a) return;
          const l = locate(id, key);
          const el = l?.target && tapElement(l.target);
          if (el && shown(el) && !selected(l.target)) {
            start(a, l);
            report({ kind: 'control', runId, at: now(), point: centre(el) });
            return;
          }
          requestAnimationFrame(waitControl);
        };
        requestAnimationFrame(waitControl);
        return { ok: true, waiting: true };
      }
      if (!loc?.target) return { error: 'control not found' };
      start(a, loc);
      if (a.already) return { error: 'response already visible before the tap' };
      return { ok: true, point: centre(tapElement(loc.target)) };
    },
    disarm() {
      st.armed = null;
      sessionStorage.removeItem(WATCH_KEY);
    },
    hydrated,
    /** The control's response is on screen now (to check that a reset closed it). */
    responding(id, key) {
      const loc = locate(id, key);
      if (!loc?.target) return false;
      const rule = RULES[byId[id].response];
      if (byId[id].response === 'opens') return overlays().length > 0;
      return rule.check(loc.target, rule.snap(loc.target, loc.container), loc.container, { invalid: false });
    },
  };

  /**
   * Checks the rule at every animation frame until it holds, then calls done(time). A rule that
   * can answer with a message (status, error) also says once when the message is in the page but
   * not on screen: after a form posted before hydration the page comes back at its top.
   */
  function watchFrames(a, check, offscreen, done) {
    const tick = () => {
      if (st.armed !== a || a.done) return;
      let ok;
      try {
        ok = check();
      } catch {
        ok = false;
      }
      if (ok) {
        a.done = true;
        sessionStorage.removeItem(WATCH_KEY);
        done(now());
        return;
      }
      if (offscreen && !a.offscreen) {
        anywhere = true;
        try {
          if (check()) {
            a.offscreen = true;
            report({ kind: 'offscreen', runId: a.runId, at: now(), href: location.href });
          }
        } catch {
          // not there yet
        } finally {
          anywhere = false;
        }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  function start(a, loc) {
    const rule = RULES[a.spec.response];
    a.target = loc.target;
    a.container = loc.container;
    a.snap = rule.snap(loc.target, loc.container);
    try {
      a.already = a.spec.response !== 'opens' || !a.target.matches('a[href]') ? rule.check(a.target, a.snap, a.container, a) : false;
    } catch {
      a.already = false;
    }
    if (a.already) return;
    if (rule.persist) sessionStorage.setItem(WATCH_KEY, JSON.stringify({ id: a.id, runId: a.runId, from: location.href, since: Date.now(), persisted: rule.persist(a.snap) }));
    watchFrames(a, () => rule.check(a.target, a.snap, a.container, a), !!rule.checkNew, (at) => report({ kind: 'response', runId: a.runId, at, doc: 'same', inputAt: a.inputAt }));
  }

  // A new document while a watch is on (a link, or a form posted before hydration): the response
  // is in this document; its time is its first frame that shows it (or its first contentful paint).
  let pending = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(WATCH_KEY) ?? 'null');
  } catch {
    pending = null;
  }
  if (pending && Date.now() - pending.since < 60000) {
    const spec = byId[pending.id];
    const rule = spec && RULES[spec.response];
    if (rule) {
      const a = { id: pending.id, runId: pending.runId, spec, done: false };
      st.armed = a;
      report({ kind: 'new document', runId: a.runId, at: now(), href: location.href });
      const done = (at) => report({ kind: 'response', runId: a.runId, at, doc: 'new', href: location.href });
      if (rule.paint) {
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName('first-contentful-paint')[0];
          if (!fcp || a.done) return;
          a.done = true;
          sessionStorage.removeItem(WATCH_KEY);
          done(performance.timeOrigin + fcp.startTime);
        }).observe({ type: 'paint', buffered: true });
      } else {
        watchFrames(a, () => !!document.body && rule.checkNew(pending.persisted), true, done);
      }
    }
  }
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const worst = (xs) => (xs.some(Number.isFinite) ? Math.max(...xs.filter(Number.isFinite)) : NaN);
const ms = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-GB') : '—');
/** Reports from the page (the binding), awaited by kind. */
function inbox() {
  const events = [];
  const waiters = [];
  return {
    push(e) {
      events.push({ ...e, got: Date.now() });
      for (const w of [...waiters]) w();
    },
    /** The first event since `from` (index) that `pred` accepts, or null after `timeout` ms. */
    wait(pred, timeout, from = 0) {
      return new Promise((resolve) => {
        const look = () => events.slice(from).find(pred);
        const hit = look();
        if (hit) return resolve(hit);
        const w = () => {
          const e = look();
          if (!e) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(w), 1);
          resolve(e);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          resolve(null);
        }, timeout);
        waiters.push(w);
      });
    },
    get length() {
      return events.length;
    },
  };
}

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * @param {{ base: string, routes: string[], runs: number, json?: string, only?: string[] }} options
 */
export async function measureIntent({ base, routes, runs, json, only }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const started = Date.now();
  const loadAtStart = loadavg()[1];
  const controls = serialControls().filter((c) => !only?.length || only.includes(c.id));
  const log = (s) => process.stderr.write(`${s}\n`);

  /** A fresh phone-sized context with the harness in every document (the CPU slowed later, by `slow`). */
  async function open() {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const box = inbox();
    await context.exposeBinding('__intentReport', (_source, e) => box.push(e));
    await context.addInitScript(harness, { controls });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    return { context, page, cdp, box };
  }
  /**
   * The CPU 4× slower from when the page has loaded and fetched its scripts, until the response:
   * what is measured starts at the tap, on a page at rest either way. A load at full speed makes a
   * run ~2 s shorter; side by side (slowed from the start, as before) the medians differed less
   * than the noise of the shared machine, either way round.
   */
  const slow = (cdp, on) => cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? 4 : 1 });
  /** A real tap through the browser's input pipeline at a point of the viewport; returns its wall-clock time. */
  async function tap(cdp, { x, y }) {
    const at = Date.now();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    return at;
  }
  /** As the current measurement has it: after load, the page's scripts are fetched into the
   * service worker's cache (or the HTTP cache through prefetch links) before the tap. */
  async function prefetched(page) {
    const listed = await page.evaluate(() => ['data-entry', 'data-prefetch'].flatMap((a) => document.querySelector('script[data-entry]')?.getAttribute(a)?.split(' ') ?? []));
    await page.waitForFunction(
      async (files) => {
        const fetched = new Set(
          performance
            .getEntriesByType('resource')
            .filter((e) => e.responseEnd > 0)
            .map((e) => new URL(e.name).pathname),
        );
        const cached = await Promise.all(files.map((f) => fetched.has(f) || caches.match(f)));
        return cached.every(Boolean);
      },
      listed,
      { timeout: 30000, polling: 200 },
    );
    await page.waitForTimeout(500);
  }
  const idle = (page) => page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(), { timeout: 3000 })));

  // 1. Which routes have which controls: each route loaded once, as served (before hydration)
  // and again once hydrated and scrolled through (carousels start, their dots exist then).
  log(`intent: finding the controls on ${routes.length} route(s)…`);
  const found = [];
  const aliases = [];
  {
    const { context, page } = await open();
    for (const route of routes) {
      try {
        await page.goto(base + route, { waitUntil: 'load' });
        // An alias (its canonical link names another route measured here) is the same page.
        const canonical = await page.evaluate(() => {
          const href = document.querySelector('link[rel=canonical]')?.getAttribute('href');
          return href ? new URL(href, location.href).pathname + new URL(href, location.href).search : null;
        });
        if (canonical && canonical !== route && routes.includes(canonical)) {
          aliases.push(`${route} (= ${canonical})`);
          continue;
        }
        await page.waitForTimeout(300);
        const before = await page.evaluate(() => window.__intent.survey());
        await page.keyboard.press('Shift');
        await page.waitForFunction(() => window.__intent.hydrated(), null, { timeout: 20000 });
        await scrollThrough(page);
        await page.waitForTimeout(1000);
        const after = await page.evaluate(() => window.__intent.survey());
        const rows = new Map();
        for (const x of before) rows.set(`${x.id}\n${x.key}`, { route, id: x.id, key: x.key, name: x.name, before: x.visible ? 'visible' : 'hidden', offset: null, after: false });
        for (const x of after) {
          const k = `${x.id}\n${x.key}`;
          if (!rows.has(k)) rows.set(k, { route, id: x.id, key: x.key, name: x.name, before: 'absent', offset: null, after: false });
          Object.assign(rows.get(k), { offset: x.offset, after: x.visible });
        }
        // A control on screen neither before nor after hydration (e.g. one for wide screens only) is not a phone's.
        found.push(...[...rows.values()].filter((x) => x.before === 'visible' || x.after));
      } catch (error) {
        log(`intent: ${route}: could not survey (${error.message.split('\n')[0]})`);
      }
    }
    await context.close();
  }
  const order = Object.fromEntries(controls.map((c, i) => [c.id, i]));
  found.sort((a, b) => routes.indexOf(a.route) - routes.indexOf(b.route) || order[a.id] - order[b.id]);
  log(`intent: ${found.length} rows (${(Date.now() - started) / 1000 | 0} s): ${[...new Set(found.map((f) => f.id))].map((id) => `${id} ${found.filter((f) => f.id === id).length}`).join(', ')}`);

  // 2. Each row: `runs` fresh loads, a first tap each, then the same tap once hydrated.
  const results = [];
  for (const row of found) {
    const spec = controls.find((c) => c.id === row.id);
    const r = { ...row, label: spec.label, cold: [], hydrated: [], warm: [], controlShown: [], inputLag: [], offscreen: [], outcomes: [], how: new Set(), problems: [] };
    const problem = (run, text) => r.problems.push({ run: run + 1, text });
    for (let run = 0; run < runs; run++) {
      const t0 = Date.now();
      const phase = [];
      const lap = (what) => phase.push(`${what} ${Date.now() - t0}`);
      const { context, page, cdp, box } = await open();
      const runId = `${row.route}|${row.id}|${row.key}|${run}`;
      try {
        try {
          const outcome = await firstTap(page, cdp, box, row, runId, lap);
          r.outcomes.push(outcome.kind);
          if (outcome.kind === 'visible') {
            r.cold.push(outcome.response);
            if (Number.isFinite(outcome.hydrated)) r.hydrated.push(outcome.hydrated);
            if (outcome.inputLag !== undefined) r.inputLag.push(outcome.inputLag);
          }
          if (outcome.controlShown !== undefined) r.controlShown.push(outcome.controlShown);
          if (outcome.offscreen !== undefined) r.offscreen.push(outcome.offscreen);
          r.how.add(outcome.how);
          if (outcome.problem) problem(run, outcome.problem);
        } catch (error) {
          r.outcomes.push('void');
          problem(run, error.message.split('\n')[0]);
        }
        lap('first tap');
        // The same tap on a hydrated page.
        try {
          const warmPoint = await hydratedAgain(page, cdp, box, row, spec, runId);
          const warmMark = box.length;
          const second = await tap(cdp, warmPoint);
          const mine = (kind) => (e) => e.kind === kind && e.runId === `${runId}|again`;
          let again = null;
          let off = null;
          // At most 15 s; a message in the page but off screen: 2 s more for it to come into view.
          for (const until = Date.now() + 15000; !again && Date.now() < until; ) {
            again = await box.wait(mine('response'), 250, warmMark);
            off = await box.wait(mine('offscreen'), 0, warmMark);
            if (!again && off && Date.now() - off.got > 2000) break;
          }
          if (again) r.warm.push(again.at - second);
          else if (off) problem(run, `once hydrated: no visible response, the message was in the page ${ms(off.at - second)} ms after the tap, off screen`);
          else problem(run, 'once hydrated: no visible response within 15 s');
        } catch (error) {
          problem(run, error.message.split('\n')[0]);
        }
        lap('again');
      } finally {
        await context.close();
        lap('closed');
        if (process.env.INTENT_DEBUG) log(`  ${runId}: ${phase.join(', ')}`);
      }
    }
    results.push(r);
    log(`intent: ${row.route} ${row.id}${row.key ? ` (${row.key})` : ''}: ${r.cold.map((x) => Math.round(x)).join('/') || r.outcomes.join('/')} ms, once hydrated ${r.warm.map((x) => Math.round(x)).join('/')}${r.problems.length ? `; ${r.problems.map((p) => `run ${p.run}: ${p.text}`).join('; ')}` : ''}`);
  }
  await browser.close();

  /**
   * The first tap of a fresh load: the control brought into view without an intent, the state
   * before it taken, the tap dispatched, then its visible response awaited (from the page tapped,
   * or from the document it led to), and the hydration.
   */
  async function firstTap(page, cdp, box, row, runId, lap) {
    await page.goto(base + row.route, { waitUntil: 'load' });
    lap('load');
    await prefetched(page);
    lap('prefetched');
    await slow(cdp, true);
    const prep = await page.evaluate((a) => window.__intent.prepare(a), { id: row.id, key: row.key, offset: row.offset });
    lap('prepared');
    if (prep.error) throw new Error(prep.error);
    if (prep.early.length || prep.started) throw new Error(`the page took an intent before the tap (${prep.early.join(', ') || 'its scripts started'}): not a first tap`);
    if (prep.problem) throw new Error(prep.problem);
    const twoTap = !prep.visible;
    const armed = await page.evaluate((a) => window.__intent.arm(a), { id: row.id, key: row.key, runId, twoTap });
    if (armed.error) throw new Error(armed.error);
    const mark = box.length;
    const mine = (kind) => (e) => e.kind === kind && e.runId === runId;
    const first = await tap(cdp, prep.point);
    const out = { how: twoTap ? '2 taps' : 'in page' };
    if (twoTap) {
      // Today the control is not there before hydration (carousel arrows are hidden, dots do
      // not exist until Swiper starts): the first tap lands where it will be; the control is
      // tapped the moment it shows. The row's time runs from the first tap.
      const shownEvent = await box.wait(mine('control'), 20000, mark);
      if (!shownEvent) throw new Error('the control did not show within 20 s of the first tap');
      out.controlShown = shownEvent.at - first;
      await tap(cdp, shownEvent.point);
    }
    // At most 20 s; after a new document (a form posted before hydration), its message comes with
    // its first frames: 2.5 s after it is enough.
    let response = null;
    for (const until = Date.now() + 20000; !response && Date.now() < until; ) {
      response = await box.wait(mine('response'), 250, mark);
      const next = await box.wait(mine('new document'), 0, mark);
      if (!response && next && Date.now() - next.got > 2500) break;
    }
    const hydratedAt = await box.wait((e) => e.kind === 'hydrated', response?.doc === 'same' ? 20000 : 0, mark);
    if (response) {
      out.kind = 'visible';
      out.response = response.at - first;
      if (response.doc === 'new') out.how = 'new page';
      else out.hydrated = hydratedAt ? hydratedAt.at - first : NaN;
      // The page's own time of the first input (its event's timeStamp) against the time taken here before dispatching it.
      if (!twoTap && response.inputAt) out.inputLag = response.inputAt - first;
      return out;
    }
    const off = await box.wait(mine('offscreen'), 0, mark);
    const next = await box.wait(mine('new document'), 0, mark);
    if (off) {
      out.kind = 'off screen';
      out.offscreen = off.at - first;
      out.how = next ? 'new page: message off screen' : 'message off screen';
      out.problem = `no visible response: the message was in the page ${ms(off.at - first)} ms after the tap, off screen${next ? ` (${new URL(next.href).pathname} reloaded at its top)` : ''}`;
    } else if (next) {
      out.kind = 'no message';
      out.how = 'new page: no message';
      out.problem = `no visible response: the tap loaded ${new URL(next.href).pathname} (the form posted before hydration) and it showed no message`;
    } else {
      out.kind = 'none';
      out.how = 'none';
      out.problem = 'no visible response within 20 s';
    }
    return out;
  }

  /** Gets the page hydrated (Escape to close, or a new load hydrated by a key press) and arms the same tap. */
  async function hydratedAgain(page, cdp, box, row, spec, runId) {
    const id = `${runId}|again`;
    if (spec.again === 'reload') {
      await page.evaluate(() => window.__intent.disarm()).catch(() => {});
      await slow(cdp, false);
      await page.goto(base + row.route, { waitUntil: 'load' });
      await page.keyboard.press('Shift');
      await page.waitForFunction(() => window.__intent.hydrated(), null, { timeout: 20000 });
    } else {
      await page.waitForFunction(() => window.__intent.hydrated(), null, { timeout: 20000 });
      if (spec.again === 'escape') {
        await page.keyboard.press('Escape');
        await page.waitForFunction((a) => !window.__intent.responding(a.id, a.key), { id: row.id, key: row.key }, { timeout: 5000 });
      }
    }
    // On screen, and ready (a carousel starts when it comes near the viewport).
    let prep;
    for (let i = 0; i < 20; i++) {
      prep = await page.evaluate((a) => window.__intent.prepare(a), { id: row.id, key: row.key, offset: row.offset });
      if (prep.visible && !prep.problem) break;
      await page.waitForTimeout(500);
    }
    if (prep.error || !prep.visible || prep.problem) throw new Error(`once hydrated: ${prep.error ?? prep.problem ?? 'the control is not on screen'}`);
    await idle(page);
    await slow(cdp, true);
    await page.waitForTimeout(300);
    const armed = await page.evaluate((a) => window.__intent.arm(a), { id: row.id, key: row.key, runId: id, twoTap: false });
    if (armed.error) throw new Error(`once hydrated: ${armed.error}`);
    return armed.point;
  }

  // 3. The table, and the same rows as JSON.
  /** Problems of a row, the same text (but its figures) once, with the runs it happened in. */
  const grouped = (problems) => {
    const groups = new Map();
    for (const p of problems) {
      const k = p.text.replace(/\d[\d,.]*/g, 'N');
      if (!groups.has(k)) groups.set(k, { runs: [], text: p.text });
      groups.get(k).runs.push(p.run);
    }
    return [...groups.values()].map((g) => `run${g.runs.length > 1 ? 's' : ''} ${g.runs.join(', ')}: ${g.text}`);
  };
  const table = results.map((r) => ({
    route: r.route,
    control: `${r.label}${r.key ? ` (${r.key})` : ''}`,
    n: r.cold.length,
    outcomes: r.outcomes,
    'tap → visible response, median ms': median(r.cold),
    'worst ms': worst(r.cold),
    'tap → hydrated, median ms': median(r.hydrated),
    'same tap once hydrated, median ms': median(r.warm),
    how: [...r.how].join(', '),
    problems: grouped(r.problems),
    runs: { response: r.cold, hydrated: r.hydrated, again: r.warm, controlShown: r.controlShown, inputLag: r.inputLag, offscreen: r.offscreen },
    name: r.name,
    before: r.before,
  }));
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  // The machine's load (5-minute average) says how much other work shared the CPU with the runs.
  const load = `load ${loadAtStart.toFixed(1)} → ${loadavg()[1].toFixed(1)} on ${cpus().length} cores`;
  console.log(`\nFirst tap on every control, 375 px, CPU 4× slower, scripts prefetched (ADR 0018, issue 33); ${runs} fresh load(s) per row; ${minutes} min, ${load}:`);
  const head = ['route', 'control', 'n', 'tap → visible response, median ms', 'worst ms', 'tap → hydrated, median ms', 'same tap once hydrated, median ms', 'how'];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  // A run without a visible response is the worst: the cell says what there was instead, in how many runs.
  const worstCell = (t) => {
    const misses = t.outcomes.filter((o) => o !== 'visible' && o !== 'void').length;
    return misses ? `${none(t)} (${misses} of ${t.outcomes.length})` : ms(t['worst ms']);
  };
  // A row with no visible response says what there was instead.
  const none = (t) => (t.outcomes.includes('off screen') ? 'off screen' : t.outcomes.includes('no message') ? 'no message' : 'none');
  for (const t of table) console.log(`| \`${t.route}\` | ${t.control} | ${t.n} | ${t.n ? ms(t['tap → visible response, median ms']) : none(t)} | ${worstCell(t)} | ${ms(t['tap → hydrated, median ms'])} | ${ms(t['same tap once hydrated, median ms'])} | ${t.how} |`);
  const pending = CONTROLS.filter((c) => c.pending);
  for (const c of pending) console.log(`(${c.label}: not measured, ${c.pending})`);
  const missing = controls.filter((c) => !found.some((f) => f.id === c.id));
  if (missing.length) console.log(`No route has: ${missing.map((c) => c.label).join(', ')}`);
  const lags = results.flatMap((r) => r.inputLag).sort((a, b) => a - b);
  if (lags.length) console.log(`The tap's time is taken just before dispatching it; the page's own event time was ${ms(median(lags))} ms later (median), ${ms(lags.at(-1))} ms at most (input delivery on this machine, included in the figures).`);
  if (aliases.length) console.log(`Left out, the same page as another route: ${aliases.join(', ')}`);
  const notes = table.flatMap((t) => t.problems.map((p) => `${t.route} ${t.control}: ${p}`));
  if (notes.length) console.log(notes.join('\n'));
  console.log('how: in page = the response came in the page tapped; new page = in the document it led to (a link, or a form posted before hydration); 2 taps = the control was not on screen before hydration, so the first tap lands where it will be and it is tapped the moment it shows (no reaction time added).');
  if (json) writeFileSync(json, JSON.stringify({ runs, width: 375, cpuSlowdown: 4, minutes: Number(minutes), load, rows: table, pending: pending.map((c) => ({ id: c.id, label: c.label, why: c.pending })) }, null, 2));
}
