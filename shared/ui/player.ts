/**
 * The on-demand player's iframe (shared/ui/embed-on-demand.tsx), as React renders it and as the
 * loader makes it when play is pressed before hydration (client/early.ts): one description, so
 * that hydration finds the frame it would have made. No React here: the loader imports it.
 */
export const PLAYER_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
export const PLAYER_REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PLAYER_CLASS = 'embed__frame';
