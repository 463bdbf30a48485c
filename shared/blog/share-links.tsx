import { useSyncExternalStore } from 'react';
import type { IconName } from '../content/types';
import { Icon } from '../ui/icons';

const subscribe = () => () => {};

/** The site's origin in the browser; empty during server render and hydration (the server has no trusted public origin). */
function useOrigin(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => '',
  );
}

interface Share {
  name: string;
  /** Accessible name of the link. */
  label: string;
  icon: IconName;
  href: (url: string, title: string) => string;
}

const e = encodeURIComponent;

export const SHARES: readonly Share[] = [
  { name: 'Facebook', label: 'Share on Facebook', icon: 'facebook', href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
  { name: 'X', label: 'Share on X', icon: 'x', href: (url, title) => `https://x.com/intent/post?url=${e(url)}&text=${e(title)}` },
  { name: 'WhatsApp', label: 'Share on WhatsApp', icon: 'comment', href: (url, title) => `https://wa.me/?text=${e(`${title} ${url}`)}` },
  { name: 'LinkedIn', label: 'Share on LinkedIn', icon: 'linkedin', href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}` },
  { name: 'E-mail', label: 'Share by e-mail', icon: 'mail', href: (url, title) => `mailto:?subject=${e(title)}&body=${e(`I thought you might find this useful: ${url}`)}` },
];

/** Real share URLs for a post (each opens in a new tab). `path` is the post's address on this site. */
export function ShareLinks({ path, title }: { path: string; title: string }) {
  const url = useOrigin() + path;
  return (
    <div className="share-links">
      <span className="share-links__label" id="share-label">
        Share
      </span>
      <ul aria-labelledby="share-label">
        {SHARES.map((s) => (
          <li key={s.name}>
            <a href={s.href(url, title)} target="_blank" rel="noopener noreferrer" data-share={s.name}>
              <Icon name={s.icon} size={18} />
              <span className="visually-hidden">{s.label} (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
