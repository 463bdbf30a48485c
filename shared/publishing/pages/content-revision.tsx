import { Form, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import { kindSpec } from '../kinds';
import type { EditorActionData, RevisionData } from '../types';
import { ValuesTable } from '../values-table';
import '../content.css';

/** /staff/content/:kind/:id/revisions/:n: a revision beside what is on the site, and its restore. */
export default function ContentRevisionPage() {
  const d = useLoaderData() as RevisionData;
  const echo = useActionData() as EditorActionData | undefined;
  const spec = kindSpec(d.kind);
  const back = `/staff/content/${d.kind}/${d.id}`;
  const isLive = d.revision.n === d.latest && d.now !== null;
  return (
    <>
      <StaffBand title={`${spec.label}: revision ${d.revision.n}`} staffName={d.staffName} />
      <div className="container staff-page">
        <p className="content-crumbs">
          <Link to="/staff/content">Site content</Link> / {spec.single ? spec.plural : <Link to={`/staff/content/${d.kind}`}>{spec.plural}</Link>} / <Link to={back}>{d.title}</Link>
        </p>
        <p>
          Revision {d.revision.n}, published {formatAbuja(d.revision.at)} by {d.revision.byName}
          {d.revision.note && ` (${d.revision.note})`}. {d.revision.changed.length > 0 && `Changed then: ${d.revision.changed.join(', ')}.`}
        </p>
        {echo && (
          <p className="staff-alert staff-alert--error" role="alert">
            {echo.message}
          </p>
        )}
        <ValuesTable kind={d.kind} left={{ title: `Revision ${d.revision.n}`, values: d.then }} right={{ title: 'On the site now', values: d.now }} />
        {isLive ? (
          <p>This is what is on the site now.</p>
        ) : (
          <Form method="post" className="content-restore">
            <input type="hidden" name="version" value={d.version} />
            <p>Restoring publishes this revision again, as a new revision: the history keeps everything, so this can be undone too.</p>
            <button type="submit" className="btn btn--primary">
              Restore revision {d.revision.n}
            </button>
          </Form>
        )}
        <p>
          <Link to={back} className="staff-back">
            Back to the editor
          </Link>
        </p>
      </div>
    </>
  );
}
