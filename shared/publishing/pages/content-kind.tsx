import { Form, useActionData, useLoaderData } from 'react-router';
import { FormStateContext, TextField } from '../../ui/fields';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { kindSpec, titleFieldOf } from '../kinds';
import { stateWords } from '../labels';
import type { ContentKindData, EditorActionData } from '../types';
import '../content.css';

/** /staff/content/:kind: the kind's items with their state; a new one starts from its title. */
export default function ContentKindPage() {
  const { staffName, kind, items } = useLoaderData() as ContentKindData;
  const echo = useActionData() as EditorActionData | undefined;
  const spec = kindSpec(kind);
  const first = titleFieldOf(spec);
  return (
    <>
      <StaffBand title={spec.plural} staffName={staffName} />
      <div className="container staff-page">
        <p className="content-crumbs">
          <Link to="/staff/content">Site content</Link> / {spec.plural}
        </p>
        <p>{spec.intro}</p>
        <FormStateContext.Provider value={echo && 'values' in echo && echo.values ? { values: echo.values as Record<string, string>, errors: 'errors' in echo ? (echo.errors ?? {}) : {} } : {}}>
          <Form method="post" className="staff-filters content-new" aria-labelledby="content-new-heading">
            <h2 id="content-new-heading" className="content-new__title">
              New {spec.label.toLowerCase()}
            </h2>
            <TextField label={first.label} name={first.name} required />
            <div className="staff-filters__actions">
              <button type="submit" className="btn btn--primary">
                Start a draft
              </button>
            </div>
          </Form>
        </FormStateContext.Provider>
        <h2>{items.length === 1 ? '1 item' : `${items.length} items`}</h2>
        <ul className="content-items">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/staff/content/${kind}/${item.id}`} className="content-items__title">
                {item.title}
              </Link>
              <span className="content-items__state">{stateWords({ live: item.live, draft: item.draft, scheduled: item.scheduledFor ? { for: item.scheduledFor } : null, draftSavedAt: item.draftSavedAt, draftSavedBy: item.draftSavedBy }).join(' · ')}</span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
