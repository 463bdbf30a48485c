/**
 * Which links rich text may hold (shared/platform/rich-text.ts), without zod: the renderer
 * (shared/ui/rich-text.tsx) checks every link again with it, and it sits in public pages' chunks.
 */

export const RICH_TEXT_LIMITS = { characters: 200_000, nodes: 5_000, depth: 12, pictures: 60, href: 2_000, alt: 300 } as const;

export const LINK_PREFIXES = 'http://, https://, mailto:, tel: or a path on this site such as /book';

/**
 * `href` as it may be rendered, or null. Allowed: http(s) URLs, mailto: and tel: links, and
 * paths on this site (`/…`, not `//…`). The check is on the URL as a browser would parse it
 * (tabs and newlines removed, scheme lower-cased), so `java\tscript:`, ` JAVASCRIPT:` and
 * the like are refused; entity-encoded text such as `javascript&#58;…` has no scheme and is
 * not a path, so it is refused too.
 */
export function safeHref(href: unknown): string | null {
  if (typeof href !== 'string') return null;
  let trimmed = href.trim();
  if (trimmed === '' || trimmed.length > RICH_TEXT_LIMITS.href) return null;
  // A phone number as people write it (spaces, brackets, dashes) is kept as its digits.
  if (/^tel:[+0-9().\- ]+$/i.test(trimmed)) trimmed = `tel:${trimmed.slice(4).replace(/[().\- ]/g, '')}`;
  // Nothing a URL never holds unencoded: controls, spaces, backslashes, double quotes, angle brackets.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F\s\\"<>`]/.test(trimmed)) return null;
  if (trimmed.startsWith('/')) return trimmed.startsWith('//') ? null : trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname ? trimmed : null;
  if (url.protocol === 'mailto:') return /^mailto:[^<>"']+@[^<>"']+$/i.test(trimmed) ? trimmed : null;
  if (url.protocol === 'tel:') return /^tel:\+?[0-9]{3,20}$/i.test(trimmed) ? trimmed : null;
  return null;
}
