import type { ReactNode } from 'react';
import { SectionHeading } from './section-heading';

interface SectionProps {
  /** Id of the heading that names the section (`aria-labelledby`). */
  headingId: string;
  /** Classes after `section`, e.g. "section--tint pricing". */
  className?: string;
  /** Classes after `container`, e.g. "narrow" or "pricing__inner". */
  containerClassName?: string;
  /**
   * With a title, the section opens with a SectionHeading (eyebrow, title, intro) whose id is
   * `headingId`. Without one, the heading with that id is somewhere in `children`.
   */
  title?: ReactNode;
  eyebrow?: string;
  intro?: ReactNode;
  align?: 'center' | 'start';
  /** Heading level; sections are h2 by default. */
  as?: 'h1' | 'h2' | 'h3';
  children?: ReactNode;
}

/**
 * A page band: `<section class="section …" aria-labelledby>` + `<div class="container …">`,
 * opening with its SectionHeading when it has a title.
 */
export function Section({ headingId, className, containerClassName, title, eyebrow, intro, align, as, children }: SectionProps) {
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={headingId}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>
        {title !== undefined && <SectionHeading eyebrow={eyebrow} title={title} intro={intro} align={align} id={headingId} as={as} />}
        {children}
      </div>
    </section>
  );
}
