import { Link } from '../ui/link';
import { PROFILE_PAGES, type TeamMember } from './team';
import { Icon } from '../ui/icons';
import { imageLoading } from '../ui/image-loading';
import { SectionHeading } from '../ui/section-heading';
import { Section } from '../ui/section';
import '../ui/sections/doctor-sections.css';

/** One team member presented large, with a link to the full profile. `priority`: the portrait is the page's first image (see imageLoading). */
export function FeaturedDoctor({ doctor, eyebrow, title, focus, priority = false }: { doctor: TeamMember; eyebrow: string; title: string; focus: readonly string[]; priority?: boolean }) {
  return (
    <Section headingId="featured-doctor-heading" className="featured-doctor" containerClassName="featured-doctor__inner">
      <div className="featured-doctor__img">
        <img src={doctor.portrait.src} width={doctor.portrait.width} height={doctor.portrait.height} alt={doctor.portrait.alt} {...imageLoading(priority)} />
      </div>
      <div>
        <SectionHeading eyebrow={eyebrow} title={title} id="featured-doctor-heading" align="start" />
        <h3 className="featured-doctor__name">{doctor.name}</h3>
        <p className="featured-doctor__role">{doctor.title}</p>
        <p>{doctor.bio}</p>
        <ul className="tag-list" aria-label="Areas of focus">
          {focus.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <Link to={PROFILE_PAGES[doctor.id] ?? '/doctors'} className="btn btn--primary">
          View full profile<span className="visually-hidden"> of {doctor.name}</span>
          <Icon name="arrowRight" size={18} />
        </Link>
      </div>
    </Section>
  );
}
