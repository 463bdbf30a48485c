/** Reading server HTML in tests. */

/** The page's <main> content only, so the layout (footer services, top-bar phone) cannot satisfy an assertion. */
export function mainOf(page: string): string {
  const m = /<main[^>]*>([\s\S]*)<\/main>/.exec(page);
  if (!m?.[1]) throw new Error('no <main> in the page');
  return m[1];
}

/** HTML entities React writes, decoded. */
export function decode(s: string): string {
  return s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The visible text of some HTML: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return decode(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}
