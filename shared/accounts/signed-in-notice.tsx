import { Link } from '../ui/link';
import type { SessionUser } from '../platform/session';

/**
 * Shown on the sign-in pages instead of the form when the visitor is already signed in:
 * who they are signed in as, and a way to sign out (the same plain form as the header's).
 */
export function SignedInNotice({ user }: { user: SessionUser }) {
  return (
    <div className="auth__signed-in" role="status">
      <p>
        You are signed in as <strong>{user.displayName}</strong>
        {user.email ? <> ({user.email})</> : null}.
      </p>
      <div className="auth__signed-in-actions">
        <form method="post" action="/api/session/logout">
          <button type="submit" className="btn btn--primary">
            Sign out
          </button>
        </form>
        <Link to="/" className="btn btn--ghost">
          Back to home
        </Link>
      </div>
    </div>
  );
}
