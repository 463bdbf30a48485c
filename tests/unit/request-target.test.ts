import { describe, expect, it } from 'vitest';
import { isWellFormedRequestTarget } from '../../server/platform/http/security';

describe('isWellFormedRequestTarget', () => {
  it('lets paths, queries, the asterisk and absolute URLs with decodable paths through', () => {
    for (const ok of ['/', '/about', '/blog-details/3?tab=comments', '/search?q=%E0%A4%A', '/%C3%A9t%C3%A9', '//evil.example/login', '*', 'http://localhost:3000/about', 'https://example.com/a%20b?x=%zz']) {
      expect(isWellFormedRequestTarget(ok), ok).toBe(true);
    }
  });

  it('refuses what Express would misparse and paths that do not decode (the query may hold anything)', () => {
    for (const bad of [undefined, '', 'about', 'http://[::1/', '/%E0%A4%A', '/%', '/%zz?ok=1', '/a/%C0%AF', 'http://evil.example/%E0%A4%A', '**']) {
      expect(isWellFormedRequestTarget(bad), String(bad)).toBe(false);
    }
  });
});
