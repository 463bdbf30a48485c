import { NavLink } from '../link';
import './staff.css';

/**
 * The staff area's own header band: where you are, who is signed in, and the number of new
 * requests (read by each staff page's server loader, so it is right in the first HTML).
 */
export function StaffBand({ title, staffName, newCount }: { title: string; staffName: string; newCount: number }) {
  return (
    <div className="staff-band">
      <div className="container staff-band__inner">
        <div>
          <h1 className="staff-band__title">{title}</h1>
          <p className="staff-band__who">{`Signed in as ${staffName}`}</p>
        </div>
        <nav aria-label="Staff area" className="staff-band__nav">
          <NavLink to="/staff" end className="staff-band__link">
            Inbox
            <span className={`staff-badge${newCount ? ' staff-badge--new' : ''}`} aria-label={`${newCount} new`} data-testid="new-count">
              {newCount}
            </span>
            <span className="visually-hidden"> new requests</span>
          </NavLink>
          <NavLink to="/staff/calendar" className="staff-band__link">
            Calendar
          </NavLink>
          <NavLink to="/staff/plans" className="staff-band__link">
            Plans
          </NavLink>
          <NavLink to="/staff/booking-limits" className="staff-band__link">
            Limits
          </NavLink>
          <NavLink to="/staff/people" className="staff-band__link">
            Personal data
          </NavLink>
        </nav>
      </div>
    </div>
  );
}

/** A status as a coloured label (the word is always there: colour is never the only signal). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status status--${status}`}>{label}</span>;
}
