import type { TeamMember } from './team';
import { DoctorCard } from './doctor-card';
import '../ui/sections/doctor-sections.css';

/**
 * The team as a grid of DoctorCards. `bio` adds each person's short introduction under
 * their card (/doctors); `compact` keeps cards small and dense (/doctorsTwo).
 */
export function DoctorGrid({ items, variant }: { items: readonly TeamMember[]; variant: 'bio' | 'compact' }) {
  return (
    <ul className={`doctor-grid doctor-grid--${variant}`}>
      {items.map((d) => (
        <li key={d.id} className="doctor-grid__item">
          <DoctorCard doctor={d} />
          {variant === 'bio' && <p className="doctor-grid__bio">{d.bio}</p>}
        </li>
      ))}
    </ul>
  );
}
