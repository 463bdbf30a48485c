import { Link } from '../ui/link';
import type { Doctor } from '../content/doctors';

export function DoctorCard({ doctor, headingLevel = 3 }: { doctor: Doctor; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="doctor-card">
      <div className="doctor-card__img">
        <img src={doctor.img.src} width={doctor.img.width} height={doctor.img.height} alt={doctor.img.alt} loading="lazy" decoding="async" />
      </div>
      <div className="doctor-card__body">
        <H className="doctor-card__name">
          {doctor.number === 1 ? <Link to="/doctorDetails">{doctor.name}</Link> : doctor.name}
        </H>
        <p className="doctor-card__title">{doctor.title}</p>
      </div>
    </article>
  );
}
