/**
 * Rich text (post and service bodies) as structured data, never HTML: a TipTap/ProseMirror
 * JSON document of a closed set of nodes and marks, checked by a strict schema on the server
 * before it is stored, and rendered to React elements from an allowlist (shared/ui/rich-text.tsx).
 * ADR 0037.
 *
 * The document (TipTap's StarterKit names):
 *   doc        { type: 'doc', content: Block[] }
 *   Block      paragraph { content?: Inline[] }
 *              heading { attrs: { level: 2 | 3 | 4 }, content?: Inline[] }   (the page has the h1)
 *              bulletList { content: listItem[] } · orderedList { attrs?: { start }, content: listItem[] }
 *              listItem { content: [paragraph, ...(paragraph | bulletList | orderedList)[]] }
 *              blockquote { content: (paragraph | heading | bulletList | orderedList)[] }
 *              picture { attrs: { media: <MediaPicture id>, alt: <required, 1-300 chars> } }
 *   Inline     text { text, marks?: (bold | italic | link { attrs: { href } })[] } · hardBreak
 * Links: http(s) URLs, site paths (`/book`), mailto: and tel: only (`safeHref`; a tel: number is
 * kept as its digits).
 *
 * Decisions (strict where it matters, lenient where the editor adds noise):
 * - An unknown node or mark type is REFUSED, with where it is: the editor makes only these, so
 *   anything else is a tampered request or an editor out of step, and dropping it silently would
 *   lose what someone wrote.
 * - Unknown attributes and keys are DROPPED: TipTap adds its own defaults (a link's target, rel
 *   and class, a list's type, a text's style), which mean nothing here.
 * - Limits: 200 000 characters of text, 5 000 nodes, nesting 12 deep, 60 pictures, 2 000
 *   characters per link, 300 per alt text; the check walks the document before parsing it, so
 *   a hostile, deeply nested body cannot exhaust the stack.
 *
 * API
 *   richTextSchema                      zod schema of a document (`z.infer` = RichTextDoc)
 *   parseRichText(input)                { ok: true, doc } | { ok: false, message } (input: object or JSON text)
 *   safeHref(href)                      the href to render, or null when not allowed
 *   emptyRichText(), isRichTextEmpty(doc), richTextPictureIds(doc), richTextPlainText(doc)
 *   plainTextToRichText(text)           the no-JavaScript fallback's textarea → a document
 *                                       (blank lines: paragraphs; `## `/`### `/`#### ` headings;
 *                                       `- ` or `* ` bullets; `1. ` numbers; `> ` quotes;
 *                                       `![alt](picture:<id>)` a picture), and back: richTextToPlainText
 */
import { z } from 'zod';
import { isPictureId } from './media';
import { LINK_PREFIXES, RICH_TEXT_LIMITS, safeHref } from './safe-href';

export { RICH_TEXT_LIMITS, safeHref };

// Text: control characters out (newlines and tabs become spaces; a line break is a hardBreak node).
const text = z
  .string()
  // eslint-disable-next-line no-control-regex
  .transform((s) => s.replace(/[\t\n\r]/g, ' ').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ''))
  .pipe(z.string().min(1, 'An empty piece of text.'));

const link = z.object({
  type: z.literal('link'),
  attrs: z.object({
    href: z.string().refine((h) => safeHref(h) !== null, { message: `A link may only start with ${LINK_PREFIXES}.` }).transform((h) => safeHref(h)!),
  }),
});
const mark = z.discriminatedUnion('type', [z.object({ type: z.literal('bold') }), z.object({ type: z.literal('italic') }), link], {
  error: (issue) => (issue.code === 'invalid_union' ? 'Only bold, italic and links are allowed in text.' : undefined),
});

const textNode = z.object({
  type: z.literal('text'),
  text,
  marks: z
    .array(mark)
    .max(3)
    .transform((marks) => marks.filter((m, i) => marks.findIndex((n) => n.type === m.type) === i))
    .optional(),
});
const hardBreak = z.object({ type: z.literal('hardBreak') });
const inline = z.discriminatedUnion('type', [textNode, hardBreak], {
  error: (issue) => (issue.code === 'invalid_union' ? 'Only text and line breaks are allowed inside a paragraph or heading.' : undefined),
});
const inlineContent = z.array(inline).optional();

const paragraph = z.object({ type: z.literal('paragraph'), content: inlineContent });
const heading = z.object({
  type: z.literal('heading'),
  attrs: z.object({ level: z.union([z.literal(2), z.literal(3), z.literal(4)], { error: 'Headings are level 2, 3 or 4 (the page’s title is level 1).' }) }),
  content: inlineContent,
});
const picture = z.object({
  type: z.literal('picture'),
  attrs: z.object({
    media: z.string().refine(isPictureId, { message: 'A picture that is not one of the uploaded pictures.' }),
    alt: z
      .string({ error: 'Every picture needs a description (alt text) for people who cannot see it.' })
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, 'Every picture needs a description (alt text) for people who cannot see it.')
          .max(RICH_TEXT_LIMITS.alt, `A picture’s description is at most ${RICH_TEXT_LIMITS.alt} characters.`),
      ),
  }),
});

// Recursion with getters (zod 4): the objects stay discriminable, so a bad node's own message is reported.
const listItem = z.object({
  type: z.literal('listItem'),
  get content() {
    return z
      .array(z.discriminatedUnion('type', [paragraph, bulletList, orderedList]))
      .min(1, 'An empty list item.')
      .refine((c) => c[0]?.type === 'paragraph', { message: 'A list item starts with a paragraph.' });
  },
});
const bulletList = z.object({
  type: z.literal('bulletList'),
  get content() {
    return z.array(listItem).min(1, 'An empty list.');
  },
});
const orderedList = z.object({
  type: z.literal('orderedList'),
  attrs: z.object({ start: z.number().int().min(0).max(100_000).optional() }).optional(),
  get content() {
    return z.array(listItem).min(1, 'An empty list.');
  },
});
const blockquote = z.object({
  type: z.literal('blockquote'),
  content: z.array(z.discriminatedUnion('type', [paragraph, heading, bulletList, orderedList])).min(1, 'An empty quote.'),
});
const block = z.discriminatedUnion('type', [paragraph, heading, bulletList, orderedList, blockquote, picture], {
  error: (issue) => (issue.code === 'invalid_union' ? 'Only paragraphs, headings, lists, quotes and pictures are allowed.' : undefined),
});

export const richTextSchema = z.object({
  type: z.literal('doc', { error: 'Not a rich-text document.' }),
  content: z.array(block).default([]),
});

export type RichTextDoc = z.infer<typeof richTextSchema>;
export type RichTextBlock = z.infer<typeof block>;
export type RichTextInline = z.infer<typeof inline>;
export type RichTextMark = z.infer<typeof mark>;
type Paragraph = z.infer<typeof paragraph>;
export type ListItem = z.infer<typeof listItem>;
export type BulletList = z.infer<typeof bulletList>;
export type OrderedList = z.infer<typeof orderedList>;

const KNOWN = new Set(['doc', 'paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'picture', 'text', 'hardBreak']);

/** The limits that must hold before parsing (an iterative walk: no recursion on hostile input). */
function checkShape(input: unknown): string | null {
  const stack: { node: unknown; depth: number }[] = [{ node: input, depth: 0 }];
  let nodes = 0;
  let characters = 0;
  let pictures = 0;
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > RICH_TEXT_LIMITS.depth) return 'The text is nested too deeply (lists inside lists inside quotes…).';
    if (++nodes > RICH_TEXT_LIMITS.nodes) return `The text is too long: at most ${RICH_TEXT_LIMITS.nodes} paragraphs, list items and pieces of text.`;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return 'Not a rich-text document.';
    const { type, text: t, content } = node as { type?: unknown; text?: unknown; content?: unknown };
    if (typeof type !== 'string' || !KNOWN.has(type)) {
      return `The text contains “${String(type).slice(0, 40)}”, which is not allowed: only paragraphs, headings, lists, quotes, links, bold, italic, line breaks and pictures.`;
    }
    if (type === 'picture' && ++pictures > RICH_TEXT_LIMITS.pictures) return `At most ${RICH_TEXT_LIMITS.pictures} pictures in one text.`;
    if (typeof t === 'string' && (characters += t.length) > RICH_TEXT_LIMITS.characters) return `The text is too long: at most ${RICH_TEXT_LIMITS.characters.toLocaleString('en')} characters.`;
    const marks = (node as { marks?: unknown }).marks;
    if (Array.isArray(marks)) {
      for (const m of marks) {
        const markType = (m as { type?: unknown } | null)?.type;
        if (markType !== 'bold' && markType !== 'italic' && markType !== 'link') return `The text contains “${String(markType).slice(0, 40)}” formatting, which is not allowed: only bold, italic and links.`;
      }
    }
    if (content !== undefined) {
      if (!Array.isArray(content)) return 'Not a rich-text document.';
      for (const child of content) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return null;
}

export type RichTextResult = { ok: true; doc: RichTextDoc } | { ok: false; message: string };

/** Checks a document (an object, or its JSON text as a form posts it) against the schema and limits. */
export function parseRichText(input: unknown): RichTextResult {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > RICH_TEXT_LIMITS.characters * 4) return { ok: false, message: `The text is too long: at most ${RICH_TEXT_LIMITS.characters.toLocaleString('en')} characters.` };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, message: 'The text could not be read. Please reload the page and try again.' };
    }
  }
  const shape = checkShape(value);
  if (shape) return { ok: false, message: shape };
  const parsed = richTextSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message };
  }
  return { ok: true, doc: parsed.data };
}

export function emptyRichText(): RichTextDoc {
  return { type: 'doc', content: [] };
}

type AnyNode = { type: string; content?: AnyNode[]; text?: string; attrs?: Record<string, unknown> };

function walk(doc: RichTextDoc, visit: (node: AnyNode) => void) {
  const stack: AnyNode[] = [...(doc.content as AnyNode[])].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    if (node.content) for (let i = node.content.length - 1; i >= 0; i--) stack.push(node.content[i]!);
  }
}

/** The pictures a document shows (their MediaPicture ids), in order, each once: what its page must load, and what a picture's "in use" check looks for. */
export function richTextPictureIds(doc: RichTextDoc): string[] {
  const ids: string[] = [];
  walk(doc, (n) => {
    if (n.type === 'picture' && typeof n.attrs?.media === 'string' && !ids.includes(n.attrs.media)) ids.push(n.attrs.media);
  });
  return ids;
}

/** The words alone, blocks separated by blank lines (excerpts, meta descriptions, search). */
export function richTextPlainText(doc: RichTextDoc): string {
  const blocks: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) blocks.push(current.trim());
    current = '';
  };
  walk(doc, (n) => {
    if (n.type === 'paragraph' || n.type === 'heading') flush();
    if (n.type === 'text') current += n.text ?? '';
    if (n.type === 'hardBreak') current += '\n';
  });
  flush();
  return blocks.join('\n\n');
}

export function isRichTextEmpty(doc: RichTextDoc): boolean {
  let empty = true;
  walk(doc, (n) => {
    if (n.type === 'picture' || (n.type === 'text' && n.text?.trim())) empty = false;
  });
  return empty;
}

const inlineOf = (line: string): RichTextInline[] => (line.trim() ? [{ type: 'text', text: line.trim() }] : []);

/**
 * A document from plain text, for the editor's fallback without JavaScript (a textarea): blank
 * lines separate paragraphs, a line break inside one is kept, and a block starting with `## `,
 * `### ` or `#### ` is a heading, lines starting with `- ` or `* ` a bulleted list, `1. ` a
 * numbered one, `> ` a quote, and a line `![alt](picture:<id>)` a picture (so pictures survive
 * the round trip). No links or formatting (type them in the editor). The result still goes
 * through parseRichText.
 */
export function plainTextToRichText(input: string): RichTextDoc {
  const content: RichTextBlock[] = [];
  const blocks = input.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const raw of blocks) {
    const lines = raw.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const first = lines[0]!.trim();
    const pictureMatch = /^!\[([^\]]*)\]\(picture:([0-9a-f]{32})\)$/.exec(first);
    if (pictureMatch && lines.length === 1) {
      content.push({ type: 'picture', attrs: { media: pictureMatch[2]!, alt: pictureMatch[1]! } });
      continue;
    }
    const headingMatch = /^(#{2,4})\s+(.*)$/.exec(first);
    if (headingMatch && lines.length === 1) {
      content.push({ type: 'heading', attrs: { level: headingMatch[1]!.length as 2 | 3 | 4 }, content: inlineOf(headingMatch[2]!) });
      continue;
    }
    if (lines.every((l) => /^\s*[-*]\s+/.test(l)) || lines.every((l) => /^\s*\d+[.)]\s+/.test(l))) {
      const ordered = /^\s*\d/.test(first);
      const items: ListItem[] = lines.map((l) => ({ type: 'listItem', content: [{ type: 'paragraph', content: inlineOf(l.replace(/^\s*([-*]|\d+[.)])\s+/, '')) }] }));
      content.push(ordered ? { type: 'orderedList', content: items } : { type: 'bulletList', content: items });
      continue;
    }
    const quoted = lines.every((l) => /^\s*>/.test(l));
    const paraLines = quoted ? lines.map((l) => l.replace(/^\s*>\s?/, '')) : lines;
    const inlines: RichTextInline[] = [];
    paraLines.forEach((l, i) => {
      if (i > 0) inlines.push({ type: 'hardBreak' });
      inlines.push(...inlineOf(l));
    });
    const para: Paragraph = { type: 'paragraph', content: inlines };
    content.push(quoted ? { type: 'blockquote', content: [para] } : para);
  }
  return { type: 'doc', content };
}

/** The reverse, to fill the fallback's textarea with a stored document (links and formatting are lost there, and said so by the form). */
export function richTextToPlainText(doc: RichTextDoc): string {
  const inlineText = (nodes: RichTextInline[] | undefined) => (nodes ?? []).map((n) => (n.type === 'text' ? n.text : '\n')).join('');
  const out: string[] = [];
  const list = (l: BulletList | OrderedList, prefix: string) => {
    const lines: string[] = [];
    l.content.forEach((item, i) => {
      const p = item.content[0];
      const marker = l.type === 'orderedList' ? `${(l.attrs?.start ?? 1) + i}. ` : '- ';
      lines.push(`${prefix}${marker}${p && p.type === 'paragraph' ? inlineText(p.content).replace(/\n/g, ' ') : ''}`);
      for (const sub of item.content.slice(1)) if (sub.type !== 'paragraph') lines.push(...list(sub, `${prefix}  `).split('\n'));
    });
    return lines.join('\n');
  };
  for (const b of doc.content) {
    if (b.type === 'paragraph') out.push(inlineText(b.content));
    else if (b.type === 'heading') out.push(`${'#'.repeat(b.attrs.level)} ${inlineText(b.content)}`);
    else if (b.type === 'picture') out.push(`![${b.attrs.alt.replace(/[[\]]/g, '')}](picture:${b.attrs.media})`);
    else if (b.type === 'bulletList' || b.type === 'orderedList') out.push(list(b, ''));
    else if (b.type === 'blockquote') {
      out.push(
        b.content
          .map((c) => (c.type === 'paragraph' ? inlineText(c.content) : c.type === 'heading' ? inlineText(c.content) : list(c, '')))
          .join('\n')
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n'),
      );
    }
  }
  return out.filter((s) => s.trim()).join('\n\n');
}

/** The form field names a rich-text field posts: the editor's JSON, or (without JavaScript) the fallback's plain text. */
export const richTextFieldNames = (name: string) => ({ json: name, text: `${name}Text` });

/**
 * A rich-text field from a posted form (RichTextField, shared/ui/rich-text-field.tsx): the
 * editor's JSON when it ran, else the plain-text fallback converted (plainTextToRichText).
 * Both go through parseRichText.
 */
export function richTextFromForm(form: { get(name: string): unknown }, name: string): RichTextResult {
  const { json, text } = richTextFieldNames(name);
  const posted = form.get(json);
  if (typeof posted === 'string' && posted !== '') return parseRichText(posted);
  const plain = form.get(text);
  if (typeof plain === 'string') {
    if (plain.length > RICH_TEXT_LIMITS.characters) return { ok: false, message: `The text is too long: at most ${RICH_TEXT_LIMITS.characters.toLocaleString('en')} characters.` };
    return parseRichText(plainTextToRichText(plain));
  }
  return { ok: true, doc: emptyRichText() };
}
