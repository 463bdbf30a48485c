import { Form, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../ui/link';
import { formatAbuja } from '../../ui/staff/format';
import { requestKind, requestStatus } from '../kinds';
import { StaffFilters } from '../../ui/staff/staff-filters';
import { StaffBand, StatusBadge } from '../../ui/staff/staff-band';
import type { StaffActionData, StaffPeopleData } from '../staff/types';
import { CheckboxField, FormStateContext, TextField } from '../../ui/fields';

/** Data rights: find one person's requests by e-mail or phone, export them as JSON, or erase them. */
export default function StaffPeoplePage() {
  const { staffName, newCount, query, found } = useLoaderData() as StaffPeopleData;
  const echo = useActionData() as StaffActionData | undefined;
  const [params] = useSearchParams();
  const erased = params.get('erased');
  const visits = params.get('visits');
  const files = params.get('files');
  const live = found?.filter((r) => !r.erased) ?? [];
  return (
    <>
      <StaffBand title="Personal data" staffName={staffName} newCount={newCount} />
      <div className="container staff-page">
        <p>When someone asks for their data or asks to be forgotten (Nigeria Data Protection Act 2023), find their requests by the e-mail address or phone number they used.</p>
        {erased !== null && (
          <p className="staff-alert staff-alert--ok" role="status">
            {erased === '1' ? '1 request erased.' : `${erased} requests erased.`} Each keeps an anonymised line in its history.
            {visits && visits !== '0' && ` ${visits === '1' ? '1 booked visit' : `${visits} booked visits`} and their messages erased.`}
            {files && files !== '0' && ` ${files === '1' ? '1 message or mail' : `${files} messages and mails`} removed from this server’s local files.`}
          </p>
        )}
        {echo && (
          <p className="staff-alert staff-alert--error" role="alert">
            {echo.message}
          </p>
        )}
        <StaffFilters label="Find a person" submit="Find" key={`${query.email}|${query.phone}`}>
          <TextField label="E-mail address" name="email" type="email" defaultValue={query.email} autoComplete="off" />
          <TextField label="Phone number" name="phone" type="tel" defaultValue={query.phone} autoComplete="off" />
        </StaffFilters>
        {found && (
          <>
            <h2>{found.length === 1 ? '1 request' : `${found.length} requests`}</h2>
            {found.length > 0 && (
              <ul className="staff-history">
                {found.map((r) => (
                  <li key={r.reference}>
                    <time dateTime={r.createdAt}>{formatAbuja(r.createdAt)}</time>
                    <Link to={`/staff/requests/${r.reference}`}>{r.reference}</Link> {requestKind.label(r.kind)} <StatusBadge status={r.status} label={requestStatus.label(r.status)} />
                    {r.erased && ' (erased)'}
                  </li>
                ))}
              </ul>
            )}
            {found.length > 0 && (
              <div className="staff-detail">
                <section className="staff-card" aria-labelledby="export-heading">
                  <h2 id="export-heading">Export</h2>
                  <p>A JSON file with every request above and its history.</p>
                  {/* A plain form: the file is a download, not a page of the app. */}
                  <form method="post" action="/staff/people/export.json">
                    <input type="hidden" name="email" value={query.email} />
                    <input type="hidden" name="phone" value={query.phone} />
                    <button type="submit" className="btn btn--outline">
                      Download JSON
                    </button>
                  </form>
                </section>
                {live.length > 0 && (
                  <section className="staff-card" aria-labelledby="erase-heading">
                    <h2 id="erase-heading">Erase</h2>
                    <p>Empties the name, e-mail, phone, everything they wrote and the internal note of {live.length === 1 ? 'this request' : `these ${live.length} requests`}, and removes their mails and newsletter subscription. This cannot be undone.</p>
                    <FormStateContext.Provider value={echo ? { values: echo.values, ...(echo.errors ? { errors: echo.errors } : {}) } : {}}>
                      <Form method="post" className="staff-form">
                        <input type="hidden" name="intent" value="erase" />
                        <input type="hidden" name="email" value={query.email} />
                        <input type="hidden" name="phone" value={query.phone} />
                        <CheckboxField label="I have checked who is asking, and want to erase this person’s data" name="confirm" />
                        <button type="submit" className="btn btn--accent">
                          Erase personal data
                        </button>
                      </Form>
                    </FormStateContext.Provider>
                  </section>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
