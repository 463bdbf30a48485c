/**
 * A rich text as it is stored (post and service bodies): a ProseMirror/TipTap JSON document,
 * never HTML. This is the shape only; what a document may contain, and its HTML, are the rich
 * text module's (validated and rendered from an allowlist on the server).
 */
export interface RichNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

export interface RichDoc extends RichNode {
  type: 'doc';
  content: RichNode[];
}

const text = (t: string): RichNode => ({ type: 'text', text: t });

/** Plain paragraphs (the template's copy) as a document. */
export function docOfParagraphs(paragraphs: readonly string[]): RichDoc {
  return { type: 'doc', content: paragraphs.map((p) => ({ type: 'paragraph', content: [text(p)] })) };
}

/** A document's text, for word counts, excerpts and search. */
export function plainTextOf(node: RichNode): string {
  if (node.type === 'text') return node.text ?? '';
  const inner = (node.content ?? []).map(plainTextOf);
  return node.type === 'doc' || node.type === 'bulletList' || node.type === 'orderedList' || node.type === 'blockquote' || node.type === 'listItem' ? inner.join('\n') : inner.join('');
}
