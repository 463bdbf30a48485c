/**
 * The on-demand player's iframe (shared/ui/embed-on-demand.tsx), as React renders it and as the
 * loader makes it when play is pressed before hydration (client/early.ts, from its copy in
 * client/player.ts, checked equal by tests/unit/player-ref.test.ts), so that hydration finds the
 * frame it would have made.
 */
export const PLAYER_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
export const PLAYER_REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PLAYER_CLASS = 'embed__frame';

/**
 * The players' hosts. The page's HTML names a player by host key and path (`yt:/embed/…`), not by
 * its address: a placeholder carries no third-party URL that a scanner or preloader could follow
 * (nothing is asked of the host until play), and the loader turns it back into the address.
 */
const HOSTS: Readonly<Record<string, string>> = {
  yt: 'https://www.youtube-nocookie.com',
  sc: 'https://w.soundcloud.com',
};

/** `https://www.youtube-nocookie.com/embed/x?y` → `yt:/embed/x?y`; null for a host not listed. */
export function playerRef(src: string): string | null {
  for (const [key, origin] of Object.entries(HOSTS)) if (src.startsWith(`${origin}/`)) return `${key}:${src.slice(origin.length)}`;
  return null;
}

/** The address a `playerRef` names, or null. */
export function playerSrc(ref: string | undefined): string | null {
  const m = ref ? /^([a-z]+):(\/.*)$/.exec(ref) : null;
  const origin = m ? HOSTS[m[1]!] : undefined;
  return m && origin ? origin + m[2] : null;
}
