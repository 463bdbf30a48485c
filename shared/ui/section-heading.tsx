import type { ReactNode } from 'react';

interface SectionHeadingProps {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'center' | 'start';
  id?: string;
  /** Heading level; sections are h2 by default. */
  as?: 'h1' | 'h2' | 'h3';
}

export function SectionHeading({ eyebrow, title, intro, align = 'center', id, as: H = 'h2' }: SectionHeadingProps) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <H id={id}>{title}</H>
      {intro && <p className="section-heading__intro">{intro}</p>}
    </div>
  );
}
