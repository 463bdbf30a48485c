import { formatPostDate, type Post } from '../content/posts';
import { Icon } from '../ui/icons';

/** Date, author and comment count of a post. */
export function PostMeta({ post, showReadingTime = false }: { post: Pick<Post, 'date' | 'author' | 'comments' | 'readingMinutes'>; showReadingTime?: boolean }) {
  return (
    <ul className="post-meta">
      <li>
        <Icon name="calendar" size={16} />
        <span className="visually-hidden">Published </span>
        <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      </li>
      <li>
        <Icon name="user" size={16} />
        <span className="visually-hidden">By </span>
        <span className="post-meta__author">{post.author}</span>
      </li>
      <li>
        <Icon name="comment" size={16} />
        <span>
          {post.comments} {post.comments === 1 ? 'comment' : 'comments'}
        </span>
      </li>
      {showReadingTime && (
        <li>
          <Icon name="clock" size={16} />
          <span>{post.readingMinutes} min read</span>
        </li>
      )}
    </ul>
  );
}
