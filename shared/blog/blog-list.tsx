import { useEffect, useRef } from 'react';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../ui/link';
import { audioTrack, blogQuote } from '../content/blog';
import { PageHeader } from '../ui/page-header';
import { AudioCard } from './audio-card';
import { BlogShell, type SidebarPlacement } from './blog-shell';
import { BlogSidebar } from './blog-sidebar';
import { filterHeading, type BlogListData } from './loaders';
import { Pagination } from '../ui/pagination';
import { PostCard } from './post-card';
import { QuoteCard } from './quote-card';
import { TagLinks } from './tag-links';

export interface BlogListLayout {
  sidebar: SidebarPlacement;
  /** 1: one card per row; 2 or 3: a grid or masonry of that many columns on wide screens. */
  columns: 1 | 2 | 3;
  masonry?: boolean;
}

/**
 * The blog list (every list variant): post cards with a quote card and an audio card
 * among them, the paging strip and the tags. Reads the data of `blogListLoader`.
 */
export function BlogList({ sidebar, columns, masonry = false }: BlogListLayout) {
  const data = useLoaderData() as BlogListData;
  const { pathname, search } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastSearch = useRef(search);

  // A new page or filter of the same list: bring its heading into view and focus, as a page load would.
  useEffect(() => {
    if (lastSearch.current === search) return;
    lastSearch.current = search;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [search]);

  const hrefFor = (page: number) => {
    const params = new URLSearchParams(search);
    if (page === 1) params.delete('page');
    else params.set('page', String(page));
    const qs = params.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };

  const { filter } = data;
  const items = data.posts.map((p, i) => <PostCard key={p.slug} post={p} eager={i === 0} />);
  // The quote and audio cards belong to the unfiltered list, after the first and third post.
  if (!filter && items.length > 0) {
    items.splice(Math.min(3, items.length), 0, <AudioCard key="audio" track={audioTrack} />);
    items.splice(1, 0, <QuoteCard key="quote" quote={blogQuote} />);
  }
  const layoutClass = `blog-list blog-list--cols-${columns}${masonry ? ' blog-list--masonry' : ' blog-list--grid'}`;

  return (
    <>
      <PageHeader title="Our Blog" crumbs={[{ label: 'Home', to: '/' }, { label: 'Blog' }]} intro="Practical advice on posture, pain and everyday movement from our clinicians." />
      <BlogShell
        sidebar={sidebar}
        narrow={columns === 1}
        aside={<BlogSidebar data={data.sidebar} query={filter?.kind === 'search' ? filter.value : ''} currentTag={filter?.kind === 'tag' ? filter.value : undefined} />}
      >
        <div className="blog-list__head">
          <h2 ref={headingRef} tabIndex={-1} className={filter ? 'blog-list__heading' : 'visually-hidden'} id="blog-list-heading">
            {filter ? filterHeading(filter) : 'Latest articles'}
          </h2>
          {filter && (
            <p className="blog-list__summary">
              {data.total === 0 ? 'No articles match yet.' : `${data.total} ${data.total === 1 ? 'article' : 'articles'}.`}{' '}
              <Link to={pathname}>Clear filter and show all articles</Link>
            </p>
          )}
        </div>
        {items.length > 0 ? (
          <div className={layoutClass} data-layout={masonry ? 'masonry' : 'grid'}>
            {items}
          </div>
        ) : (
          <p className="blog-list__empty">Try another word, or browse the tags below.</p>
        )}
        <Pagination label="Blog pages" page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
        {sidebar === 'none' && (
          <div className="blog-list__tags">
            <h2 className="blog-list__tags-title">Browse by tag</h2>
            <TagLinks tags={data.sidebar.tags} label="Browse by tag" current={filter?.kind === 'tag' ? filter.value : undefined} />
          </div>
        )}
      </BlogShell>
    </>
  );
}
