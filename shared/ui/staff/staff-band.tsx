import { useLocation } from 'react-router';
import { NavLink } from '../link';
import { useSessionUser } from '../../platform/session';
import { can, type StaffArea } from '../../platform/roles';
import './staff.css';

/** The staff area's parts, in menu order; each role sees the ones it may use (shared/platform/roles.ts). */
const LINKS: readonly { area: StaffArea; to: string; label: string }[] = [
  { area: 'calendar', to: '/staff/calendar', label: 'Calendar' },
  { area: 'plans', to: '/staff/plans', label: 'Plans' },
  // Who waits for a freed time, per practitioner (issue 46): the front desk's, with the calendar.
  { area: 'calendar', to: '/staff/waitlist', label: 'Waitlist' },
  // Who hit a limit of online booking (issue 44): the front desk's, like the inbox.
  { area: 'inbox', to: '/staff/booking-limits', label: 'Limits' },
  { area: 'people', to: '/staff/people', label: 'Personal data' },
  { area: 'content', to: '/staff/content', label: 'Site content' },
  { area: 'content', to: '/staff/content/new-patient-form', label: 'New-patient form' },
];

/**
 * The staff area's own header band: where you are, who is signed in, the parts of the staff
 * area this person's role may use, and (for the front desk) the number of new requests (read by
 * each staff page's server loader, or with the session, so it is right in the first HTML).
 */
export function StaffBand({ title, staffName, newCount }: { title: string; staffName: string; newCount?: number }) {
  const user = useSessionUser();
  const role = user?.role;
  const count = newCount ?? user?.newRequests ?? 0;
  const { pathname } = useLocation();
  // A part inside another (the new-patient form's questions in the site content) is the one marked current there.
  const inner = (to: string) => LINKS.some((o) => o.to.startsWith(`${to}/`) && (pathname === o.to || pathname.startsWith(`${o.to}/`)));
  return (
    <div className="staff-band">
      <div className="container staff-band__inner">
        <div>
          <h1 className="staff-band__title">{title}</h1>
          <p className="staff-band__who">{`Signed in as ${staffName}`}</p>
        </div>
        <nav aria-label="Staff area" className="staff-band__nav">
          {can(role, 'inbox') && (
            <NavLink to="/staff" end className="staff-band__link">
              Inbox
              <span className={`staff-badge${count ? ' staff-badge--new' : ''}`} aria-label={`${count} new`} data-testid="new-count">
                {count}
              </span>
              <span className="visually-hidden"> new requests</span>
            </NavLink>
          )}
          {LINKS.filter((l) => can(role, l.area)).map((l) => (
            <NavLink key={l.to} to={l.to} end={inner(l.to)} className="staff-band__link">
              {l.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </div>
  );
}

/** A status as a coloured label (the word is always there: colour is never the only signal). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status status--${status}`}>{label}</span>;
}
