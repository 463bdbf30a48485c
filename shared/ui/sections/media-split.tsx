import type { ReactNode } from 'react';
import type { Img } from '../../content/types';
import { imageLoading } from '../image-loading';
import { SectionHeading } from '../section-heading';
import './service-sections.css';

interface MediaSplitProps {
  /** Id of the section's heading, which names the section. */
  headingId: string;
  eyebrow?: string;
  title: string;
  img: Img;
  /** Put the illustration on the right on wide screens. */
  reverse?: boolean;
  tone?: 'plain' | 'tint' | 'sand';
  /** Its illustration is the page's first image (see imageLoading). */
  priority?: boolean;
  children: ReactNode;
}

/** Illustration beside text: the about block of /services, the intro and employer sections of /servicesTwo. */
export function MediaSplit({ headingId, eyebrow, title, img, reverse = false, tone = 'plain', priority = false, children }: MediaSplitProps) {
  return (
    <section className={`section media-split${tone === 'plain' ? '' : ` section--${tone}`}`} aria-labelledby={headingId}>
      <div className={`container media-split__inner${reverse ? ' media-split__inner--reverse' : ''}`}>
        <div className="media-split__art">
          <img src={img.src} width={img.width} height={img.height} alt={img.alt} {...imageLoading(priority)} />
        </div>
        <div className="media-split__body">
          <SectionHeading eyebrow={eyebrow} title={title} id={headingId} align="start" />
          {children}
        </div>
      </div>
    </section>
  );
}
