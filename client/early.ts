/**
 * What a control does when it is tapped before React owns it (docs/first-view.md). Bundled into
 * the loader (client/loader.ts), so it is there from the page's first seconds and costs no
 * request of its own. Each answer works on the server's HTML, the way React will render the same
 * state, so that the visitor sees the answer in the next frame instead of after hydration:
 *
 * - tabs (`[role=tab]`: the analysis tabs, the pricing switch, the product tabs): the tab is
 *   selected and its panel shown; arrow keys, Home and End move between tabs as they will;
 * - gallery filters (`[data-filter]` in `.fgallery`): the pictures of other categories hidden;
 * - quantity steppers (`.quantity__btn`): the field steps by one within its bounds;
 * - carousels before Swiper has started (`.carousel`): the arrows and dots scroll the track, which
 *   snaps to the slides (a fade carousel shows the slide), and stay in step with it;
 * - a gallery picture's plus (`.fgallery__open`): a plain viewer with the picture, until React's
 *   lightbox takes over;
 * - an on-demand player's play button (`.embed__play`): the player, which React keeps;
 * - a booking day (`showDay`, on the day radios' change): that day's times, already in the page.
 *
 * `early(el, event)` answers and says what remains: 'replay' (the click is replayed once React
 * owns the element, so its state takes the same value: a tab, a filter or a step is the same
 * again), 'done' (nothing to replay: Swiper starts from the slide on screen), or null (not one
 * of these controls).
 */

import { LOADER_PLAYER, loaderPlayerSrc } from './player';

export type Early = 'replay' | 'done' | null;

const d = document;

function setTab(tab: HTMLElement, focus: boolean) {
  const list = tab.closest('[role=tablist]');
  if (!list) return;
  for (const t of list.querySelectorAll<HTMLElement>('[role=tab]')) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    t.classList.toggle('is-active', on);
    const panel = d.getElementById(t.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !on;
  }
  if (focus) tab.focus();
}

/**
 * A booking day chosen (a radio named "date" in a `[data-show-day]` form): what belongs to that
 * day is shown, the other days' hidden (`[data-days]`, shared/booking/steps.tsx `daysProps`,
 * as React renders them), a hidden day's times disabled so that they are not sent.
 */
export function showDay(radio: HTMLInputElement): void {
  if (radio.name !== 'date' || !radio.checked || !radio.form?.hasAttribute('data-show-day')) return;
  for (const el of d.querySelectorAll<HTMLElement>('[data-days]')) {
    const on = (el.dataset.days ?? '').split(' ').includes(radio.value);
    el.hidden = !on;
    if (el instanceof HTMLFieldSetElement) el.disabled = !on;
  }
}

/** A key on a tab: the tab it moves to (arrows wrap, Home, End), or null. */
export function tabKey(tab: HTMLElement, key: string): HTMLElement | null {
  const tabs = [...(tab.closest('[role=tablist]')?.querySelectorAll<HTMLElement>('[role=tab]') ?? [])];
  const i = tabs.indexOf(tab);
  const last = tabs.length - 1;
  const to = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[key];
  const next = to === undefined ? undefined : tabs[to];
  if (i < 0 || !next) return null;
  setTab(next, true);
  return next;
}

function filter(button: HTMLElement) {
  const gallery = button.closest('.fgallery');
  const value = button.dataset.filter;
  if (!gallery || !value || button.getAttribute('aria-pressed') === 'true') return;
  for (const b of gallery.querySelectorAll<HTMLElement>('[data-filter]')) b.setAttribute('aria-pressed', String(b === button));
  for (const li of gallery.querySelectorAll<HTMLElement>('.fgallery__item')) {
    // 'all': every picture once (the repeats, `--more`, stay hidden); a category: all its items.
    li.hidden = value === 'all' ? li.classList.contains('fgallery__item--more') : li.dataset.category !== value;
  }
  // The count ("Showing 3 images") is said when React renders it after the replay: text that React
  // hydrates must be the server's, or hydration fails and the page is rendered again.
}

function step(button: HTMLElement) {
  const input = button.closest('.quantity__control')?.querySelector<HTMLInputElement>('input[type=number]');
  if (!input) return;
  const delta = button === button.parentElement?.lastElementChild ? 1 : -1;
  const min = Number(input.min || 1);
  const max = Number(input.max || 99);
  const n = Math.trunc(Number(input.value)) || min;
  input.value = String(Math.min(max, Math.max(min, n + delta)));
}

/** A carousel's slides, the index on screen, and how many positions it has (slides − per view + 1). */
function slider(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>('.swiper');
  const slides = [...root.querySelectorAll<HTMLElement>('.swiper-slide')];
  const fade = root.classList.contains('carousel--fade');
  if (!track || !slides.length) return null;
  const perView = fade ? 1 : Number(getComputedStyle(root).getPropertyValue('--n')) || 1;
  const positions = Math.max(1, slides.length - perView + 1);
  const [a, b] = slides;
  const stepPx = a && b ? b.offsetLeft - a.offsetLeft : track.clientWidth;
  const at = fade ? Number(track.dataset.earlySlide ?? 0) : Math.round(track.scrollLeft / (stepPx || 1));
  return { track, slides, fade, positions, stepPx, at: Math.min(at, positions - 1) };
}

/** The arrows' and dots' state for a slide (the one on screen by default), as Swiper marks them. */
function mark(root: HTMLElement, slide?: number) {
  const s = slider(root);
  if (!s) return;
  const at = slide ?? s.at;
  const loop = root.dataset.loop === 'true';
  const ends: [string, boolean][] = [
    ['.carousel__prev', !loop && at === 0],
    ['.carousel__next', !loop && at >= s.positions - 1],
  ];
  for (const [sel, off] of ends) {
    const b = root.querySelector<HTMLButtonElement>(sel);
    if (!b) continue;
    b.classList.toggle('swiper-button-disabled', off);
    // A disabled button drops focus: the other arrow takes it, as once Swiper has started.
    const had = d.activeElement === b;
    b.disabled = off;
    if (off && had) root.querySelector<HTMLButtonElement>(sel === '.carousel__prev' ? '.carousel__next' : '.carousel__prev')?.focus();
  }
  root.querySelectorAll('.carousel__dots > button').forEach((dot, i) => {
    if (i === at) dot.setAttribute('aria-current', 'true');
    else dot.removeAttribute('aria-current');
  });
}

function slide(control: HTMLElement) {
  const root = control.closest<HTMLElement>('.carousel');
  const s = root && slider(root);
  if (!root || !s) return;
  const loop = root.dataset.loop === 'true';
  const dots = [...root.querySelectorAll('.carousel__dots > button')];
  let to = dots.includes(control) ? dots.indexOf(control) : s.at + (control.classList.contains('carousel__prev') ? -1 : 1);
  if (loop) to = (to + s.positions) % s.positions;
  to = Math.max(0, Math.min(s.positions - 1, to));
  if (to === s.at) return;
  if (s.fade) {
    s.track.dataset.earlySlide = String(to);
    s.slides.forEach((el, i) => {
      el.style.visibility = i === to ? 'visible' : 'hidden';
      const media = el.querySelector<HTMLElement>('.carousel__media');
      if (media) media.style.contentVisibility = i === to ? 'visible' : '';
    });
    mark(root, to);
    return;
  }
  scrollable(root);
  s.track.scrollTo({ left: to * s.stepPx, behavior: 'smooth' });
  mark(root, to);
}

/** The track becomes a scroll container that snaps to the slides (carousel.css `[data-early]`);
 * the arrows and dots follow where it comes to rest (after an arrow, a dot or a swipe). */
function scrollable(root: HTMLElement) {
  if (root.dataset.early !== undefined || root.classList.contains('carousel--fade')) return;
  root.dataset.early = '';
  const track = root.querySelector<HTMLElement>('.swiper');
  // A region that scrolls must be reachable by keyboard: a tab stop of its own when nothing in
  // it takes focus, until Swiper starts (shared/ui/carousel-swiper.ts removes it).
  if (track && !track.hasAttribute('tabindex') && !track.querySelector('a[href],button,input,select,textarea,[tabindex]')) {
    track.tabIndex = 0;
    track.dataset.earlyTabStop = '';
  }
  track?.addEventListener('scrollend', () => {
    if (root.dataset.early !== undefined) mark(root);
  });
}

/** One dot per slide in each carousel's empty `.carousel__dots` (the server leaves it empty to save
 * the bytes), the first current; Swiper's bullets, one per position, replace them when it starts. */
export function carouselDots(): void {
  for (const box of d.querySelectorAll<HTMLElement>('.carousel__dots:empty')) {
    const n = box.closest('.carousel')?.querySelectorAll('.swiper-slide').length ?? 0;
    for (let i = 0; i < n; i++) {
      const b = d.createElement('button');
      b.type = 'button';
      b.setAttribute('aria-label', `Go to slide ${i + 1}`);
      if (!i) b.setAttribute('aria-current', 'true');
      box.appendChild(b);
    }
  }
}

/**
 * The first Tab, before focus moves: every carousel not yet started gets its arrows' state as
 * Swiper will give it, so a carousel whose slides all fit (one position) has both arrows disabled
 * and Tab passes them by. Else focus could land on an arrow that Swiper disables when it starts a
 * moment later, and a disabled button drops focus to the page's top.
 */
export function carouselArrowsForTab(): void {
  for (const root of d.querySelectorAll<HTMLElement>('.carousel')) if (!root.querySelector('.swiper-initialized')) mark(root);
}

/** From the first intent on, every sliding carousel not yet started can be swiped (client/loader.ts). */
export function carouselsSwipe(): void {
  for (const root of d.querySelectorAll<HTMLElement>('.carousel')) if (!root.querySelector('.swiper-initialized')) scrollable(root);
}

/**
 * A gallery picture's plus before hydration: a plain modal viewer with the picture and its title,
 * in the lightbox's colours (inline styles: the lightbox's stylesheet comes with its own chunk).
 * The click is replayed once React owns the plus, so React's lightbox (zoom, swipe, arrows) opens
 * over it; this one then closes (`handOver`). Closed by the visitor first (its button, Escape, a
 * tap outside), nothing is replayed.
 */
let viewer: HTMLDialogElement | null = null;
/** The last early viewer, open or closed, until `handOver`; and when each was closed. */
let shown: HTMLDialogElement | null = null;
const closedAt = new WeakMap<HTMLDialogElement, number>();
function view(plus: HTMLElement, onClosed: () => void) {
  const item = plus.closest('.fgallery__item');
  const img = item?.querySelector('img');
  if (!img) return false;
  const dialog = d.createElement('dialog');
  dialog.className = 'early-viewer';
  dialog.setAttribute('aria-label', item?.querySelector('.fgallery__title')?.textContent ?? img.alt);
  dialog.setAttribute('closedby', 'any');
  dialog.style.cssText =
    'margin:0;padding:16px;border:0;inset:0;width:100%;height:100%;max-width:none;max-height:none;box-sizing:border-box;background:rgb(6 32 36/.97);color:#f1f7f6;display:grid;grid-template-rows:auto minmax(0,1fr) auto;gap:8px;place-items:center';
  const close = d.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', 'Close image viewer');
  close.style.cssText = 'justify-self:end;width:44px;height:44px;border:0;border-radius:50%;background:rgb(255 255 255/.12);color:inherit;font-size:28px;line-height:1;cursor:pointer';
  close.onclick = () => dialog.close();
  const big = d.createElement('img');
  big.setAttribute('src', img.getAttribute('src') ?? img.currentSrc);
  big.alt = img.alt;
  big.style.cssText = 'max-width:100%;max-height:100%;object-fit:contain';
  const caption = d.createElement('p');
  caption.textContent = dialog.getAttribute('aria-label');
  caption.style.cssText = 'margin:0';
  dialog.append(close, big, caption);
  dialog.addEventListener('close', () => {
    dialog.remove();
    closedAt.set(dialog, performance.now());
    if (viewer === dialog) {
      viewer = null;
      onClosed();
    }
  });
  d.body.appendChild(dialog);
  dialog.showModal();
  viewer = shown = dialog;
  return true;
}

/** When a gallery picture's plus was last clicked (the replay's click included). */
let plusClickedAt = -1;

/**
 * After the replay: React's lightbox opens over the early viewer, which then goes. Closed by the
 * visitor while React's was on its way, React's is closed when it comes, unless a plus has been
 * tapped since (that tap asked for it). The visitor's close may land at any point of the replay:
 * before the replayed click (nothing is replayed: loader.ts), between that click and this call
 * (its `close` event may not have fired yet: the viewer is simply no longer open), or after.
 * React's lightbox is seen the moment it opens (a mutation observer's callback runs before the
 * next event is handled), so a key pressed just then (Escape) finds the early viewer already gone
 * and closes React's, not the lightbox on top while the early one stays behind it.
 * Nothing opens within 15 s (the replay found nothing, the chunk did not load): the early viewer,
 * if still open, stays for the visitor to close.
 */
export function handOver(): void {
  const v = shown;
  if (!v) return;
  shown = viewer = null;
  // Closed but its `close` event not yet fired: closed now, as far as the replay is concerned.
  const stillShut = v.open ? undefined : performance.now();
  const opened = () => {
    const lightbox = d.querySelector<HTMLDialogElement>('dialog.lightbox[open]');
    if (!lightbox) return false;
    const dismissedAt = v.open ? Infinity : (closedAt.get(v) ?? stillShut ?? performance.now());
    if (dismissedAt === Infinity) v.close();
    else if (plusClickedAt <= dismissedAt) lightbox.close();
    return true;
  };
  if (opened()) return;
  const observer = new MutationObserver(() => {
    if (!opened()) return;
    observer.disconnect();
    clearTimeout(timer);
  });
  observer.observe(d.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
  const timer = setTimeout(() => observer.disconnect(), 15_000);
}

/**
 * An on-demand player's play button (`.embed`): the player's frame in place of the cover, as
 * React will render it (./player.ts, a copy of shared/ui/player.ts), focused. React then starts from it (the root says
 * `is-loaded`), so there is nothing to replay.
 */
function player(button: HTMLElement): boolean {
  const root = button.closest<HTMLElement>('.embed');
  const src = loaderPlayerSrc(root?.dataset.player);
  if (!root || !src || root.classList.contains('is-loaded')) return false;
  const frame = d.createElement('iframe');
  frame.src = src;
  frame.title = root.dataset.title ?? '';
  frame.className = LOADER_PLAYER.className;
  frame.allow = LOADER_PLAYER.allow;
  if (root.dataset.embed === 'video') frame.allowFullscreen = true;
  frame.referrerPolicy = LOADER_PLAYER.referrerPolicy;
  root.replaceChildren(frame);
  root.classList.add('is-loaded');
  frame.focus();
  return true;
}

export function early(el: HTMLElement, hydrated: boolean, onClosed: () => void = () => {}): Early {
  if (el.matches('.fgallery__open')) plusClickedAt = performance.now();
  // A carousel answers here until Swiper has started (after hydration, when it comes near the
  // viewport), whatever React's state: until then nothing else moves it.
  const carousel = el.closest<HTMLElement>('.carousel');
  if (carousel && el.matches('.carousel__btn, .carousel__dots > button')) {
    if (carousel.querySelector('.swiper-initialized')) return null;
    slide(el);
    return 'done';
  }
  if (hydrated) return null;
  if (el.matches('[role=tab]')) {
    setTab(el, false);
    return 'replay';
  }
  if (el.matches('.fgallery [data-filter]')) {
    filter(el);
    return 'replay';
  }
  if (el.matches('.quantity__btn')) {
    step(el);
    return 'replay';
  }
  if (el.matches('.fgallery__open') && view(el, onClosed)) return 'replay';
  if (el.matches('.embed__play') && player(el)) return 'done';
  return null;
}
