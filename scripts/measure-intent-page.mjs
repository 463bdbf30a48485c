// The in-page half of `npm run measure -- --intent` (scripts/measure-intent.mjs): finds the
// controls of a page by the table's selectors and tells, frame by frame, when a control's response
// is visible. Passed to Playwright's addInitScript, so it is one self-contained function: it runs
// in the browser, not in Node, and may use nothing from this module's scope.

/**
 * Runs in every document of the measuring browser, before the page's own scripts (an init
 * script, so the page's CSP does not apply to it). It finds the controls, holds the response
 * rules, and reports through the `__intentReport` binding: the response's time (the first
 * animation frame at which it is visible, wall-clock milliseconds), the page's hydration, and a
 * control that was hidden before hydration becoming visible.
 */
export function harness({ controls }) {
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
  // What the page may take as an intent (client/loader.ts; since ADR 0045 a scroll or a wheel
  // only makes its carousels swipeable): any of them before the measured tap voids a first-tap run.
  const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'mousemove', 'wheel', 'scroll', 'focusin'];
  const CONTENT = 'a[href], button, input, select, textarea, summary, img, svg, iframe, video, audio, p, li, h1, h2, h3, h4, h5, h6, dt, dd, td, th, figcaption, label';
  const OVERLAYS = 'dialog, [role=dialog], [role=alertdialog], [aria-modal=true], [popover], [role=menu]';
  const PLAYERS = 'iframe, video, audio';
  const LIVE = '[role=status], [role=alert], [aria-live]:not([aria-live=off]), output';
  const INTERACTIVE = 'a[href], button, input, select, textarea, summary, label, [role=button], [role=tab], [role=link], [tabindex]:not([tabindex="-1"])';
  const WATCH_KEY = '__intentWatch';
  // A link tapped: the next document's first contentful paint is reported too (`page`).
  const PAGE_KEY = '__intentPage';
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
        if (a.inputAt === undefined && /^(touchstart|pointerdown|keydown)$/.test(type)) {
          a.inputAt = performance.timeOrigin + e.timeStamp;
          // After a scroll the page may have changed since it was armed (a carousel started): the
          // state before the tap is taken again as the tap comes in, before the page's own
          // listeners; and where the tap landed is noted.
          if (a.resnap && a.target) {
            a.snap = RULES[a.spec.response].snap(a.target, a.container);
            const el = tapElement(a.target);
            if (!(el.contains(e.target) || e.target.contains?.(el) || e.target.closest?.('label') === el)) a.missed = describe(e.target);
            // Where the page's start had got to when the tap came: what the tap may have to wait for.
            a.stage = hydrated() ? 'hydrated' : document.querySelector('link[rel=modulepreload]') ? 'starting' : 'not started';
          }
        }
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
  const bars = () => [...document.querySelectorAll('[role=progressbar]:not([aria-hidden=true])')].filter(shown);
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
  /** The text of main (or the body) without that element's: what changed elsewhere on the page. */
  const outside = (el) => {
    const main = document.querySelector('main') ?? document.body;
    const all = main.innerText;
    const own = el?.isConnected && main.contains(el) ? el.innerText : '';
    return own ? all.replace(own, '') : all;
  };
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
    // popover, menu or player that was not on screen before. A link: the page's progress bar shows
    // (the page is on its way), else the page it opens, painted; that page's first paint is
    // reported beside it either way (`page`).
    opens: {
      snap: () => ({ overlays: overlays(), players: players(), bars: bars() }),
      check(t, s) {
        if (t.matches('a[href]')) return bars().some((b) => !s.bars.includes(b));
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
    // A booking day: the rest of the page (the times offered, or "nothing free") changed, in
    // place once hydrated, or in the new document the day's form led to before.
    times: {
      snap: (t) => ({ text: outside(t.form) }),
      check: (t, s) => outside(t.form) !== s.text,
      persist: (s) => s.text,
      checkNew: (before) => {
        const days = document.querySelector('form:has(input[type=radio][name=date])');
        return !!days && rendered(days) && outside(days) !== before;
      },
    },
    // A radio (a booking's time): it shows as chosen.
    checks: {
      snap: () => ({}),
      check: (t) => t.checked === true && shown(tapElement(t)),
    },
    // A label over a picture (the body outline): the box it names shows as ticked.
    ticks: {
      snap: (t) => ({ box: t.control ?? t }),
      check: (t, s) => s.box?.checked === true,
    },
    // A form's action button (the site editor's Save draft, Publish now): the first sign it was
    // taken: the button turns busy (disabled, or its words change: "Publishing…"), the page's
    // progress bar shows, or a status message changes; before hydration, the status in the new
    // document the form's post leads to.
    acts: {
      snap: (t) => ({ texts: liveTexts(), bars: bars(), words: text(t), disabled: t.disabled }),
      check: (t, s) => (t.isConnected && (t.disabled !== s.disabled || text(t) !== s.words)) || bars().some((b) => !s.bars.includes(b)) || liveTexts().some((x, i) => x && x !== (s.texts[i] ?? '')),
      persist: (s) => s.texts,
      checkNew: (texts) => liveTexts().some((x, i) => x && x !== (texts[i] ?? '')),
    },
    // A field tapped (the site editor's): it has the focus.
    focus: {
      snap: () => ({}),
      check: (t) => document.activeElement === t,
    },
    // A toggle button (the rich-text toolbar's): its aria-pressed changed.
    pressed: {
      snap: (t) => ({ was: t.getAttribute('aria-pressed') }),
      check: (t, s) => t.isConnected && t.getAttribute('aria-pressed') !== s.was,
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
            // Below the fold: out of the first view (the page at its top); a visitor scrolls to it.
            below: r.height > 0 && r.top + r.height / 2 + scrollY > innerHeight,
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
        link: !!loc?.target?.matches('a[href]'),
        early: st.early,
        started: hydrated() || !!document.querySelector('link[rel=modulepreload]'),
        hydrated: hydrated(),
      };
    },
    /**
     * The visitor's scroll (issue 49), before it: where the control is (its centre in the
     * viewport), whether it is already in view (clear of the header and of the bar fixed at the
     * bottom of a phone's viewport), and whether the page has taken an intent or started its
     * scripts so far (the run is void then). The scroll itself is a finger's, through the
     * browser's input (measure-intent.mjs `scrollTap`): the page sees the touch, the pointer
     * events and the scroll as it would on a phone.
     */
    whereIs({ id, key }) {
      const loc = locate(id, key);
      const el = loc?.target ? tapElement(loc.target) : null;
      if (!el) return { error: 'not on this page' };
      const point = centre(el);
      return { point, inView: point.y >= 40 && point.y <= innerHeight - 120, height: innerHeight, early: [...st.early], started: hydrated() || !!document.querySelector('link[rel=modulepreload]') };
    },
    /**
     * The way down to a control far below, as the first-tap measurement scrolls (kept from the
     * page: a scroll it does not see), to `short` px before the control reaches the middle of the
     * viewport: the rest is the visitor's stroke, which the page sees.
     */
    async quietScroll({ id, key, short }) {
      const loc = locate(id, key);
      const el = loc?.target ? tapElement(loc.target) : null;
      if (!el) return { error: 'not on this page' };
      st.quiet = true;
      for (let i = 0; i < 4; i++) {
        const by = centre(el).y - innerHeight / 2 - short;
        if (by < 20) break;
        const y = scrollY;
        scrollBy({ top: by, behavior: 'instant' });
        if (scrollY === y) break;
        // Parts below the first view render at their real height when they come near: settle.
        await frames(3);
        await sleep(150);
      }
      await frames(2);
      st.quiet = false;
      return this.whereIs({ id, key });
    },
    /**
     * After the scroll: once the parts scrolled to have rendered (two frames), the response is
     * armed, to be counted from the tap only (its state before the tap is taken again as the tap
     * comes in: a part may have hydrated meanwhile). Returns where to tap.
     */
    async armAfterScroll({ id, key, runId }) {
      const loc = locate(id, key);
      const el = loc?.target ? tapElement(loc.target) : null;
      if (!el) return { error: 'not on this page' };
      await frames(2);
      const point = centre(el);
      const hit = document.elementFromPoint(point.x, point.y);
      const problem = !shown(el) ? 'the control is not on screen after the scroll' : !hit || !(el.contains(hit) || hit.contains(el) || hit.closest?.('label') === el) ? `tap point covered by ${describe(hit)}` : undefined;
      const armed = problem ? {} : this.arm({ id, key, runId, twoTap: false, afterScroll: true });
      return { point, problem: problem ?? armed.error };
    },
    /** Takes the state before the tap and starts watching for the response, every animation frame. */
    arm({ id, key, runId, twoTap, afterScroll = false }) {
      const loc = locate(id, key);
      const a = { id, runId, spec: byId[id], inputAt: undefined, invalid: false, done: false, resnap: afterScroll, afterInput: afterScroll };
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
      sessionStorage.removeItem(PAGE_KEY);
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
      // Armed before the tap is on its way (after a scroll): nothing counts until it has come.
      if (a.afterInput && a.inputAt === undefined) return requestAnimationFrame(tick);
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
    const link = a.target.matches('a[href]');
    if (link) sessionStorage.setItem(PAGE_KEY, JSON.stringify({ runId: a.runId, since: Date.now() }));
    if (rule.persist) sessionStorage.setItem(WATCH_KEY, JSON.stringify({ id: a.id, runId: a.runId, from: location.href, since: Date.now(), persisted: rule.persist(a.snap) }));
    watchFrames(a, () => rule.check(a.target, a.snap, a.container, a), !!rule.checkNew, (at) => {
      const said = { kind: 'response', runId: a.runId, at, doc: 'same', inputAt: a.inputAt, missed: a.missed, stage: a.stage };
      // A link's page may replace this one before the report has left: the next document says it again.
      if (link) sessionStorage.setItem(PAGE_KEY, JSON.stringify({ runId: a.runId, since: Date.now(), said }));
      report(said);
    });
  }

  /** What an earlier document of the tab left under `key` for this one (a minute at most). */
  const left = (key) => {
    try {
      const x = JSON.parse(sessionStorage.getItem(key) ?? 'null');
      return x && Date.now() - x.since < 60000 ? x : null;
    } catch {
      return null;
    }
  };
  /** Calls f once with this document's first contentful paint (wall-clock ms). */
  const firstPaint = (f) =>
    new PerformanceObserver((list, observer) => {
      const fcp = list.getEntriesByName('first-contentful-paint')[0];
      if (!fcp) return;
      observer.disconnect();
      f(performance.timeOrigin + fcp.startTime);
    }).observe({ type: 'paint', buffered: true });

  const paged = left(PAGE_KEY);
  sessionStorage.removeItem(PAGE_KEY);
  if (paged) {
    if (paged.said) report(paged.said);
    firstPaint((at) => report({ kind: 'page', runId: paged.runId, at, href: location.href }));
  }

  // A new document while a watch is on (a link, or a form posted before hydration): the response
  // is in this document; its time is its first frame that shows it (or its first contentful paint).
  const pending = left(WATCH_KEY);
  if (pending) {
    const spec = byId[pending.id];
    const rule = spec && RULES[spec.response];
    if (rule) {
      const a = { id: pending.id, runId: pending.runId, spec, done: false };
      st.armed = a;
      report({ kind: 'new document', runId: a.runId, at: now(), href: location.href });
      const done = (at) => report({ kind: 'response', runId: a.runId, at, doc: 'new', href: location.href });
      if (rule.paint) {
        firstPaint((at) => {
          if (a.done) return;
          a.done = true;
          sessionStorage.removeItem(WATCH_KEY);
          done(at);
        });
      } else {
        watchFrames(a, () => !!document.body && rule.checkNew(pending.persisted), true, done);
      }
    }
  }
}
