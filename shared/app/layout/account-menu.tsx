import { useLocation } from 'react-router';
import { Link } from '../../ui/link';
import { useSessionUser } from '../../platform/session';
import { can } from '../../platform/roles';
import { Icon } from '../../ui/icons';

/** Signed-in state, rendered by the server from the session cookie, so there is no flash of the wrong header. */
export function AccountMenu() {
  const user = useSessionUser();
  const location = useLocation();
  if (user) {
    return (
      <div className="account">
        {can(user.role, 'inbox') ? (
          <Link to="/staff" className="account__inbox">
            <span>Inbox</span>
            <span className="account__badge">{user.newRequests ?? 0}</span>
            <span className="visually-hidden"> new requests</span>
          </Link>
        ) : (
          can(user.role, 'content') && (
            <Link to="/staff/content" className="account__inbox">
              <span>Site content</span>
            </Link>
          )
        )}
        <Link to="/account" className="account__name" title={user.email ?? undefined}>
          <Icon name="user" size={18} />
          <span>{user.displayName}</span>
          <span className="visually-hidden">: your account and visits</span>
        </Link>
        <form method="post" action="/api/session/logout" className="account__logout">
          <button type="submit" className="btn btn--ghost btn--sm">
            <Icon name="logout" size={16} />
            <span>Sign out</span>
          </button>
        </form>
      </div>
    );
  }
  const here = location.pathname;
  const returnTo = here === '/login' || here === '/register' ? '' : `?returnTo=${encodeURIComponent(here + location.search)}`;
  return (
    // A new document: the sign-in pages have their own CSP (identity-service scripts).
    <Link to={`/login${returnTo}`} className="account__login" reloadDocument>
      <Icon name="user" size={18} />
      <span>Login</span>
    </Link>
  );
}
