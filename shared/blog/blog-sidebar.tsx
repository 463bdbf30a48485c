import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Link } from '../ui/link';
import { blogAbout, blogBanner } from '../content/blog';
import { formatPostDate } from '../content/posts';
import { site, type SocialLink } from '../content/site';
import { useSiteDetails } from '../platform/site-details';
import type { SidebarData } from './loaders';
import type { IconName } from '../content/types';
import { Icon } from '../ui/icons';
import { KeptHtml } from '../ui/kept-html';
import { categoryHref, postHref } from './links';
import { TagLinks } from './tag-links';

const socialIcon: Record<SocialLink['name'], IconName> = {
  Facebook: 'facebook',
  Instagram: 'instagram',
  X: 'x',
  LinkedIn: 'linkedin',
  YouTube: 'youtube',
};

function Widget({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`widget ${className ?? ''}`} aria-labelledby={id}>
      <h2 className="widget__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The blog sidebar (spec section 2): search, about, popular feeds, categories, social
 * profile, image feed, tags and a banner to /contact. Search is a GET form to /blogs.
 * `data` is absent at hydration on a post's page (its `hydrateFromHtml`): the browser keeps the
 * server's HTML of the sidebar, its links and search navigating in the app (shared/ui/kept-html.tsx,
 * ADR 0052).
 */
export function BlogSidebar({ data, query = '', currentTag }: { data: SidebarData | undefined; query?: string; currentTag?: string }) {
  return (
    <KeptHtml as="aside" id="blog-sidebar" className="blog-sidebar" aria-label="Blog sidebar">
      {data && <SidebarWidgets data={data} query={query} currentTag={currentTag} />}
    </KeptHtml>
  );
}

function SidebarWidgets({ data, query, currentTag }: { data: SidebarData; query: string; currentTag?: string }) {
  const { popular, categories, imageFeed, tags } = data;
  const { social } = useSiteDetails();
  return (
    <>
      <Widget id="blog-search-title" title="Search" className="widget--search">
        <Form method="get" action="/blogs" role="search" className="sidebar-search">
          <label htmlFor="blog-search" className="visually-hidden">
            Search the blog
          </label>
          <input id="blog-search" name="q" type="search" className="input" placeholder="Search articles…" defaultValue={query} key={query} enterKeyHint="search" />
          <button type="submit" className="sidebar-search__btn">
            <Icon name="search" size={20} />
            <span className="visually-hidden">Search</span>
          </button>
        </Form>
      </Widget>

      <Widget id="blog-about-title" title={blogAbout.title} className="widget--about">
        <img src={blogAbout.img.src} width={blogAbout.img.width} height={blogAbout.img.height} alt={blogAbout.img.alt} loading="lazy" decoding="async" />
        <p>{blogAbout.text}</p>
        <Link to="/about" className="widget__link">
          More about the clinic <Icon name="arrowRight" size={16} />
        </Link>
      </Widget>

      <Widget id="blog-popular-title" title="Popular feeds">
        <ul className="popular-feeds">
          {popular.map((p) => (
            <li key={p.slug}>
              <img src={p.img.src} width={p.img.width} height={p.img.height} alt="" loading="lazy" decoding="async" />
              <div>
                <Link to={postHref(p.slug)}>{p.title}</Link>
                <time dateTime={p.date}>{formatPostDate(p.date)}</time>
              </div>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget id="blog-categories-title" title="Categories">
        <ul className="category-links">
          {categories.map((c) => (
            <li key={c.name}>
              <Link to={categoryHref(c.name)}>
                <span>{c.name}</span>
                <span className="category-links__count">
                  {c.count}
                  <span className="visually-hidden"> {c.count === 1 ? 'post' : 'posts'}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget id="blog-social-title" title="Social profile">
        <ul className="social-profile">
          {social.map((s) => (
            <li key={s.name}>
              <a href={s.href} target="_blank" rel="noopener noreferrer">
                <Icon name={socialIcon[s.name]} size={20} />
                <span className="visually-hidden">
                  {site.shortName} on {s.name} (opens in a new tab)
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget id="blog-images-title" title="Image feed">
        <ul className="image-feed">
          {imageFeed.map((p) => (
            <li key={p.slug}>
              <Link to={postHref(p.slug)}>
                <img src={p.img.src} width={p.img.width} height={p.img.height} alt="" loading="lazy" decoding="async" />
                <span className="visually-hidden">{p.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget id="blog-tags-title" title="Tags">
        <TagLinks tags={tags} label="All tags" current={currentTag} />
      </Widget>

      <section className="widget sidebar-banner" aria-labelledby="blog-banner-title">
        <h2 id="blog-banner-title">{blogBanner.title}</h2>
        <p>{blogBanner.text}</p>
        <Link to={blogBanner.href} className="btn btn--accent">
          {blogBanner.cta}
        </Link>
      </section>
    </>
  );
}
