import { Link } from 'react-router';
import type { Img } from '../../content/types';
import './clinic-sections.css';

export interface IntroHeroContent {
  eyebrow: string;
  title: string;
  text: string;
  img: Img;
  cta: { label: string; to: string };
  secondary?: { label: string; to: string };
}

/** A static opening hero with the page's h1 (for variants that do not open with a slider). */
export function IntroHero({ content }: { content: IntroHeroContent }) {
  const { img } = content;
  return (
    <section className="hero intro-hero" aria-labelledby="intro-hero-heading">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="eyebrow">{content.eyebrow}</p>
          <h1 id="intro-hero-heading">{content.title}</h1>
          <p className="hero__lead">{content.text}</p>
          <div className="intro-hero__actions">
            <Link to={content.cta.to} className="btn btn--accent">
              {content.cta.label}
            </Link>
            {content.secondary && (
              <Link to={content.secondary.to} className="btn btn--outline">
                {content.secondary.label}
              </Link>
            )}
          </div>
        </div>
        <div className="hero__art">
          <img src={img.src} width={img.width} height={img.height} alt={img.alt} fetchPriority="high" decoding="async" />
        </div>
      </div>
    </section>
  );
}
