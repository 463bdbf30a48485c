import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useAppNavigationWithin } from './link';

type KeptTag = 'div' | 'aside';

/**
 * A block whose HTML the server renders and the browser keeps at hydration (ADR 0052).
 *
 * API: `<KeptHtml id="post-body" as="div" className="post__body" {...attributes}>{children or undefined}</KeptHtml>`
 *   children  what to render; `undefined` where the page's data left it out of the document's
 *             hydration data (a route's `hydrateFromHtml`, shared/platform/page-meta.ts): then the
 *             block is the HTML the server sent, read from the page once, and React neither
 *             renders nor hydrates what is inside it;
 *   id        names the block in the page (`data-kept`), one block per id on a page;
 *   as        its element (`div` by default), with the other attributes given.
 *
 * The server always has the data and renders the children. In the browser the kept block is a
 * `dangerouslySetInnerHTML` of the server's own HTML: hydration adopts the element without
 * walking into it, and a later render with the same HTML changes nothing. When the data comes
 * (a client-side navigation or a revalidation: the data request carries it in full), the block
 * is a new element (another `key`), rendered from the data: kept HTML and rendered children are
 * never mixed. Should React ever render the page afresh instead of hydrating it (a mismatch
 * elsewhere), the kept block still shows the server's HTML, read before that render replaced it.
 * Either way the site's own links and GET forms inside navigate in the app, as `Link` and `Form`
 * do (shared/ui/link.tsx `useAppNavigationWithin`).
 */
export function KeptHtml({ id, as: Tag = 'div', children, ...attributes }: { id: string; as?: KeptTag; children: ReactNode | undefined } & Omit<HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'>) {
  // Read once, when the block first renders in the browser without its data (hydration): the server's HTML.
  const [html] = useState(() => (children === undefined && typeof document !== 'undefined' ? (document.querySelector(`[data-kept="${id}"]`)?.innerHTML ?? '') : ''));
  const navigation = useAppNavigationWithin();
  if (children !== undefined) {
    return (
      <Tag key="rendered" {...attributes} data-kept={id} {...navigation}>
        {children}
      </Tag>
    );
  }
  return <Tag key="kept" {...attributes} data-kept={id} {...navigation} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
