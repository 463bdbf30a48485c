import { NavLink } from '../../ui/link';
import type { NavItem } from './nav-items';

interface NavListProps {
  items: readonly NavItem[];
  /** Accessible name of the navigation landmark ("Main", "Mobile"). */
  label: string;
  className?: string;
  listClassName?: string;
}

/** A navigation landmark with one NavLink per item (the current page gets aria-current). Used by the header and the drawer. */
export function NavList({ items, label, className, listClassName }: NavListProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
