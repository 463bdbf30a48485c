import type { MediaPicture } from '../platform/media';
import type { RichTextBlock, RichTextDoc } from '../platform/rich-text';
import { KeptHtml } from '../ui/kept-html';
import { RichText } from '../ui/rich-text';
import type { Img } from '../content/types';

/** An attribution line in a quote: it starts with a dash (`— Dr. Adaeze Okafor`). */
const ATTRIBUTION = /^\s*[—–-]\s*/;

type Paragraph = Extract<RichTextBlock, { type: 'paragraph' }>;
type Inline = NonNullable<Paragraph['content']>[number];

/**
 * A quote's words and its attribution: the quote's last line when it starts with a dash (its own
 * paragraph, or the line after its last line break, as the plain-text editor writes it).
 */
function splitAttribution(quote: Extract<RichTextBlock, { type: 'blockquote' }>): { words: RichTextDoc; by: string | null } {
  const blocks = [...quote.content];
  const last = blocks.at(-1);
  if (last?.type !== 'paragraph' || !last.content?.length) return { words: { type: 'doc', content: blocks }, by: null };
  const inline: Inline[] = last.content;
  const lastBreak = inline.map((n) => n.type).lastIndexOf('hardBreak');
  const tail = inline.slice(lastBreak + 1);
  const tailText = tail.map((n) => (n.type === 'text' ? n.text : '')).join('');
  if (!ATTRIBUTION.test(tailText) || (lastBreak < 0 && blocks.length < 2)) return { words: { type: 'doc', content: blocks }, by: null };
  const kept: RichTextBlock[] = lastBreak < 0 ? blocks.slice(0, -1) : [...blocks.slice(0, -1), { type: 'paragraph', content: inline.slice(0, lastBreak) }];
  return { words: { type: 'doc', content: kept }, by: tailText.replace(ATTRIBUTION, '').trim() };
}

/** Headings one level down: the post's title is the page's second-level heading. */
function shifted(block: RichTextBlock): RichTextBlock {
  return block.type === 'heading' ? { ...block, attrs: { level: block.attrs.level === 2 ? 3 : 4 } } : block;
}

/** Consecutive blocks as rich text, each quote as the post's pull quote. */
function Blocks({ blocks, pictures }: { blocks: readonly RichTextBlock[]; pictures: Readonly<Record<string, MediaPicture>> }) {
  const parts: { quote?: Extract<RichTextBlock, { type: 'blockquote' }>; run?: RichTextBlock[] }[] = [];
  for (const b of blocks) {
    if (b.type === 'blockquote') parts.push({ quote: b });
    else if (parts.at(-1)?.run) parts.at(-1)!.run!.push(shifted(b));
    else parts.push({ run: [shifted(b)] });
  }
  return (
    <>
      {parts.map((part, i) => {
        if (part.run) return <RichText key={i} doc={{ type: 'doc', content: part.run }} pictures={pictures} className="post__part" />;
        const { words, by } = splitAttribution(part.quote!);
        return (
          <figure key={i} className="pull-quote">
            <span className="quote-mark pull-quote__mark" aria-hidden="true">
              “
            </span>
            <blockquote>
              <RichText doc={words} pictures={pictures} />
            </blockquote>
            {by && <figcaption>{by}</figcaption>}
          </figure>
        );
      })}
    </>
  );
}

/**
 * A post's body (every detail variant): the stored document rendered from an allowlist
 * (shared/ui/rich-text.tsx: nothing typed can run), with its quotes as pull quotes and two clinic
 * photographs after its first third of blocks (at least two), as the template had it.
 * `body` is absent at hydration (the detail routes' `hydrateFromHtml`): the browser keeps the
 * server's HTML of it (shared/ui/kept-html.tsx, ADR 0052).
 */
export function PostBody({ body, figures }: { body: { doc: RichTextDoc; pictures: Readonly<Record<string, MediaPicture>> } | undefined; figures: readonly Img[] }) {
  return (
    <KeptHtml id="post-body" className="post__body">
      {body && <PostBlocks doc={body.doc} pictures={body.pictures} figures={figures} />}
    </KeptHtml>
  );
}

function PostBlocks({ doc, pictures, figures }: { doc: RichTextDoc; pictures: Readonly<Record<string, MediaPicture>>; figures: readonly Img[] }) {
  const at = Math.max(2, Math.round(doc.content.length / 3));
  return (
    <>
      <Blocks blocks={doc.content.slice(0, at)} pictures={pictures} />
      <div className="post__figures">
        {figures.map((img) => (
          <figure key={img.src}>
            <img src={img.src} width={img.width} height={img.height} alt={img.alt} loading="lazy" decoding="async" />
          </figure>
        ))}
      </div>
      <Blocks blocks={doc.content.slice(at)} pictures={pictures} />
    </>
  );
}
