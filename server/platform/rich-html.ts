import type { RichDoc, RichNode } from '../../shared/platform/rich-doc';

/**
 * A stored rich text (a ProseMirror/TipTap JSON document) as HTML, from an allowlist: each known
 * node and mark becomes its element, text is escaped, a link keeps only an http(s), mailto or tel
 * address, a picture only one of the site's own addresses; anything else renders as nothing.
 * Nothing a user typed can become a script, an event handler or a style.
 */
export function richHtml(doc: RichDoc | RichNode, options: { headingShift?: number } = {}): string {
  return render(doc, options.headingShift ?? 0);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Escaped as React escapes text and attributes, so a server string and a React render agree. */
export function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;
const SAFE_PICTURE = /^\/(media|images)\/[A-Za-z0-9/_.-]+$/;

function safeHref(href: unknown): string | null {
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  if (!SAFE_LINK.test(trimmed) || /[\s<>"']/.test(trimmed)) return null;
  return trimmed;
}

function renderText(node: RichNode): string {
  let html = escapeText(node.text ?? '');
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') html = `<strong>${html}</strong>`;
    else if (mark.type === 'italic') html = `<em>${html}</em>`;
    else if (mark.type === 'link') {
      const href = safeHref(mark.attrs?.href);
      if (href) html = `<a href="${escapeText(href)}"${/^https?:/i.test(href) ? ' rel="noopener noreferrer"' : ''}>${html}</a>`;
    }
  }
  return html;
}

function render(node: RichNode, shift: number): string {
  const inner = () => (node.content ?? []).map((n) => render(n, shift)).join('');
  switch (node.type) {
    case 'doc':
      return inner();
    case 'text':
      return renderText(node);
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      const level = Math.min(6, Math.max(2, Number(node.attrs?.level) || 2) + shift);
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList':
      return `<ol>${inner()}</ol>`;
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'hardBreak':
      return '<br>';
    case 'image': {
      const src = node.attrs?.src;
      if (typeof src !== 'string' || !SAFE_PICTURE.test(src)) return '';
      const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
      const size = ['width', 'height'].map((k) => (Number.isInteger(node.attrs?.[k]) ? ` ${k}="${String(node.attrs![k])}"` : '')).join('');
      return `<img src="${escapeText(src)}" alt="${escapeText(alt)}"${size} loading="lazy" decoding="async">`;
    }
    default:
      return '';
  }
}
