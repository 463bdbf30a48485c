import { Link } from '../link';
import type { AboutIntroContent, Video } from '../../content/about';
import type { Img } from '../../content/types';
import { Icon } from '../icons';
import { imageLoading } from '../image-loading';
import { VideoPopup } from '../video-popup';
import './clinic-sections.css';

export type AboutMedia = { kind: 'image'; img: Img } | { kind: 'video'; video: Video };

/** Text about the clinic beside an illustration or a video popup. `priority`: its image is the page's first (see imageLoading). */
export function AboutIntro({
  content,
  media,
  headingId = 'about-heading',
  className,
  priority = false,
}: {
  content: AboutIntroContent;
  media: AboutMedia;
  headingId?: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <section className={`section about-intro ${className ?? ''}`} aria-labelledby={headingId}>
      <div className="container about-intro__inner">
        <div className="about-intro__media">
          {media.kind === 'video' ? (
            <VideoPopup video={media.video} priority={priority} />
          ) : (
            <img src={media.img.src} width={media.img.width} height={media.img.height} alt={media.img.alt} {...imageLoading(priority)} />
          )}
        </div>
        <div className="about-intro__text">
          <p className="eyebrow">{content.eyebrow}</p>
          <h2 id={headingId}>{content.title}</h2>
          {content.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <ul className="check-list">
            {content.points.map((p) => (
              <li key={p}>
                <Icon name="check" size={18} />
                <span>{p}</span>
              </li>
            ))}
          </ul>
          {content.cta && (
            <Link to={content.cta.to} className="btn btn--primary">
              {content.cta.label}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
