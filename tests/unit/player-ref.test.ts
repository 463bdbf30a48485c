import { describe, expect, it } from 'vitest';
import { LOADER_PLAYER, loaderPlayerSrc } from '../../client/player';
import { PLAYER_ALLOW, PLAYER_CLASS, PLAYER_REFERRER_POLICY, playerRef, playerSrc } from '../../shared/ui/player';

// An on-demand player is named in the page's HTML by host key and path (no third-party address
// in a placeholder), and the loader turns that back into the address React would use.
describe('player references', () => {
  it.each([
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&autoplay=1',
    'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293&color=%23ff5500',
  ])('%s goes there and back unchanged, without its host in the reference', (src) => {
    const ref = playerRef(src);
    expect(ref).not.toBeNull();
    expect(ref).not.toMatch(/youtube-nocookie\.com|w\.soundcloud\.com/);
    expect(playerSrc(ref!)).toBe(src);
    // The loader's copy reads it the same.
    expect(loaderPlayerSrc(ref!)).toBe(src);
  });

  it('names no other host, and reads nothing it did not write', () => {
    expect(playerRef('https://evil.example/embed/x')).toBeNull();
    expect(playerRef('https://www.youtube-nocookie.com.evil.example/embed/x')).toBeNull();
    expect(playerSrc('zz:/embed/x')).toBeNull();
    expect(playerSrc('yt:embed')).toBeNull();
    expect(playerSrc(undefined)).toBeNull();
    expect(playerSrc('javascript:/alert(1)')).toBeNull();
  });

  it("the loader's copy of the frame's attributes is React's", () => {
    expect([LOADER_PLAYER.allow, LOADER_PLAYER.referrerPolicy, LOADER_PLAYER.className]).toEqual([PLAYER_ALLOW, PLAYER_REFERRER_POLICY, PLAYER_CLASS]);
    expect(loaderPlayerSrc('zz:/x')).toBeNull();
    expect(loaderPlayerSrc('javascript:/alert(1)')).toBeNull();
  });
});
