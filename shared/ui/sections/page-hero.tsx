import type { ReactNode } from 'react';
import type { Img } from '../../content/types';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  text: string;
  img: Img;
  headingId: string;
  className?: string;
  /** What follows the lead: call-to-action links, or the home page's finder form. */
  children: ReactNode;
}

/** The opening hero of a page: eyebrow, the page's h1, a lead, actions, and the hero illustration (loaded with high priority). */
export function PageHero({ eyebrow, title, text, img, headingId, className, children }: PageHeroProps) {
  return (
    <section className={`hero${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="eyebrow">{eyebrow}</p>
          <h1 id={headingId}>{title}</h1>
          <p className="hero__lead">{text}</p>
          {children}
        </div>
        <div className="hero__art">
          <img src={img.src} width={img.width} height={img.height} alt={img.alt} fetchPriority="high" loading="eager" />
        </div>
      </div>
    </section>
  );
}
