import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Link } from '../link';

/**
 * A staff page's filter form: a GET form, so the choice is in the address (bookmarked, shared,
 * kept by the back button) and works without JavaScript; its fields, the button that applies
 * them and, while a filter is set, a link that clears it. Give it a `key` that changes with
 * the address, so the fields show what the page shows after a link was followed.
 */
export function StaffFilters({ label, submit = 'Show', clearTo = null, children }: { label: string; submit?: string; clearTo?: string | null; children: ReactNode }) {
  return (
    <Form method="get" className="staff-filters" aria-label={label}>
      {children}
      <div className="staff-filters__actions">
        <button type="submit" className="btn btn--primary">
          {submit}
        </button>
        {clearTo && (
          <Link to={clearTo} className="btn btn--ghost">
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}
