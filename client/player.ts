/**
 * The on-demand player's frame as the loader makes it (./early.ts), the same as React's
 * (shared/ui/player.ts). A copy, not an import: a module both the loader and the app import
 * becomes a chunk of its own that the loader would fetch before it can run.
 * tests/unit/player-ref.test.ts checks that the two agree.
 */
export const LOADER_PLAYER = {
  allow: 'autoplay; encrypted-media; picture-in-picture; fullscreen',
  referrerPolicy: 'strict-origin-when-cross-origin' as ReferrerPolicy,
  className: 'embed__frame',
  hosts: { yt: 'https://www.youtube-nocookie.com', sc: 'https://w.soundcloud.com' } as Readonly<Record<string, string>>,
};

/** The address a player reference (`yt:/embed/…`) names, or null. */
export function loaderPlayerSrc(ref: string | undefined): string | null {
  const m = ref ? /^([a-z]+):(\/.*)$/.exec(ref) : null;
  const origin = m ? LOADER_PLAYER.hosts[m[1]!] : undefined;
  return m && origin ? origin + m[2] : null;
}
