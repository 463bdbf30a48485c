import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../../shared/accounts/return-to';

// The open-redirect guard behind `?returnTo=` on the sign-in pages: only a path on this
// site comes back; anything else (or nothing) sends the visitor home.
const SITE = 'https://clinic.example';
const staysOnSite = (target: string) => new URL(target, SITE).origin === SITE;

describe('safeReturnTo', () => {
  it.each([
    ['/'],
    ['/about'],
    ['/shop?page=2'],
    ['/blogDetails?id=3#comments'],
    ['/service-detail/4'],
    ['/checkout?next=%2F%2Fevil.example'],
    // Encoded slashes stay a path segment on this site; the browser does not decode them into '//'.
    ['/%2F%2Fevil.example'],
    ['/%5Cevil.example'],
  ])('accepts the same-site path %s as it is', (value) => {
    expect(safeReturnTo(value)).toBe(value);
    expect(staysOnSite(value)).toBe(true);
  });

  it.each([
    ['missing', null],
    ['undefined', undefined],
    ['empty', ''],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/login'],
    ['backslash trick', '/\\evil.example'],
    ['backslash trick, two', '/\\\\evil.example'],
    ['absolute https', 'https://evil.example/'],
    ['absolute http', 'http://evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'about'],
    ['dot path', '../evil'],
    ['leading backslash', '\\\\evil.example'],
    ['encoded protocol-relative (no leading slash)', '%2F%2Fevil.example'],
    ['encoded scheme', 'https%3A%2F%2Fevil.example'],
    ['leading space', ' /about'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/\n/evil.example'],
    ['carriage return inside', '/about\r\nSet-Cookie: x=1'],
    ['NUL inside', '/about\u0000'],
    ['DEL inside', '/about\u007f'],
    ['space inside', '/about us'],
    ['over-long value', `/${'a'.repeat(1000)}`],
  ])('refuses %s and sends the visitor home', (_label, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('refuses every refused value in a way the browser would also keep on the site', () => {
    // Whatever the guard answers, the answer itself stays on this site.
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example', '/\t/evil.example']) {
      expect(staysOnSite(safeReturnTo(value))).toBe(true);
    }
  });

  it('accepts a value of exactly 1000 characters and refuses one more', () => {
    const max = `/${'a'.repeat(999)}`;
    expect(safeReturnTo(max)).toBe(max);
    expect(safeReturnTo(`${max}a`)).toBe('/');
  });

  it.each([['/login'], ['/register'], ['/login?returnTo=%2Fshop'], ['/register#top']])('never returns to the sign-in page %s', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});
