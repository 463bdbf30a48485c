import type { ReactNode } from 'react';
import './blog.css';

export type SidebarPlacement = 'right' | 'left' | 'none';

/**
 * Content beside the sidebar (right or left from 992 px; below the content on smaller screens).
 * A plain block, not a <section>: it only lays out; the post or list inside carries the headings.
 */
export function BlogShell({ sidebar, aside, narrow = false, children }: { sidebar: SidebarPlacement; aside: ReactNode; narrow?: boolean; children: ReactNode }) {
  return (
    <div className="section blog-section">
      <div className={`container blog-shell blog-shell--${sidebar}${narrow && sidebar === 'none' ? ' blog-shell--narrow' : ''}`}>
        <div className="blog-shell__main">{children}</div>
        {sidebar !== 'none' && aside}
      </div>
    </div>
  );
}
