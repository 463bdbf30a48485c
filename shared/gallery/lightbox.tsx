import { useEffect, useId, useRef, useState, type CSSProperties, type MouseEvent, type PointerEvent } from 'react';
import type { Img } from '../content/types';
import { wrapFocus } from '../ui/focus-wrap';
import { Icon } from '../ui/icons';
import {
  ANIMATION_MS,
  canZoomIn,
  canZoomOut,
  clampPan,
  createKeyThrottle,
  IMAGE_ERROR_TEXT,
  IMAGE_PADDING_PX,
  positionLabel,
  swipeDirection,
  toggleZoom,
  wrapIndex,
  zoomIn,
  zoomOut,
  zoomScale,
} from './lightbox-logic';
import './lightbox.css';

export interface LightboxImage {
  img: Img;
  title: string;
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  startIndex: number;
  /** Called once the dialog has closed (close button, Escape or a click outside the image). */
  onClose: () => void;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  startPan: { x: number; y: number };
  moved: boolean;
}

/** Movement under this many pixels still counts as a click, not a drag. */
const CLICK_SLOP_PX = 6;

const timing = { '--lightbox-ms': `${ANIMATION_MS}ms`, '--lightbox-pad': `${IMAGE_PADDING_PX}px` } as CSSProperties;

/**
 * Full-screen image viewer (spec sections 4, 5 and 9). A native modal <dialog>: the browser
 * keeps focus inside (Tab wraps: ../../ui/focus-wrap), makes the page inert, closes on Escape and returns focus to the opener.
 * Loaded with import() on first open, never with the page. The rules live in ./lightbox-logic.
 */
export default function Lightbox({ images, startIndex, onClose }: LightboxProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const throttle = useRef(createKeyThrottle());
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const captionId = useId();

  const count = images.length;
  const [index, setIndex] = useState(() => wrapIndex(startIndex, count));
  const [zoom, setZoom] = useState(0);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [swipeX, setSwipeX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const current = images[index];

  useEffect(() => {
    const dialog = dialogRef.current;
    // No cleanup that closes: a re-run in StrictMode must not fire `close` and dismiss the viewer.
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const isFailed = failed.has(index);

  // A button that becomes disabled (zoom at an end, image failed) drops focus to <body>:
  // give it to the nearest enabled control so keyboard use carries on inside the dialog.
  useEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!lost) return;
    [zoomOutRef, zoomInRef, closeRef].map((r) => r.current).find((btn) => btn && !btn.disabled)?.focus();
  }, [zoom, isFailed]);

  const setZoomLevel = (level: number) => {
    setZoom(level);
    const el = imgRef.current;
    // Keep the visible part of the image inside the frame after zooming out.
    setPan((p) => (el ? clampPan(p, { width: el.offsetWidth, height: el.offsetHeight }, zoomScale(level)) : { x: 0, y: 0 }));
  };

  const go = (step: number) => {
    if (count < 2) return;
    setIndex((i) => wrapIndex(i + step, count));
    setZoom(0);
    setPan({ x: 0, y: 0 });
    setSwipeX(0);
  };

  const close = () => {
    // `close` event → onClose; the browser restores focus to the element that opened the dialog.
    dialogRef.current?.close();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || drag.current) return;
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, startPan: pan, moved: false };
    suppressClick.current = false;
  };

  // Arrow keys on the whole document: a click on the image leaves focus on <body>, not in the dialog.
  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      if (!throttle.current.accept(e.timeStamp)) return;
      go(e.key === 'ArrowRight' ? 1 : -1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  // Follow the pointer on the window so a drag that leaves the stage still ends cleanly;
  // no pointer capture, so a plain click keeps its real target (image or background).
  useEffect(() => {
    const move = (e: globalThis.PointerEvent) => {
      const d = drag.current;
      if (!d || e.pointerId !== d.pointerId) return;
      const dx = e.clientX - d.startX;
      const dy = e.clientY - d.startY;
      if (!d.moved && Math.hypot(dx, dy) < CLICK_SLOP_PX) return;
      if (!d.moved) setDragging(true);
      d.moved = true;
      if (zoom > 0) {
        const el = imgRef.current;
        if (el) setPan(clampPan({ x: d.startPan.x + dx, y: d.startPan.y + dy }, { width: el.offsetWidth, height: el.offsetHeight }, zoomScale(zoom)));
      } else {
        setSwipeX(dx);
      }
    };
    const up = (e: globalThis.PointerEvent) => {
      const d = drag.current;
      if (!d || e.pointerId !== d.pointerId) return;
      drag.current = null;
      if (!d.moved) return;
      setDragging(false);
      suppressClick.current = true;
      if (zoom > 0 || e.type === 'pointercancel') {
        setSwipeX(0);
        return;
      }
      const width = stageRef.current?.clientWidth ?? window.innerWidth;
      const dir = swipeDirection(e.clientX - d.startX, width);
      if (dir === 0) setSwipeX(0);
      else go(dir);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
    };
  });

  const onStageClick = (e: MouseEvent<HTMLElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    // Only the image itself is "inside"; the frame around it closes the viewer.
    if (e.target === e.currentTarget || (e.target as HTMLElement).dataset.lightboxOutside !== undefined) close();
  };

  if (!current) return null;
  const scale = zoomScale(zoom);

  return (
    <dialog
      ref={dialogRef}
      className="lightbox"
      aria-label="Image viewer"
      aria-describedby={captionId}
      style={timing}
      onClose={onClose}
      onClick={onStageClick}
      onKeyDown={wrapFocus}
    >
      <div className="lightbox__bar" data-lightbox-outside="">
        <p className="lightbox__count" aria-live="polite" aria-atomic="true">
          {positionLabel(index, count)}
        </p>
        <div className="lightbox__tools">
          <button ref={zoomOutRef} type="button" className="lightbox__btn" aria-label="Zoom out" disabled={isFailed || !canZoomOut(zoom)} onClick={() => setZoomLevel(zoomOut(zoom))}>
            <Icon name="zoomOut" size={22} />
          </button>
          <button ref={zoomInRef} type="button" className="lightbox__btn" aria-label="Zoom in" disabled={isFailed || !canZoomIn(zoom)} onClick={() => setZoomLevel(zoomIn(zoom))}>
            <Icon name="zoomIn" size={22} />
          </button>
          <button ref={closeRef} type="button" className="lightbox__btn" aria-label="Close image viewer" onClick={close}>
            <Icon name="close" size={22} />
          </button>
        </div>
      </div>

      <div ref={stageRef} className="lightbox__stage" data-lightbox-outside="" onPointerDown={onPointerDown}>
        <figure key={index} className={`lightbox__figure${dragging ? ' is-dragging' : ''}`} data-lightbox-outside="" style={{ transform: `translateX(${swipeX}px)` }}>
          {isFailed ? (
            <p className="lightbox__error" role="alert">
              {IMAGE_ERROR_TEXT}
            </p>
          ) : (
            <img
              ref={imgRef}
              className={`lightbox__img${zoom > 0 ? ' is-zoomed' : ''}${dragging ? ' is-dragging' : ''}`}
              src={current.img.src}
              width={current.img.width}
              height={current.img.height}
              alt={current.img.alt}
              draggable={false}
              data-zoom={zoom}
              style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${scale})` }}
              onDoubleClick={() => setZoomLevel(toggleZoom(zoom))}
              onError={() => setFailed((s) => new Set(s).add(index))}
            />
          )}
        </figure>
      </div>

      {count > 1 && (
        <>
          <button type="button" className="lightbox__btn lightbox__nav lightbox__nav--prev" aria-label="Previous image" onClick={() => go(-1)}>
            <Icon name="chevronLeft" size={26} />
          </button>
          <button type="button" className="lightbox__btn lightbox__nav lightbox__nav--next" aria-label="Next image" onClick={() => go(1)}>
            <Icon name="chevronRight" size={26} />
          </button>
        </>
      )}

      <p id={captionId} className="lightbox__caption" data-lightbox-outside="">
        {current.title}
      </p>
    </dialog>
  );
}
