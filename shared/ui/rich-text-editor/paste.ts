/**
 * What is pasted from Word or Google Docs, made plain before the editor reads it (browser only:
 * it uses DOMParser). The editor's schema then keeps only its own structure: paragraphs,
 * headings 2-4, lists, quotes, links, bold and italic; fonts, colours, sizes and classes go.
 *
 * - Word writes a list as paragraphs (`<p class=MsoListParagraph… style="mso-list:l0 level1 lfo1">`)
 *   with the bullet or number typed in a `mso-list:Ignore` span: those become real nested
 *   `<ul>`/`<ol>` (numbered when the marker is a number or letter), without the typed marker.
 * - Word's `<o:p>` and conditional comments, Google Docs' `<b id="docs-internal-guid…"
 *   style="font-weight:normal">` wrapper (which would make everything bold) are removed.
 * - Headings: `<h1>` (the page's title is the only level 1) becomes `<h2>`, `<h5>`/`<h6>` `<h4>`;
 *   Word's Title style a level 2 heading.
 */

const LIST_STYLE = /mso-list:\s*l(\d+)\s+level(\d+)/i;
const ORDERED_MARKER = /^\s*(\(?[0-9]+[.)]|\(?[a-z][.)]|\(?[ivxlcdm]+[.)])\s*$/i;

function rename(el: Element, tag: string): Element {
  const next = el.ownerDocument.createElement(tag);
  while (el.firstChild) next.appendChild(el.firstChild);
  el.replaceWith(next);
  return next;
}

function unwrap(el: Element) {
  el.replaceWith(...Array.from(el.childNodes));
}

/** Word's list paragraphs, in runs of consecutive siblings, into nested lists. */
function wordLists(doc: Document) {
  const paragraphs = Array.from(doc.querySelectorAll('p')).filter((p) => LIST_STYLE.test(p.getAttribute('style') ?? ''));
  const done = new Set<Element>();
  for (const first of paragraphs) {
    if (done.has(first)) continue;
    // A run: this paragraph and the list paragraphs right after it (white space between is fine).
    const run: Element[] = [];
    for (let node: ChildNode | null = first; node; node = node.nextSibling) {
      if (node.nodeType === 3 && !node.textContent?.trim()) continue;
      if (node.nodeType === 8) continue;
      if (!(node instanceof Element) || node.tagName !== 'P' || !LIST_STYLE.test(node.getAttribute('style') ?? '')) break;
      run.push(node);
    }
    const root = doc.createElement('div');
    first.before(root);
    // stack[i] is the open list at level i + 1.
    const stack: Element[] = [];
    for (const p of run) {
      done.add(p);
      const level = Number(LIST_STYLE.exec(p.getAttribute('style') ?? '')![2]);
      const marker = p.querySelector('span[style*="mso-list:Ignore" i], span[style*="mso-list: Ignore" i]');
      const ordered = ORDERED_MARKER.test(marker?.textContent?.replace(/\u00a0/g, ' ') ?? '');
      // The typed marker goes, and the span around it when that held nothing else.
      const holder = marker?.parentElement;
      marker?.remove();
      if (holder && holder !== p && holder.tagName === 'SPAN' && !holder.textContent?.replace(/\u00a0/g, ' ').trim()) holder.remove();
      while (stack.length > level) stack.pop();
      while (stack.length < level) {
        const list = doc.createElement(ordered ? 'ol' : 'ul');
        const parentList = stack[stack.length - 1];
        if (parentList) {
          const lastItem = parentList.lastElementChild ?? parentList.appendChild(doc.createElement('li'));
          lastItem.appendChild(list);
        } else {
          root.appendChild(list);
        }
        stack.push(list);
      }
      const li = doc.createElement('li');
      const para = doc.createElement('p');
      while (p.firstChild) para.appendChild(p.firstChild);
      li.appendChild(para);
      stack[stack.length - 1]!.appendChild(li);
      p.remove();
    }
    unwrap(root);
  }
}

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Comments (Word's conditional ones, StartFragment markers) and Office namespaced tags.
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const c of comments) c.parentNode?.removeChild(c);
  for (const el of Array.from(doc.body.getElementsByTagName('*'))) {
    if (el.tagName.includes(':')) el.remove();
  }
  for (const el of Array.from(doc.querySelectorAll('style, script, meta, link, title, xml'))) el.remove();
  // Google Docs' wrapper of the whole fragment is a <b> that is not bold.
  for (const b of Array.from(doc.querySelectorAll('b[id^="docs-internal-guid"]'))) unwrap(b);
  wordLists(doc);
  for (const p of Array.from(doc.querySelectorAll('p.MsoTitle'))) rename(p, 'h2');
  for (const h of Array.from(doc.querySelectorAll('h1'))) rename(h, 'h2');
  for (const h of Array.from(doc.querySelectorAll('h5, h6'))) rename(h, 'h4');
  // Google Docs wraps a list item's text in <p>, and Word's headings' text in spans: both fine.
  // Classes and ids mean nothing here; styles stay only for what the marks read (bold, italic).
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    el.removeAttribute('class');
    el.removeAttribute('id');
    el.removeAttribute('lang');
  }
  return doc.body.innerHTML;
}
