import { imageLoading } from '../ui/image-loading';
import { SitePicture } from '../ui/site-picture';
import { Link } from '../ui/link';
import type { Post } from '../content/posts';
import { Icon } from '../ui/icons';
import { categoryHref, postHref } from './links';
import { PostMeta } from './post-meta';

/** A post in a blog list: image, category, date, author, comment count, title, excerpt and 'Read more'. */
export function PostCard({ post, eager = false }: { post: Post; eager?: boolean }) {
  const href = postHref(post.slug);
  return (
    <article className="post-card blog-item">
      <Link to={href} className="post-card__img" tabIndex={-1} aria-hidden="true">
        <SitePicture
          img={post.img}
          sizes="(min-width: 1200px) 400px, (min-width: 768px) 50vw, 100vw"
          alt=""
          // The first card's image is the page's largest paint on a phone: fetched first, decoded with the page.
          {...imageLoading(eager)}
        />
      </Link>
      <div className="post-card__body">
        <Link to={categoryHref(post.category)} className="post-card__category">
          {post.category}
        </Link>
        <h3 className="post-card__title">
          <Link to={href}>{post.title}</Link>
        </h3>
        <PostMeta post={post} />
        <p className="post-card__excerpt">{post.excerpt}</p>
        <Link to={href} className="post-card__more">
          Read more<span className="visually-hidden"> about {post.title}</span>
          <Icon name="arrowRight" size={18} />
        </Link>
      </div>
    </article>
  );
}
