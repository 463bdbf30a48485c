import { describe, expect, it } from 'vitest';
import {
  ANIMATION_MS,
  canZoomIn,
  canZoomOut,
  clampPan,
  createKeyThrottle,
  IMAGE_ERROR_TEXT,
  IMAGE_PADDING_PX,
  KEY_REPEAT_LIMIT_MS,
  positionLabel,
  swipeDirection,
  toggleZoom,
  wrapIndex,
  ZOOM_FACTOR,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  zoomIn,
  zoomOut,
  zoomScale,
} from '../../shared/gallery/lightbox-logic';

describe('lightbox constants (spec section 9)', () => {
  it('match the spec', () => {
    expect([ZOOM_MIN, ZOOM_MAX, ZOOM_STEP, ZOOM_FACTOR]).toEqual([0, 300, 100, 1.007]);
    expect(ANIMATION_MS).toBe(300);
    expect(KEY_REPEAT_LIMIT_MS).toBe(180);
    expect(IMAGE_PADDING_PX).toBe(10);
    expect(IMAGE_ERROR_TEXT).toBe('This image failed to load.');
  });
});

describe('wrapIndex: next and previous wrap cyclically', () => {
  it('goes from the last to the first and from the first to the last', () => {
    expect(wrapIndex(8, 8)).toBe(0);
    expect(wrapIndex(-1, 8)).toBe(7);
    expect(wrapIndex(3, 8)).toBe(3);
    expect(wrapIndex(-9, 8)).toBe(7);
    expect(wrapIndex(17, 8)).toBe(1);
  });

  it('stays at 0 for a single image or an empty list', () => {
    expect(wrapIndex(1, 1)).toBe(0);
    expect(wrapIndex(-1, 1)).toBe(0);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('zoom: 0 to 300 in steps of 100', () => {
  it('steps up and down and stops at the ends', () => {
    const ups = [0];
    for (let i = 0; i < 4; i++) ups.push(zoomIn(ups[ups.length - 1]!));
    expect(ups).toEqual([0, 100, 200, 300, 300]);
    const downs = [300];
    for (let i = 0; i < 4; i++) downs.push(zoomOut(downs[downs.length - 1]!));
    expect(downs).toEqual([300, 200, 100, 0, 0]);
  });

  it('enables the buttons only where a step is possible', () => {
    expect([canZoomIn(0), canZoomIn(200), canZoomIn(300)]).toEqual([true, true, false]);
    expect([canZoomOut(0), canZoomOut(100), canZoomOut(300)]).toEqual([false, true, true]);
  });

  // Interpretation of "zoom factor 1.007 per level": scale = 1.007 ** zoomLevel.
  it('scales by 1.007 per level, so each button step of 100 about doubles the size', () => {
    expect(zoomScale(0)).toBe(1);
    expect(zoomScale(1)).toBeCloseTo(1.007, 10);
    expect(zoomScale(100)).toBeCloseTo(2.0089, 3);
    expect(zoomScale(200)).toBeCloseTo(4.0355, 3);
    expect(zoomScale(300)).toBeCloseTo(8.1066, 3);
    expect(zoomScale(200) / zoomScale(100)).toBeCloseTo(zoomScale(100), 10);
    // Out-of-range levels are clamped, never below 1× or above the 300 level.
    expect(zoomScale(-50)).toBe(1);
    expect(zoomScale(900)).toBe(zoomScale(300));
  });

  it('double click toggles between none and zoomed', () => {
    expect(toggleZoom(0)).toBe(100);
    expect(toggleZoom(100)).toBe(0);
    expect(toggleZoom(300)).toBe(0);
    expect(toggleZoom(toggleZoom(0))).toBe(0);
  });
});

describe('swipeDirection: at least 200 px horizontally or a quarter of the width', () => {
  it('moves on 200 px on a wide screen, in the direction of the gesture', () => {
    expect(swipeDirection(-200, 1280)).toBe(1);
    expect(swipeDirection(200, 1280)).toBe(-1);
    expect(swipeDirection(-199, 1280)).toBe(0);
    expect(swipeDirection(199, 1280)).toBe(0);
  });

  it('moves on a quarter of the width on a narrow screen', () => {
    // 375 px wide: a quarter is 93.75 px.
    expect(swipeDirection(-94, 375)).toBe(1);
    expect(swipeDirection(94, 375)).toBe(-1);
    expect(swipeDirection(-93, 375)).toBe(0);
  });

  it('does not move on no movement or an unknown width below 200 px', () => {
    expect(swipeDirection(0, 0)).toBe(0);
    expect(swipeDirection(-150, 0)).toBe(0);
  });
});

describe('key throttle: one arrow key per 180 ms', () => {
  it('accepts the first press and then only after 180 ms have passed', () => {
    const t = createKeyThrottle();
    expect(t.accept(1000)).toBe(true);
    expect(t.accept(1030)).toBe(false); // key repeat
    expect(t.accept(1179)).toBe(false);
    expect(t.accept(1180)).toBe(true);
    expect(t.accept(1200)).toBe(false);
    expect(t.accept(1400)).toBe(true);
  });

  it('counts from the last accepted press, so a held key moves at most once per 180 ms', () => {
    const t = createKeyThrottle();
    // Auto-repeat every 33 ms for one second.
    const accepted = Array.from({ length: 31 }, (_, i) => i * 33).filter((now) => t.accept(now));
    expect(accepted).toEqual([0, 198, 396, 594, 792, 990]);
  });

  it('reset lets the next press through at once', () => {
    const t = createKeyThrottle();
    t.accept(0);
    t.reset();
    expect(t.accept(10)).toBe(true);
  });
});

describe('clampPan and positionLabel', () => {
  it('keeps a zoomed image from being dragged past its edges', () => {
    // 600 px image at 2×: 300 px of overflow on each side.
    expect(clampPan({ x: 500, y: -500 }, { width: 600, height: 600 }, 2)).toEqual({ x: 300, y: -300 });
    expect(clampPan({ x: 120, y: 40 }, { width: 600, height: 600 }, 2)).toEqual({ x: 120, y: 40 });
    expect(clampPan({ x: 50, y: 50 }, { width: 600, height: 600 }, 1)).toEqual({ x: 0, y: 0 });
  });

  it('reads "Image n of m"', () => {
    expect(positionLabel(2, 8)).toBe('Image 3 of 8');
  });
});
