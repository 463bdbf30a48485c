/**
 * Where to go after signing in: a path on this site only (one leading '/', no scheme, no
 * protocol-relative '//' or '/\' tricks), never back to the sign-in pages; otherwise home.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 1000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and whitespace can smuggle a different URL past a naive check.
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x21 || value.charCodeAt(i) === 0x7f) return '/';
  const path = value.split(/[?#]/)[0]!;
  if (path === '/login' || path === '/register') return '/';
  return value;
}
