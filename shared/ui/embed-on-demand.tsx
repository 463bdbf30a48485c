import { useEffect, useId, useRef, useState } from 'react';
import type { Img } from '../content/types';
import { Icon } from './icons';
import { imageLoading } from './image-loading';
import { PLAYER_ALLOW, PLAYER_CLASS, PLAYER_REFERRER_POLICY, playerRef } from './player';
import './embed-on-demand.css';

interface EmbedOnDemandProps {
  /** The player URL (https://www.youtube-nocookie.com/embed/… or https://w.soundcloud.com/player/?url=…). */
  src: string;
  /** Accessible title of the player iframe, and of the button that loads it. */
  title: string;
  kind: 'video' | 'audio';
  /** Who serves the player, said next to the button so the visitor knows what loads. */
  provider: string;
  /** Cover image shown before the player loads (video). */
  cover?: Img;
  /** The cover is the page's first image (its largest paint on a phone): fetched at once, ahead of the rest. */
  coverPriority?: boolean;
  /** Extra line under the audio button, e.g. the duration. */
  detail?: string;
  /** Visible text beside the audio button (defaults to the title). */
  heading?: string;
  className?: string;
}

/**
 * Whether the loader already put the player in place (the visitor pressed play before
 * hydration, client/early.ts): then React starts from it, so hydration finds what is on screen.
 */
function startedEarly(id: string): boolean {
  if (typeof document === 'undefined') return false;
  return !!document.querySelector(`[data-embed-id="${CSS.escape(id)}"].is-loaded`);
}

/**
 * A click-to-load player: nothing is requested from the third-party host until the
 * visitor presses the button; then the iframe is created (with a title) and focused. Before
 * hydration the loader does the same from the root's data attributes (`data-player`: the host's
 * key and the path, ./player.ts; docs/first-view.md).
 */
export function EmbedOnDemand({ src, title, kind, provider, cover, coverPriority = false, detail, heading, className }: EmbedOnDemandProps) {
  const id = useId();
  const [loaded, setLoaded] = useState(() => startedEarly(id));
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (loaded) frameRef.current?.focus();
  }, [loaded]);

  return (
    <div className={`embed embed--${kind}${loaded ? ' is-loaded' : ''} ${className ?? ''}`} data-embed={kind} data-embed-id={id} data-player={playerRef(src) ?? undefined} data-title={title}>
      {loaded ? (
        <iframe
          ref={frameRef}
          src={src}
          title={title}
          className={PLAYER_CLASS}
          allow={PLAYER_ALLOW}
          allowFullScreen={kind === 'video'}
          referrerPolicy={PLAYER_REFERRER_POLICY}
        />
      ) : kind === 'video' ? (
        <div className="embed__cover">
          <div className="embed__stage">
            {cover && <img src={cover.src} width={cover.width} height={cover.height} alt="" {...imageLoading(coverPriority)} />}
            <button type="button" className="embed__play embed__play--big" onClick={() => setLoaded(true)}>
              <Icon name="play" size={30} />
              <span className="visually-hidden">Play {title}</span>
            </button>
          </div>
          <p className="embed__note">Plays from {provider} when you press play.</p>
        </div>
      ) : (
        <div className="embed__bar">
          <button type="button" className="embed__play" onClick={() => setLoaded(true)}>
            <Icon name="play" size={22} />
            <span className="visually-hidden">Play {title}</span>
          </button>
          <div className="embed__text">
            <span className="embed__title">{heading ?? title}</span>
            <span className="embed__note">
              {detail ? `${detail} · ` : ''}Plays from {provider} when you press play.
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
