import { useEffect, useId, useRef, useState } from 'react';
import { commandsRun, invoke } from './invoke';
import type { Video } from '../content/about';
import { Icon } from './icons';
import { imageLoading } from './image-loading';
import './video-popup.css';

/** Privacy-enhanced YouTube host; the CSP allows frames from it and nothing else loads before a click. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export function videoEmbedUrl(id: string): string {
  return `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}?autoplay=1`;
}

/**
 * A cover image with a play button that opens the video in a modal dialog. The player
 * (an iframe) is created only when the visitor opens the dialog and removed when it closes,
 * so nothing is requested from YouTube on page load. Closes on its close button, Escape
 * or a click on the backdrop, and focus returns to the play button.
 */
/** `priority`: the cover is the page's first image (see imageLoading). */
export function VideoPopup({ video, className, priority = false }: { video: Video; className?: string; priority?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();

  // The play button's command opens the dialog by itself, before hydration too, and after it where
  // the browser runs commands (the loader makes the opening quick: client/open-modal.ts;
  // docs/first-view.md): the player follows the dialog.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const sync = () => dialog.open && setOpen(true);
    sync();
    dialog.addEventListener('toggle', sync);
    return () => dialog.removeEventListener('toggle', sync);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) {
      dialog.showModal();
      // Focus the close control, not the player: keys pressed inside a cross-origin
      // frame (Escape included) never reach this page.
      closeRef.current?.focus();
    }
  }, [open]);

  const close = () => dialogRef.current?.close();

  return (
    <div className={`video-popup ${className ?? ''}`}>
      <img src={video.cover.src} width={video.cover.width} height={video.cover.height} alt={video.cover.alt} {...imageLoading(priority)} className="video-popup__cover" />
      <button ref={triggerRef} type="button" className="video-popup__play" aria-haspopup="dialog" {...invoke(dialogId, 'show-modal')} onClick={() => commandsRun() || setOpen(true)}>
        <Icon name="play" size={30} />
        <span className="visually-hidden">Play video: {video.title}</span>
      </button>
      <dialog
        ref={dialogRef}
        id={dialogId}
        closedby="any"
        className="video-popup__dialog"
        aria-label={video.title}
        onClose={() => {
          setOpen(false);
          triggerRef.current?.focus();
        }}
        onClick={(e) => {
          // A click on the backdrop lands on the <dialog> itself, not on its content.
          if (e.target === e.currentTarget) close();
        }}
      >
        <div className="video-popup__frame">
          {open && (
            <iframe
              src={videoEmbedUrl(video.id)}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          )}
        </div>
        <button ref={closeRef} type="button" className="video-popup__close" {...invoke(dialogId, 'close')} onClick={close}>
          <Icon name="close" size={22} />
          <span className="visually-hidden">Close video</span>
        </button>
      </dialog>
    </div>
  );
}
