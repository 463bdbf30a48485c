import { bookHref } from './book-link';
import { Link } from '../ui/link';
import type { DoctorProfile as Profile, ProfileEntry } from '../content/doctor-pages';
import { useSiteFacts } from './facts-context';
import type { TeamMember } from './team';
import { PhoneLink } from '../ui/phone-link';
import { Section } from '../ui/section';
import '../ui/sections/doctor-sections.css';

function Timeline({ entries }: { entries: readonly ProfileEntry[] }) {
  return (
    <ol className="timeline">
      {entries.map((e) => (
        <li key={e.title} className="timeline__item">
          <p className="timeline__period">{e.period}</p>
          <h3 className="timeline__title">{e.title}</h3>
          <p>{e.detail}</p>
        </li>
      ))}
    </ol>
  );
}

/** Professional profile of one clinician: summary card, then education, experience, skills, languages and schedule. */
export function DoctorProfile({ doctor, profile }: { doctor: TeamMember; profile: Profile }) {
  const { location } = useSiteFacts();
  return (
    <Section headingId="profile-heading" className="profile" containerClassName="profile__inner">
      <aside className="profile__card" aria-label={`${doctor.name} at a glance`}>
        <img src={doctor.portrait.src} width={doctor.portrait.width} height={doctor.portrait.height} alt={doctor.portrait.alt} decoding="async" className="profile__img" />
        <div className="profile__card-body">
          <p className="profile__name">{doctor.name}</p>
          <p className="profile__role">{doctor.title}</p>
          <dl className="profile__facts">
            <div>
              <dt>Languages</dt>
              <dd>{profile.languages.join(', ')}</dd>
            </div>
            <div>
              <dt>Clinic</dt>
              <dd>{location.street}</dd>
            </div>
          </dl>
          <Link to={bookHref({ practitioner: doctor.id })} className="btn btn--accent btn--block">
            Book an appointment
          </Link>
          <PhoneLink className="profile__call" iconSize={18} />
        </div>
      </aside>
      <div className="profile__main">
        <h2 id="profile-heading">About {doctor.name}</h2>
        {profile.summary.map((p) => (
          <p key={p.slice(0, 32)}>{p.replaceAll('{name}', doctor.name)}</p>
        ))}
        <h3 className="profile__sub">Areas of focus</h3>
        <ul className="tag-list">
          {profile.focus.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>

        <div className="profile__block">
          <h2 id="education-heading">Education</h2>
          <Timeline entries={profile.education} />
        </div>
        <div className="profile__block">
          <h2 id="experience-heading">Experience</h2>
          <Timeline entries={profile.experience} />
        </div>
        <div className="profile__block">
          <h2 id="skills-heading">Skills</h2>
          <p className="profile__note">How a typical clinical week is shared.</p>
          <ul className="skills">
            {profile.skills.map((s) => (
              <li key={s.label} className="skills__item">
                <span className="skills__label">
                  <span>{s.label}</span>
                  <span>{s.share}%</span>
                </span>
                <span className="skills__bar" aria-hidden="true">
                  <span style={{ width: `${s.share}%` }} />
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="profile__block profile__two">
          <div>
            <h2 id="languages-heading">Languages</h2>
            <ul className="tag-list">
              {profile.languages.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
            <h3 className="profile__sub">Memberships</h3>
            <ul className="profile__memberships">
              {profile.memberships.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 id="schedule-heading">Clinic schedule</h2>
            <table className="schedule">
              <caption className="visually-hidden">Weekly clinic hours of {doctor.name}</caption>
              <tbody>
                {profile.schedule.map((r) => (
                  <tr key={r.days}>
                    <th scope="row">{r.days}</th>
                    <td>{r.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </Section>
  );
}
