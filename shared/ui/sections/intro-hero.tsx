import { Link } from '../link';
import type { Img } from '../../content/types';
import { PageHero } from './page-hero';
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
  return (
    <PageHero eyebrow={content.eyebrow} title={content.title} text={content.text} img={content.img} headingId="intro-hero-heading" className="intro-hero">
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
    </PageHero>
  );
}
