import { Link } from '../ui/link';
import { PROFILE_PAGES, type TeamMember } from './team';

export function DoctorCard({ doctor, headingLevel = 3 }: { doctor: TeamMember; headingLevel?: 2 | 3 }) {
  const profile = PROFILE_PAGES[doctor.id];
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="doctor-card">
      <div className="doctor-card__img">
        <img src={doctor.portrait.src} width={doctor.portrait.width} height={doctor.portrait.height} alt={doctor.portrait.alt} loading="lazy" decoding="async" />
      </div>
      <div className="doctor-card__body">
        <H className="doctor-card__name">
          {profile ? <Link to={profile}>{doctor.name}</Link> : doctor.name}
        </H>
        <p className="doctor-card__title">{doctor.title}</p>
      </div>
    </article>
  );
}
