import type { Img } from '../../content/types';
import { SectionHeading } from '../section-heading';
import { Section } from '../section';
import './clinic-sections.css';

export interface ApproachContent {
  eyebrow: string;
  title: string;
  img: Img;
  steps: readonly { title: string; text: string }[];
}

/** How the clinic works, as numbered principles beside an illustration. */
export function Approach({ content, headingId = 'approach-heading' }: { content: ApproachContent; headingId?: string }) {
  return (
    <Section headingId={headingId} className="section--sand approach" containerClassName="approach__inner">
      <div>
        <SectionHeading eyebrow={content.eyebrow} title={content.title} id={headingId} align="start" />
        <ol className="approach__steps">
          {content.steps.map((s) => (
            <li key={s.title}>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <img src={content.img.src} width={content.img.width} height={content.img.height} alt={content.img.alt} loading="lazy" decoding="async" className="approach__img" />
    </Section>
  );
}
