import type { Department, DepartmentIcon } from '../content/services-two';
import '../ui/sections/service-sections.css';

/** Line icons for the departments, drawn on the same 24 px grid and stroke as the shared icon set. */
const departmentIcons: Record<DepartmentIcon, string> = {
  scalpel: 'M4 20l9.5-9.5M13.5 10.5l5.2-5.2a1.8 1.8 0 0 1 0 2.6L13.5 13M4 20h6',
  brain: 'M12 5v14M12 5a3 3 0 0 0-5.6 1.2A3 3 0 0 0 4.6 11 3 3 0 0 0 6.5 16.5 3 3 0 0 0 12 19M12 5a3 3 0 0 1 5.6 1.2 3 3 0 0 1 1.8 4.8 3 3 0 0 1-1.9 5.5A3 3 0 0 1 12 19',
  drop: 'M12 3.5s6 6.4 6 10.8a6 6 0 0 1-12 0c0-4.4 6-10.8 6-10.8zM9.5 15a2.5 2.5 0 0 0 2.5 2.5',
  family: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2.5 20a5.5 5.5 0 0 1 11 0M17 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM15.5 20h6a4.5 4.5 0 0 0-6.8-3.9',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  leaf: 'M5 19C5 10.5 10 5 20 5c0 10-5.5 15-14 15M5 19l7.5-7.5',
};

/** The departments of /servicesTwo as icon cards. */
export function DepartmentGrid({ items }: { items: readonly Department[] }) {
  return (
    <ul className="department-grid">
      {items.map((d) => (
        <li key={d.title} className="department-card">
          <span className="department-card__icon">
            <svg width={28} height={28} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d={departmentIcons[d.icon]} />
            </svg>
          </span>
          <h3 className="department-card__title">{d.title}</h3>
          <p>{d.text}</p>
        </li>
      ))}
    </ul>
  );
}
