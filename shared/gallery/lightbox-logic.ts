/**
 * The lightbox's rules (spec sections 4, 5 and 9) as pure functions, so they are
 * unit-tested without a browser. The component only wires them to events.
 */

/** Zoom levels run from 0 (fit to the screen) to 300 in steps of 100. */
export const ZOOM_MIN = 0;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 100;
/**
 * "Zoom factor 1.007 per level": the rendered scale is 1.007 raised to the zoom level,
 * so each level multiplies the size by 1.007 and one button step of 100 levels about
 * doubles it: level 0 → 1×, 100 → 2.01×, 200 → 4.04×, 300 → 8.12×.
 */
export const ZOOM_FACTOR = 1.007;
/** Image transitions (open, change, zoom). Reduced motion shortens them in CSS. */
export const ANIMATION_MS = 300;
/** Arrow-key repeats faster than this are ignored. */
export const KEY_REPEAT_LIMIT_MS = 180;
/** A horizontal swipe moves when it covers this many pixels… */
export const SWIPE_MIN_PX = 200;
/** …or this fraction of the lightbox width, whichever is smaller. */
export const SWIPE_MIN_WIDTH_FRACTION = 0.25;
/** Space kept free around the image. */
export const IMAGE_PADDING_PX = 10;
export const IMAGE_ERROR_TEXT = 'This image failed to load.';

/** Index `index` wrapped cyclically into 0…count-1 (next after the last is the first). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export function clampZoom(level: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, level));
}

export function zoomIn(level: number): number {
  return clampZoom(level + ZOOM_STEP);
}

export function zoomOut(level: number): number {
  return clampZoom(level - ZOOM_STEP);
}

export const canZoomIn = (level: number) => level < ZOOM_MAX;
export const canZoomOut = (level: number) => level > ZOOM_MIN;

/** Scale factor for a zoom level: ZOOM_FACTOR ** level (see ZOOM_FACTOR). */
export function zoomScale(level: number): number {
  return Math.pow(ZOOM_FACTOR, clampZoom(level));
}

/** Double click: any zoom goes back to none; none zooms in by one step. */
export function toggleZoom(level: number): number {
  return level > ZOOM_MIN ? ZOOM_MIN : zoomIn(ZOOM_MIN);
}

/**
 * Direction of a finished swipe: +1 (to the next image, finger moved left), -1 (previous)
 * or 0 when the gesture was too short: it must cover at least 200 px horizontally or
 * a quarter of the lightbox width.
 */
export function swipeDirection(deltaX: number, width: number): -1 | 0 | 1 {
  const distance = Math.abs(deltaX);
  const enough = distance >= SWIPE_MIN_PX || (width > 0 && distance >= width * SWIPE_MIN_WIDTH_FRACTION);
  if (!enough || distance === 0) return 0;
  return deltaX < 0 ? 1 : -1;
}

/**
 * Key-repeat throttle: `accept(now)` is true at most once per KEY_REPEAT_LIMIT_MS.
 * Time is passed in so tests need no fake timers.
 */
export function createKeyThrottle(limitMs: number = KEY_REPEAT_LIMIT_MS) {
  let last = -Infinity;
  return {
    accept(now: number): boolean {
      if (now - last < limitMs) return false;
      last = now;
      return true;
    },
    reset() {
      last = -Infinity;
    },
  };
}

/**
 * How far a zoomed image may be dragged before its edge would leave the frame:
 * half of the overflow on each axis.
 */
export function clampPan(offset: { x: number; y: number }, size: { width: number; height: number }, scale: number) {
  const maxX = Math.max(0, ((scale - 1) * size.width) / 2);
  const maxY = Math.max(0, ((scale - 1) * size.height) / 2);
  return { x: Math.min(maxX, Math.max(-maxX, offset.x)), y: Math.min(maxY, Math.max(-maxY, offset.y)) };
}

/** "Image 3 of 8" for the live counter. */
export function positionLabel(index: number, count: number): string {
  return `Image ${index + 1} of ${count}`;
}
