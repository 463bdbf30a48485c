import { useEffect, useRef } from 'react';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../ui/link';
import { postFigureImages, postGalleryImages, postVideo, sampleComments, soundCloudEmbedUrl, audioTrack, youTubeEmbedUrl } from '../content/blog';
import { formatPostDate } from '../content/posts';
import { TextAreaField, TextField } from '../ui/fields';
import { EnquiryForm } from '../requests/enquiry-form';
import { EmbedOnDemand } from '../ui/embed-on-demand';
import { imageLoading } from '../ui/image-loading';
import { SitePicture } from '../ui/site-picture';
import { Icon } from '../ui/icons';
import { PageHeader } from '../ui/page-header';
import { BlogShell } from './blog-shell';
import { BlogSidebar } from './blog-sidebar';
import { categoryHref, postHref } from './links';
import { useClinicFacts } from '../clinic/facts-context';
import { teamOf, type TeamMember } from '../clinic/team';
import type { BlogPostData, PostOnPage, PublishedComment } from './loaders';
import type { SiteImage } from '../platform/site-image';
import { KeptHtml } from '../ui/kept-html';
import { PostBody } from './post-body';
import { PostMeta } from './post-meta';
import { ShareLinks } from './share-links';
import { TagLinks } from './tag-links';

export type PostMedium = 'standard' | 'audio' | 'video' | 'gallery';

/** The post's picture: the page's width on a phone, the article column (about 760 px) from 992 px. */
const POST_IMAGE_SIZES = '(min-width: 992px) 760px, calc(100vw - 2rem)';

/**
 * The post's cover, or the HTML the server sent for it: absent at hydration (the detail routes'
 * `hydrateFromHtml`), so the document does not carry its copies' list twice (ADR 0052).
 */
function Cover({ img, className }: { img: SiteImage | undefined; className?: string }) {
  return (
    <KeptHtml id="post-cover" className={className}>
      {img && <SitePicture img={img} sizes={POST_IMAGE_SIZES} className="post__img" {...imageLoading(true)} />}
    </KeptHtml>
  );
}

function Medium({ post, medium }: { post: PostOnPage; medium: PostMedium }) {
  if (medium === 'audio') {
    return (
      <div className="post__medium post__medium--audio">
        <Cover img={post.img} />
        <EmbedOnDemand kind="audio" src={soundCloudEmbedUrl(audioTrack.url)} title={`Audio: ${audioTrack.title}`} provider="SoundCloud" detail={audioTrack.duration} />
      </div>
    );
  }
  if (medium === 'video') {
    return (
      <div className="post__medium">
        <EmbedOnDemand kind="video" src={youTubeEmbedUrl(postVideo.id)} title={postVideo.title} provider="YouTube (privacy-enhanced mode)" cover={postVideo.cover} coverPriority />
      </div>
    );
  }
  if (medium === 'gallery') {
    return (
      <ul className="post__medium post-gallery" aria-label="Photos from our clinic">
        {postGalleryImages.map((img, i) => (
          <li key={img.src}>
            <img src={img.src} width={img.width} height={img.height} alt={img.alt} {...imageLoading(i === 0)} />
          </li>
        ))}
      </ul>
    );
  }
  return <Cover img={post.img} className="post__medium" />;
}

function AuthorBox({ doctor }: { doctor: TeamMember | undefined }) {
  if (!doctor) return null;
  return (
    <section className="author-box" aria-labelledby="author-box-title">
      <img src={doctor.portrait.src} width={doctor.portrait.width} height={doctor.portrait.height} alt={doctor.portrait.alt} loading="lazy" decoding="async" />
      <div>
        <p className="eyebrow">About the author</p>
        <h3 id="author-box-title">{doctor.name}</h3>
        <p className="author-box__role">{doctor.title}</p>
        <p>{doctor.bio}</p>
        <Link to="/doctors" className="widget__link">
          Meet our team <Icon name="arrowRight" size={16} />
        </Link>
      </div>
    </section>
  );
}

/** A comment's name, date, text and reply link: the same for readers' approved comments and the sample ones. */
function CommentBody({ name, dateTime, day, text }: { name: string; dateTime: string; day: string; text: string }) {
  return (
    <div>
      <p className="comment__head">
        <strong>{name}</strong>
        <time dateTime={dateTime}>{formatPostDate(day)}</time>
      </p>
      <p className="comment__text">{text}</p>
      <a href="#comment-form-title" className="comment__reply">
        Reply<span className="visually-hidden"> to {name}</span>
      </a>
    </div>
  );
}

function Comments({ total, approved }: { total: number; approved: readonly PublishedComment[] }) {
  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Comments</h2>
      <p className="comments__note">
        The {sampleComments.length + approved.length} most recent of {total + approved.length} comments.
      </p>
      <ol className="comments__list">
        {[...approved].reverse().map((c) => (
          <li key={c.reference} className="comment comment--reader" id={`comment-${c.reference}`}>
            <span className="comment__avatar comment__monogram" aria-hidden="true">
              {c.name.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <CommentBody name={c.name} dateTime={c.publishedAt} day={c.publishedAt.slice(0, 10)} text={c.text} />
          </li>
        ))}
        {sampleComments.map((c) => (
          <li key={c.name} className="comment">
            <img src={c.avatar.src} width={c.avatar.width} height={c.avatar.height} alt="" loading="lazy" decoding="async" className="comment__avatar" />
            <CommentBody name={c.name} dateTime={c.date} day={c.date} text={c.text} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function CommentForm({ postSlug }: { postSlug: string }) {
  return (
    <section className="comment-form" aria-labelledby="comment-form-title">
      <h2 id="comment-form-title" tabIndex={-1}>
        Post Comments
      </h2>
      <p className="comment-form__intro">
        Your e-mail address will not be published. Comments appear once our team has read them. Please don’t share personal health details in a public comment.
      </p>
      <EnquiryForm key={postSlug} kind="comment" spec={() => import('./comment-form').then((m) => m.commentForm)} submitLabel="Post comment" label="Post Comments">
        <input type="hidden" name="post" value={postSlug} />
        <TextAreaField label="Your comment" name="comment" required rows={6} maxLength={2000} />
        <div className="form-grid form-grid--2">
          <TextField label="Name" name="name" autoComplete="name" required />
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          <TextField label="Website" name="website" type="url" autoComplete="url" className="field--full" placeholder="https://" />
        </div>
      </EnquiryForm>
    </section>
  );
}

/**
 * The post layout (every detail variant): meta, medium (image, audio, video or gallery),
 * body with pull quote and images, tags, share links, previous/next links, author box,
 * comments and the comment form, beside the blog sidebar. Reads `blogPostLoader`'s data.
 */
export function PostLayout({ sidebar, medium }: { sidebar: 'right' | 'left'; medium: PostMedium }) {
  const { post, body, previous, next, sidebar: sidebarData, approvedComments = [] } = useLoaderData() as BlogPostData;
  // The author box shows the author as the team has them now (the clinic's facts), by name.
  const author = teamOf(useClinicFacts(), { bios: true }).find((p) => p.name === post.author);
  const { pathname } = useLocation();
  const shownSlug = useRef(post.slug);
  // Another post on the same route (previous/next links): start at the top, as a page load would.
  useEffect(() => {
    if (shownSlug.current === post.slug) return;
    shownSlug.current = post.slug;
    window.scrollTo(0, 0);
  }, [post.slug]);
  return (
    <>
      <PageHeader title="Blog Details" crumbs={[{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blogs' }, { label: 'Blog Details' }]} />
      <BlogShell sidebar={sidebar} aside={<BlogSidebar data={sidebarData} />}>
        <article className="post" aria-labelledby="post-title">
          <Medium post={post} medium={medium} />
          <header className="post__header">
            <Link to={categoryHref(post.category)} className="post-card__category">
              {post.category}
            </Link>
            <h2 id="post-title" className="post__title">
              {post.title}
            </h2>
            <PostMeta post={post} showReadingTime />
          </header>
          <PostBody body={body} figures={postFigureImages} />
          <footer className="post__footer">
            <div className="post__tags">
              <span className="post__tags-label" id="post-tags-label">
                Tags
              </span>
              <TagLinks tags={post.tags} label="Tags of this post" />
            </div>
            <ShareLinks path={postHref(post.slug)} title={post.title} />
          </footer>
          <nav className="post-nav" aria-label="More posts">
            {previous ? (
              <Link to={postHref(previous.slug, pathname)} className="post-nav__link post-nav__link--prev" rel="prev">
                <span className="post-nav__dir">
                  <Icon name="arrowLeft" size={16} /> Previous post
                </span>
                <span className="post-nav__title">{previous.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {next ? (
              <Link to={postHref(next.slug, pathname)} className="post-nav__link post-nav__link--next" rel="next">
                <span className="post-nav__dir">
                  Next post <Icon name="arrowRight" size={16} />
                </span>
                <span className="post-nav__title">{next.title}</span>
              </Link>
            ) : (
              <span />
            )}
          </nav>
          <AuthorBox doctor={author} />
        </article>
        <Comments total={post.comments} approved={approvedComments} />
        {post.commentsOpen ? (
          <CommentForm postSlug={post.slug} />
        ) : (
          <p className="comments__closed" id="comment-form-title">
            Comments are closed for this post.
          </p>
        )}
      </BlogShell>
    </>
  );
}
