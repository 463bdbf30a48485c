import { Link } from '../ui/link';
import { formatPostDate, type Post } from '../content/posts';
import { Icon } from '../ui/icons';
import { SitePicture } from '../ui/site-picture';
import { SectionHeading } from '../ui/section-heading';
import '../ui/sections/clinic-sections.css';

/** The `count` newest posts, newest first. */
export function latestPosts(all: readonly Post[], count = 3): Post[] {
  return [...all].sort((a, b) => b.date.localeCompare(a.date)).slice(0, count);
}

export const postHref = (p: Post) => `/blogDetails?post=${encodeURIComponent(p.slug)}`;

/** What a page with the news band gets from its loader (the posts are data: server/app/news.ts). */
export interface NewsData {
  news: Post[];
}

export interface NewsProps {
  posts: readonly Post[];
  eyebrow?: string;
  title: string;
  intro?: string;
  headingId?: string;
  className?: string;
}

/** Post cards (image, date, author, comments, title, excerpt) with a link to the blog. Pass the posts to show. */
export function News({ posts, eyebrow, title, intro, headingId = 'news-heading', className }: NewsProps) {
  return (
    <section className={`section news ${className ?? ''}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} id={headingId} />
        <ul className="news__list">
          {posts.map((p) => (
            <li key={p.slug} className="news-card">
              <SitePicture img={p.img} sizes="(min-width: 1200px) 360px, (min-width: 768px) 33vw, 100vw" loading="lazy" decoding="async" className="news-card__img" />
              <div className="news-card__body">
                <ul className="news-card__meta" aria-label="Post details">
                  <li>
                    <Icon name="calendar" size={16} />
                    <time dateTime={p.date}>{formatPostDate(p.date)}</time>
                  </li>
                  <li>
                    <Icon name="user" size={16} />
                    <span>{p.author}</span>
                  </li>
                  <li>
                    <Icon name="comment" size={16} />
                    <span>
                      {p.comments} {p.comments === 1 ? 'comment' : 'comments'}
                    </span>
                  </li>
                </ul>
                <h3 className="news-card__title">
                  <Link to={postHref(p)}>{p.title}</Link>
                </h3>
                <p>{p.excerpt}</p>
                <span className="news-card__more" aria-hidden="true">
                  Read more <Icon name="arrowRight" size={16} />
                </span>
              </div>
            </li>
          ))}
        </ul>
        <p className="news__all">
          <Link to="/blogs" className="btn btn--outline">
            View all posts
          </Link>
        </p>
      </div>
    </section>
  );
}
