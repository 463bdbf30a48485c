/**
 * Rich text: the schema (what is refused, dropped, limited), the renderer (in Node, no DOM) and
 * the usual stored-XSS payloads in every place a person types: text, link hrefs, alt texts and
 * attributes. Rendering is React's own server renderer, as the pages use it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MediaPicture } from '../../shared/platform/media';
import {
  RICH_TEXT_LIMITS,
  isRichTextEmpty,
  parseRichText,
  plainTextToRichText,
  richTextFromForm,
  richTextPictureIds,
  richTextPlainText,
  richTextToPlainText,
  safeHref,
  type RichTextDoc,
} from '../../shared/platform/rich-text';
import { RichText } from '../../shared/ui/rich-text';
import { RichTextField } from '../../shared/ui/rich-text-field';

const ID = 'a'.repeat(32);
const picture: MediaPicture = {
  id: ID,
  width: 2000,
  height: 1500,
  dominant: '#336699',
  opaque: true,
  variants: [400, 800, 1600].flatMap((w, i) =>
    (['image/avif', 'image/webp', 'image/jpeg'] as const).map((type, j) => ({
      key: `${String(i * 3 + j).padStart(32, '0')}.${type === 'image/jpeg' ? 'jpg' : type.slice(6)}`,
      type,
      width: w,
      height: (w * 3) / 4,
      bytes: 1000,
    })),
  ),
};

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const link = (href: string) => ({ type: 'link', attrs: { href } });

function parsed(input: unknown): RichTextDoc {
  const r = parseRichText(input);
  if (!r.ok) throw new Error(r.message);
  return r.doc;
}

function refusal(input: unknown): string {
  const r = parseRichText(input);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(input).slice(0, 200)}`);
  return r.message;
}

const html = (d: RichTextDoc, pictures: Record<string, MediaPicture> = { [ID]: picture }) => renderToStaticMarkup(<RichText doc={d} pictures={pictures} />);

const EVERYTHING = doc(
  { type: 'heading', attrs: { level: 2 }, content: [text('Why posture matters')] },
  p(text('Sitting '), text('all day', [{ type: 'bold' }]), text(' strains the '), text('lower back', [{ type: 'italic' }, { type: 'bold' }]), { type: 'hardBreak' }, text('Book', [link('/book')]), text(' or '), text('call', [link('tel:+2348031234567')]), text('.')),
  { type: 'heading', attrs: { level: 3 }, content: [text('Three habits')] },
  { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('Stand up hourly')), { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(text('Nested'))] }] }] }] },
  { type: 'orderedList', content: [{ type: 'listItem', content: [p(text('One'))] }, { type: 'listItem', content: [p(text('Two'))] }] },
  { type: 'blockquote', content: [p(text('Motion is lotion.'))] },
  { type: 'heading', attrs: { level: 4 }, content: [text('More')] },
  { type: 'picture', attrs: { media: ID, alt: 'A physiotherapist stretching a patient’s shoulder' } },
  p(text('Write to ', []), text('us', [link('mailto:care@example.com')]), text(' or read '), text('the guide', [link('https://example.com/guide?x=1&y=2')])),
);

describe('the rich-text schema', () => {
  it('accepts every allowed node and mark, as the editor writes them', () => {
    const d = parsed(EVERYTHING);
    expect(d.content).toHaveLength(9);
    expect(richTextPictureIds(d)).toEqual([ID]);
    expect(isRichTextEmpty(d)).toBe(false);
    expect(richTextPlainText(d)).toMatch(/^Why posture matters\n\nSitting all day strains the lower back\nBook or call\./);
    // Also as the JSON text a form posts.
    expect(parsed(JSON.stringify(EVERYTHING))).toEqual(d);
  });

  it('refuses unknown node and mark types, saying what they were', () => {
    expect(refusal(doc({ type: 'codeBlock', content: [text('x')] }))).toMatch(/“codeBlock”, which is not allowed/);
    expect(refusal(doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }))).toMatch(/“iframe”/);
    expect(refusal(doc(p(text('x', [{ type: 'textStyle', attrs: { color: 'red' } }]))))).toMatch(/“textStyle” formatting/);
    expect(refusal(doc(p({ type: 'image', attrs: { src: 'javascript:alert(1)' } })))).toMatch(/“image”/);
    expect(refusal(doc({ type: 'heading', attrs: { level: 1 }, content: [text('x')] }))).toMatch(/Headings are level 2, 3 or 4/);
    expect(refusal(doc({ type: 'bulletList', content: [p(text('not an item'))] }))).toBeTruthy();
    expect(refusal({ type: 'document', content: [] })).toMatch(/not allowed|Not a rich-text/);
    expect(refusal('{not json')).toMatch(/could not be read/);
    expect(refusal(doc({ type: '__proto__' }))).toMatch(/not allowed/);
    expect(refusal(doc({ type: 'constructor' }))).toMatch(/not allowed/);
  });

  it('drops attributes and keys it does not know (TipTap’s own link target, rel and class; styles; event handlers)', () => {
    const d = parsed(
      doc(
        { type: 'paragraph', attrs: { style: 'color:red', onclick: 'alert(1)' }, content: [text('x', [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank', rel: 'opener', class: 'evil', onmouseover: 'alert(1)' } }])] },
        { type: 'orderedList', attrs: { start: 2, type: 'a' }, content: [{ type: 'listItem', content: [p(text('y'))] }] },
      ),
    );
    expect(d.content[0]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] }] });
    expect(d.content[1]).toEqual({ type: 'orderedList', attrs: { start: 2 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'y' }] }] }] });
  });

  it('allows links to http(s), mailto:, tel: and paths of this site only', () => {
    for (const ok of ['https://example.com/a?b=c#d', 'http://example.com', '/book', '/blogs?tag=x', 'mailto:care@example.com', 'tel:+2348031234567', 'tel:08031234567']) {
      expect(safeHref(ok), ok).toBe(ok);
    }
    // A phone number as people write it is kept as digits.
    expect(safeHref('tel:+234 (803) 123-4567')).toBe('tel:+2348031234567');
    expect(parsed(doc(p(text('call', [link(' tel:+234 803 123 4567 ')])))).content[0]).toEqual(p(text('call', [link('tel:+2348031234567')])));
    const hostile = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript&#58;alert(1)',
      'javascript&#x3A;alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      '\\\\evil.example\\x',
      '/\\evil.example',
      'https:',
      'http://',
      'ftp://example.com',
      'tel:<script>',
      'mailto:"><script>alert(1)</script>',
      'https://example.com/"onmouseover="alert(1)',
      `https://example.com/${'a'.repeat(RICH_TEXT_LIMITS.href)}`,
      '',
    ];
    for (const href of hostile) {
      expect(safeHref(href), href).toBeNull();
      expect(refusal(doc(p(text('click', [link(href)])))), href).toMatch(/A link may only start with http:\/\/, https:\/\/, mailto:, tel:/);
    }
  });

  it('requires a picture’s alt text and an uploaded picture’s id', () => {
    expect(refusal(doc({ type: 'picture', attrs: { media: ID, alt: '   ' } }))).toMatch(/needs a description/);
    expect(refusal(doc({ type: 'picture', attrs: { media: ID } }))).toMatch(/needs a description/);
    expect(refusal(doc({ type: 'picture', attrs: { media: '../../etc/passwd', alt: 'x' } }))).toMatch(/not one of the uploaded pictures/);
    expect(refusal(doc({ type: 'picture', attrs: { media: ID, alt: 'x'.repeat(301) } }))).toMatch(/at most 300 characters/);
    expect(parsed(doc({ type: 'picture', attrs: { media: ID, alt: '  A  room \n with a bed ' } })).content[0]).toEqual({ type: 'picture', attrs: { media: ID, alt: 'A room with a bed' } });
  });

  it('holds its limits, checking nesting without recursion', () => {
    let deep: unknown = p(text('deep'));
    for (let i = 0; i < 10_000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(refusal(doc(deep))).toMatch(/nested too deeply/);
    expect(refusal(doc(...Array.from({ length: RICH_TEXT_LIMITS.nodes + 1 }, () => p(text('x')))))).toMatch(/too long/);
    expect(refusal(doc(p(text('x'.repeat(RICH_TEXT_LIMITS.characters + 1)))))).toMatch(/too long/);
    expect(refusal(doc(...Array.from({ length: RICH_TEXT_LIMITS.pictures + 1 }, () => ({ type: 'picture', attrs: { media: ID, alt: 'x' } }))))).toMatch(/At most 60 pictures/);
    expect(refusal(doc(p(text(''))))).toMatch(/empty piece of text/);
  });

  it('takes control characters out of text', () => {
    const d = parsed(doc(p(text('a\u0000b\u0007c\nd\te\u202Ef'))));
    expect(d.content[0]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'abc d e\u202Ef' }] });
  });
});

describe('the renderer', () => {
  it('renders each node and mark as one fixed element, in Node without a DOM', () => {
    const out = html(parsed(EVERYTHING));
    expect(out).toContain('<div class="rich-text"><h2>Why posture matters</h2>');
    expect(out).toContain('<p>Sitting <strong>all day</strong> strains the <em><strong>lower back</strong></em><br/><a href="/book">Book</a> or <a href="tel:+2348031234567">call</a>.</p>');
    expect(out).toContain('<ul><li><p>Stand up hourly</p><ol start="3"><li><p>Nested</p></li></ol></li></ul><ol><li><p>One</p></li><li><p>Two</p></li></ol>');
    expect(out).toContain('<blockquote><p>Motion is lotion.</p></blockquote><h4>More</h4>');
    expect(out).toContain('<a href="https://example.com/guide?x=1&amp;y=2">the guide</a>');
  });

  it('renders a picture from its stored copies: AVIF and WebP sources, the JPEG nearest 800 px (no JPEG srcset: ADR 0052), sizes, width and height, lazy', () => {
    const out = html(parsed(doc({ type: 'picture', attrs: { media: ID, alt: 'The treatment room' } })));
    expect(out).toMatch(/^<div class="rich-text"><figure class="rich-text__picture"><picture><source type="image\/avif" sizes="\(min-width: 1200px\) 764px, [^"]+" srcSet="\/media\/0{32}\.avif 400w, \/media\/0{31}3\.avif 800w, \/media\/0{31}6\.avif 1600w"\/><source type="image\/webp"/);
    expect(out).not.toContain('.jpg 400w');
    expect(out).toContain('<img sizes="(min-width: 1200px) 764px, (min-width: 992px) calc(100vw - 436px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)" src="/media/00000000000000000000000000000005.jpg" width="1600" height="1200" alt="The treatment room" style="background-color:#336699" loading="lazy" decoding="async"');
    // A picture that was not handed over (deleted, not loaded) is left out, not broken.
    expect(html(parsed(doc({ type: 'picture', attrs: { media: 'b'.repeat(32), alt: 'gone' } })), {})).toBe('<div class="rich-text"></div>');
  });

  it('renders nothing runnable from any payload in text, alt text or attributes', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "'><svg/onload=alert(1)>",
      '<iframe src="javascript:alert(1)"></iframe>',
      '{{constructor.constructor("alert(1)")()}}',
      '<a href="javascript:alert(1)">x</a>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '</p><script>alert(1)</script><p>',
      '<style>@import "javascript:alert(1)"</style>',
      '<!--<img src=x onerror=alert(1)>-->',
    ];
    for (const payload of payloads) {
      const d = parsed(
        doc(
          { type: 'heading', attrs: { level: 2 }, content: [text(payload)] },
          p(text(payload, [{ type: 'bold' }, link('https://example.com/?q=' + encodeURIComponent(payload))])),
          { type: 'picture', attrs: { media: ID, alt: payload } },
          { type: 'blockquote', content: [p(text(payload))] },
        ),
      );
      const out = html(d);
      // Every tag and attribute in the markup, read as a browser would (values are quoted, and
      // React escapes quotes in them): only the allowlisted ones; the payload survives as text.
      const tags = [...out.matchAll(/<([a-z0-9]+)((?:\s+[A-Za-z:-]+(?:="[^"]*")?)*)\s*\/?>/g)];
      expect(new Set(tags.map((t) => t[1])), payload).toEqual(new Set(['div', 'h2', 'p', 'strong', 'a', 'figure', 'picture', 'source', 'img', 'blockquote']));
      const attributes = tags.flatMap((t) => [...t[2]!.matchAll(/\s+([A-Za-z:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''] as const));
      for (const [name, value] of attributes) {
        expect(['class', 'href', 'type', 'sizes', 'srcSet', 'src', 'width', 'height', 'alt', 'style', 'loading', 'decoding'], `${payload}: ${name}`).toContain(name);
        if (name === 'href' || name === 'src') expect(value, payload).toMatch(/^(https:\/\/example\.com\/|\/media\/)/);
      }
      // Everything between tags is text: no markup but the allowlisted elements' own.
      const stripped = out.replace(/<\/?(div|h2|p|strong|a|figure|picture|source|img|blockquote)(\s+[A-Za-z:-]+(="[^"]*")?)*\s*\/?>/g, '');
      expect(stripped, payload).not.toMatch(/[<>"]/);
      expect(out).toContain(payload.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;'));
    }
  });

  it('renders a link that fails the check again as plain text, and an unknown node as nothing (a document stored before a rule changed)', () => {
    const stale = {
      type: 'doc',
      content: [p(text('click', [link('javascript:alert(1)')])), { type: 'script', content: [text('alert(1)')] }, { type: 'heading', attrs: { level: 1 }, content: [text('h')] }, { type: 'constructor' }],
    } as unknown as RichTextDoc;
    expect(html(stale)).toBe('<div class="rich-text"><p>click</p><h2>h</h2></div>');
  });
});

describe('the plain-text fallback', () => {
  it('makes paragraphs, headings, lists, quotes, line breaks and pictures from plain text, and back', () => {
    const plain = ['## Our hours', '', 'Open weekdays', 'from 8 to 6.', '', '- Chiropractic', '- Physiotherapy', '', '1. Book', '2. Come', '', '> Motion is lotion.', '', `![The front desk](picture:${ID})`].join('\n');
    const d = parsed(plainTextToRichText(plain));
    expect(d.content.map((b) => b.type)).toEqual(['heading', 'paragraph', 'bulletList', 'orderedList', 'blockquote', 'picture']);
    expect(d.content[1]).toEqual({ type: 'paragraph', content: [text('Open weekdays'), { type: 'hardBreak' }, text('from 8 to 6.')] });
    expect(richTextToPlainText(d)).toBe(plain);
  });

  it('reads a posted form: the editor’s JSON when it ran, else the textarea', () => {
    const json = JSON.stringify(doc(p(text('from the editor'))));
    expect(richTextFromForm(new URLSearchParams({ body: json, bodyText: 'ignored' }), 'body')).toEqual({ ok: true, doc: parsed(doc(p(text('from the editor')))) });
    expect(richTextFromForm(new URLSearchParams({ bodyText: 'typed\n\nwithout JavaScript' }), 'body')).toEqual({ ok: true, doc: parsed(doc(p(text('typed')), p(text('without JavaScript')))) });
    expect(richTextFromForm(new URLSearchParams({ body: JSON.stringify(doc(p(text('x', [link('javascript:alert(1)')])))) }), 'body').ok).toBe(false);
    expect(richTextFromForm(new URLSearchParams(), 'body')).toEqual({ ok: true, doc: { type: 'doc', content: [] } });
  });
});

describe('the rich-text field on the server', () => {
  it('renders the plain-text fallback (no editor, nothing of TipTap), labelled, with the document as text', () => {
    const value = parsed(doc({ type: 'heading', attrs: { level: 2 }, content: [text('Hours')] }, p(text('Weekdays <8–6>'))));
    const out = renderToStaticMarkup(<RichTextField name="body" label="Body" value={value} hint="What patients read." error="Write something." />);
    expect(out).toMatch(/<label for="([^"]+)-text" class="field__label">Body<\/label><textarea id="\1-text" name="bodyText"/);
    expect(out).toContain('## Hours\n\nWeekdays &lt;8–6&gt;</textarea>');
    expect(out).toContain('aria-invalid="true"');
    expect(out).toMatch(/aria-describedby="[^"]+-plain [^"]+-hint [^"]+-error"/);
    expect(out).not.toMatch(/rte|ProseMirror|contenteditable/);
  });
});
