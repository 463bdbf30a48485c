/**
 * A rich-text document (shared/platform/rich-text.ts) rendered as React elements, from an
 * allowlist, with `@tiptap/static-renderer`'s JSON renderer (no ProseMirror, no DOM: the same
 * ~2 kB gzipped in the page's chunk with <Picture>; and no zod: it imports safeHref from its own
 * module, as the schema checked the document when it was saved). ADR 0037.
 *
 * API: `<RichText doc={…} pictures={{ [id]: MediaPicture }} sizes? className? />`
 *   doc       a document that passed `parseRichText` when it was saved;
 *   pictures  the MediaPictures it shows, by id (`richTextPictureIds(doc)` says which to load);
 *             a picture not given is left out;
 *   sizes     of its pictures (default BODY_PICTURE_SIZES, the text column of posts and services).
 *
 * Nothing typed can run: text and attributes go through React, which escapes them; each node and
 * mark type maps to one fixed element, with only the attributes written here (a heading's level
 * clamped to 2-4, a list's start as a number); links are checked again with `safeHref` (one that
 * fails renders as its text); pictures come from the MediaPictures given, never from the document.
 * The mappings have no prototype, so a node typed `constructor` or `__proto__` finds nothing.
 */
import type { ReactNode } from 'react';
import { renderJSONContentToReactElement } from '@tiptap/static-renderer/json/react';
import { BODY_PICTURE_SIZES, type MediaPicture } from '../platform/media';
import type { RichTextDoc } from '../platform/rich-text';
import { safeHref } from '../platform/safe-href';
import { Picture } from './picture';
import './rich-text.css';

type Node = { type?: string; text?: string; attrs?: Record<string, unknown> };
type NodeProps = { node: Node; children?: ReactNode };
type MarkProps = { mark: { type: string; attrs?: Record<string, unknown> }; children?: ReactNode };

const allowlist = <T,>(entries: Record<string, T>): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, entries);

function renderer(pictures: Readonly<Record<string, MediaPicture>>, sizes: string) {
  const pictureOf = (id: unknown) => (typeof id === 'string' && Object.hasOwn(pictures, id) ? pictures[id] : undefined);
  return renderJSONContentToReactElement({
    nodeMapping: allowlist<(props: NodeProps) => ReactNode>({
      doc: ({ children }) => <>{children}</>,
      paragraph: ({ children }) => <p>{children}</p>,
      heading: ({ node, children }) => {
        const level = node.attrs?.level === 3 ? 3 : node.attrs?.level === 4 ? 4 : 2;
        const Tag = `h${level}` as const;
        return <Tag>{children}</Tag>;
      },
      bulletList: ({ children }) => <ul>{children}</ul>,
      orderedList: ({ node, children }) => {
        const start = node.attrs?.start;
        return <ol {...(typeof start === 'number' && Number.isInteger(start) && start !== 1 ? { start } : {})}>{children}</ol>;
      },
      listItem: ({ children }) => <li>{children}</li>,
      blockquote: ({ children }) => <blockquote>{children}</blockquote>,
      hardBreak: () => <br />,
      text: ({ node }) => <>{typeof node.text === 'string' ? node.text : ''}</>,
      picture: ({ node }) => {
        const picture = pictureOf(node.attrs?.media);
        const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
        if (!picture || !alt) return null;
        return (
          <figure className="rich-text__picture">
            <Picture picture={picture} alt={alt} sizes={sizes} />
          </figure>
        );
      },
    }),
    markMapping: allowlist<(props: MarkProps) => ReactNode>({
      bold: ({ children }) => <strong>{children}</strong>,
      italic: ({ children }) => <em>{children}</em>,
      link: ({ mark, children }) => {
        const href = safeHref(mark.attrs?.href);
        return href ? <a href={href}>{children}</a> : <>{children}</>;
      },
    }),
    unhandledNode: () => null,
    unhandledMark: ({ children }: MarkProps) => <>{children}</>,
  });
}

export function RichText({ doc, pictures = {}, sizes = BODY_PICTURE_SIZES, className }: { doc: RichTextDoc; pictures?: Readonly<Record<string, MediaPicture>>; sizes?: string; className?: string }) {
  const render = renderer(pictures, sizes);
  return <div className={className ? `rich-text ${className}` : 'rich-text'}>{render({ content: doc })}</div>;
}
