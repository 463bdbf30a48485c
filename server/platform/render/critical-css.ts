import { createHash } from 'node:crypto';

/**
 * The inline stylesheet cut to the rules a page's HTML can use (ADR 0018).
 *
 * A page's stylesheet (the entry's and its page modules', 27–49 kB) carries the rules of every
 * component in those modules, and half of them style nothing on a given page: a menu that is
 * open, a slide that is active, a form result, a card the page does not have. The first view of
 * a phone on a slow connection pays for all of it (on `/` the CSS was 7 of 14 kB of brotli HTML,
 * which no longer fitted in the first round trip of a new connection). So the page inlines only
 * the rules whose class names all occur in its HTML; the full files stay linked (disabled) and
 * the loader (client/loader.ts) switches them on, and this copy off, before the page hydrates, so the states
 * scripts add are styled as before.
 *
 * The test is conservative: a selector is kept unless one of the classes it requires is missing
 * from the HTML (classes inside `:not()`, `:is()`, `:where()` and `:has()` are not required);
 * element, attribute and pseudo-class selectors never drop a rule; at-rules without rules inside
 * (`@font-face`, `@property`) are kept whole, and `@keyframes` whole when a kept rule (or a
 * `style` attribute of the HTML) names it in an animation; a grouping at-rule (`@media`,
 * `@supports`, `@container`, `@layer`) keeps what it holds that is kept.
 */

type Node =
  | { kind: 'rule'; text: string; needs: string[][] }
  | { kind: 'group'; open: string; children: Node[] }
  | { kind: 'keep'; text: string }
  | { kind: 'keyframes'; name: string; text: string };

export interface InlineStyle {
  css: string;
  /** Its CSP source, `'sha256-…'`. */
  hash: string;
}

const cspHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

/** At a string or comment: the index of its last character; elsewhere `i` itself. */
function skipQuoted(css: string, i: number): number {
  const c = css[i];
  if (c === '"' || c === "'") {
    for (let j = i + 1; j < css.length; j++) {
      if (css[j] === '\\') j++;
      else if (css[j] === c) return j;
    }
    return css.length - 1;
  }
  if (c === '/' && css[i + 1] === '*') {
    const close = css.indexOf('*/', i + 2);
    return close < 0 ? css.length : close + 1;
  }
  return i;
}

/** Where the block opened at `open` (a `{`) closes; strings and comments skipped. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    i = skipQuoted(css, i);
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/** Where the next `{` or `;` at this level is (a prelude's end); strings and comments skipped. */
function preludeEnd(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    i = skipQuoted(css, i);
    if (css[i] === '{' || css[i] === ';') return i;
  }
  return css.length;
}

/** Splits a selector list on top-level commas. */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/** The class names a selector requires: outside functional pseudo-classes and attribute selectors. */
export function requiredClasses(selector: string): string[] {
  let plain = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) plain += c;
  }
  return [...plain.matchAll(/\.((?:[_a-zA-Z-]|\\.)(?:[\w-]|\\.)*)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

function parse(css: string, from = 0, to = css.length): Node[] {
  const nodes: Node[] = [];
  let i = from;
  while (i < to) {
    while (i < to && /\s/.test(css[i]!)) i++;
    if (i >= to) break;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? to : end + 2;
      continue;
    }
    const end = preludeEnd(css, i);
    if (end >= to || css[end] === ';') {
      // A statement at-rule (@import, @charset, @layer a, b;): kept.
      nodes.push({ kind: 'keep', text: css.slice(i, Math.min(end + 1, to)) });
      i = end + 1;
      continue;
    }
    const prelude = css.slice(i, end).trim();
    const close = blockEnd(css, end);
    if (prelude.startsWith('@')) {
      const keyframes = /^@(?:-webkit-)?keyframes\s+(\S+)$/i.exec(prelude);
      if (keyframes) nodes.push({ kind: 'keyframes', name: keyframes[1]!.replace(/^["']|["']$/g, ''), text: css.slice(i, close + 1) });
      else if (/^@(media|supports|container|layer|scope|document)\b/i.test(prelude)) nodes.push({ kind: 'group', open: css.slice(i, end + 1), children: parse(css, end + 1, close) });
      else nodes.push({ kind: 'keep', text: css.slice(i, close + 1) });
    } else {
      nodes.push({ kind: 'rule', text: css.slice(i, close + 1), needs: splitSelectors(prelude).map(requiredClasses) });
    }
    i = close + 1;
  }
  return nodes;
}

/** The words of every `animation` and `animation-name` value in a piece of CSS (names among them). */
function animationWords(css: string): Set<string> {
  const words = new Set<string>();
  for (const m of css.matchAll(/animation(?:-name)?\s*:\s*([^;}]*)/gi)) for (const w of m[1]!.split(/[\s,]+/)) if (w) words.add(w.replace(/^["']|["']$/g, ''));
  return words;
}

/** The kept rules; the keyframes only those in `animations` (none when it is not given). */
function emit(nodes: readonly Node[], classes: ReadonlySet<string>, animations?: ReadonlySet<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'keep') out += node.text;
    else if (node.kind === 'keyframes') {
      if (animations?.has(node.name)) out += node.text;
    }
    else if (node.kind === 'rule') {
      if (node.needs.some((need) => need.every((c) => classes.has(c)))) out += node.text;
    } else {
      const inner = emit(node.children, classes, animations);
      if (inner) out += node.open + inner + '}';
    }
  }
  return out;
}

/** The class names used in a piece of HTML (`class="…"` attributes, as React writes them). */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c);
  return classes;
}

const MAX_VARIANTS = 256;

/**
 * A stylesheet parsed once; `forHtml` gives the inline style for a page's HTML. Pages of a kind
 * use the same classes, so the result is kept per class set (at most 256 sets, then started over).
 */
export function createStylePruner(css: string): { forHtml(html: string): InlineStyle } {
  const nodes = parse(css);
  const variants = new Map<string, InlineStyle>();
  return {
    forHtml(html) {
      const classes = htmlClasses(html);
      const styles = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&'));
      const inlineAnimations = [...animationWords(styles.join(';'))].sort();
      const key = `${[...classes].sort().join(' ')}|${inlineAnimations.join(' ')}`;
      let style = variants.get(key);
      if (!style) {
        // The keyframes the kept rules (or the HTML's style attributes) animate with.
        const animations = new Set([...animationWords(emit(nodes, classes)), ...inlineAnimations]);
        const pruned = emit(nodes, classes, animations);
        style = { css: pruned, hash: cspHash(pruned) };
        if (variants.size >= MAX_VARIANTS) variants.clear();
        variants.set(key, style);
      }
      return style;
    },
  };
}
