import type { ReactNode } from 'react';
import './blog.css';

export type SidebarPlacement = 'right' | 'left' | 'none';

/** Content beside the sidebar (right or left from 992 px; below the content on smaller screens). */
export function BlogShell({ sidebar, aside, narrow = false, children }: { sidebar: SidebarPlacement; aside: ReactNode; narrow?: boolean; children: ReactNode }) {
  return (
    <section className="section blog-section">
      <div className={`container blog-shell blog-shell--${sidebar}${narrow && sidebar === 'none' ? ' blog-shell--narrow' : ''}`}>
        <div className="blog-shell__main">{children}</div>
        {sidebar !== 'none' && aside}
      </div>
    </section>
  );
}
