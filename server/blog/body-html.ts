import type { RichDoc, RichNode } from '../../shared/platform/rich-doc';
import type { PostBodyHtml } from '../../shared/blog/loaders';
import { escapeText, richHtml } from '../platform/rich-html';
import { ATTRIBUTION_DASH } from './seed';

/**
 * A quote as the post pages show it: the pull quote, with its attribution (a last paragraph that
 * starts with an em dash) as the caption.
 */
function pullQuote(node: RichNode): string {
  const paragraphs = node.content ?? [];
  const last = paragraphs.at(-1);
  const lastText = last?.content?.length === 1 && last.content[0]!.type === 'text' ? (last.content[0]!.text ?? '') : '';
  const attributed = paragraphs.length > 1 && lastText.startsWith(ATTRIBUTION_DASH.trim());
  const quote = attributed ? paragraphs.slice(0, -1) : paragraphs;
  const caption = attributed ? `<figcaption>${escapeText(lastText.replace(/^—\s*/, ''))}</figcaption>` : '';
  return `<figure class="pull-quote"><span class="quote-mark pull-quote__mark" aria-hidden="true">“</span><blockquote>${quote.map((p) => richHtml(p)).join('')}</blockquote>${caption}</figure>`;
}

/** One top-level block of a post: headings one level down (the post's title is the page's h2). */
function block(node: RichNode): string {
  return node.type === 'blockquote' ? pullQuote(node) : richHtml(node, { headingShift: 1 });
}

/**
 * A post's body as HTML, in two parts: the page puts two clinic photographs between them, after
 * the first third of its blocks (at least two), as it always has.
 */
export function postBodyHtml(doc: RichDoc): PostBodyHtml {
  const blocks = doc.content;
  const at = Math.max(2, Math.round(blocks.length / 3));
  return { before: blocks.slice(0, at).map(block).join(''), after: blocks.slice(at).map(block).join('') };
}
