import { Link } from '../link';
import { Icon } from '../icons';
import { Section } from '../section';
import './clinic-sections.css';

export interface MembershipContent {
  eyebrow: string;
  title: string;
  text: string;
  points: readonly { title: string; text: string }[];
  cta: { label: string; to: string };
}

/** What a membership brings, on a dark band. */
export function Membership({ content, headingId = 'membership-heading' }: { content: MembershipContent; headingId?: string }) {
  return (
    <Section headingId={headingId} className="section--dark membership" containerClassName="membership__inner">
      <div className="membership__text">
        <p className="eyebrow">{content.eyebrow}</p>
        <h2 id={headingId}>{content.title}</h2>
        <p>{content.text}</p>
        <Link to={content.cta.to} className="btn btn--accent">
          {content.cta.label}
        </Link>
      </div>
      <ul className="membership__points">
        {content.points.map((p) => (
          <li key={p.title}>
            <span className="membership__icon">
              <Icon name="check" size={20} />
            </span>
            <div>
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
