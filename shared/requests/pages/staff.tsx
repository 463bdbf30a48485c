import { useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../ui/link';
import { formatE164Nigeria } from '../../platform/phone';
import { abujaParts, formatAbuja } from '../../ui/staff/format';
import { useClinicFacts } from '../../clinic/facts-context';
import { requestKind, requestStatus } from '../kinds';
import { StaffFilters } from '../../ui/staff/staff-filters';
import { StaffBand, StatusBadge } from '../../ui/staff/staff-band';
import type { ListFilters, StaffListData } from '../staff/types';
import { SelectField, TextField } from '../../ui/fields';

function queryOf(filters: ListFilters): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** "1 request", "42 requests", or "More than 10,000 requests" when the count stopped at its cap. */
function countLabel({ n, capped, cap }: StaffListData['count']): string {
  if (capped) return `More than ${cap.toLocaleString('en')} requests`;
  return n === 1 ? '1 request' : `${n.toLocaleString('en')} requests`;
}

/** One paging link, or the same words greyed out where there is no such page. */
function PageLink({ query, rel, children }: { query: string | null; rel?: string; children: string }) {
  return query === null ? (
    <span className="is-disabled">{children}</span>
  ) : (
    <Link to={`/staff${query}`} rel={rel}>
      {children}
    </Link>
  );
}

/** The staff inbox: every request, newest first, filtered by kind, status and a search (the server's loader decides who may see it). */
export default function StaffPage() {
  const { staffName, newCount, filters, count, paging, rows, visitsToday, visits } = useLoaderData() as StaffListData;
  const facts = useClinicFacts();
  const nameOf = (list: readonly { id: string; name: string }[], id: string) => list.find((x) => x.id === id)?.name ?? id;
  const [params] = useSearchParams();
  const deleted = params.get('deleted');
  return (
    <>
      <StaffBand title="Staff inbox" staffName={staffName} newCount={newCount} />
      <div className="container staff-page">
        {deleted && (
          <p className="staff-alert staff-alert--ok" role="status">
            The comment {deleted} was rejected and deleted.
          </p>
        )}
        <p className="staff-bookings-link">
          <strong>{visitsToday === 1 ? '1 visit' : `${visitsToday} visits`} booked today.</strong> Bookings made on the website or by phone are in the{' '}
          <Link to="/staff/calendar">calendar</Link>; a call-back request booked from here links to its booking.
        </p>
        {visits.length > 0 && (
          <ul className="staff-today" aria-label="Today's visits">
            {visits.map((v) => (
              <li key={v.reference}>
                <time dateTime={v.startsAt}>{abujaParts(v.startsAt).time}</time>{' '}
                <Link to={`/staff/bookings/${v.reference}`}>{v.patientName ?? v.reference}</Link>, {nameOf(facts.services, v.serviceId)} with {nameOf(facts.practitioners, v.practitionerId)}{' '}
                <span className="staff-today__status">({v.status})</span>
              </li>
            ))}
          </ul>
        )}
        <StaffFilters label="Filter requests" clearTo={queryOf(filters) ? '/staff' : null} key={queryOf(filters)}>
          <SelectField label="Kind" name="kind" defaultValue={filters.kind ?? ''} options={[{ value: '', label: 'All kinds' }, ...requestKind.options()]} />
          <SelectField label="Status" name="status" defaultValue={filters.status ?? ''} options={[{ value: '', label: 'All statuses' }, ...requestStatus.options()]} />
          <TextField label="Name, phone or reference" name="q" type="search" defaultValue={filters.q ?? ''} autoComplete="off" />
        </StaffFilters>
        <div className="staff-summary">
          <p role="status" data-testid="count">
            {countLabel(count)}
            {count.capped ? <span className="staff-summary__note"> (counting stops at {count.cap.toLocaleString('en')})</span> : null}
            {rows.length > 0 && (count.capped || count.n > rows.length) ? `, newest first, ${rows.length} on this page` : ''}
          </p>
          <a href={`/staff/export.csv${queryOf(filters)}`} className="btn btn--outline btn--sm" download>
            Export CSV
          </a>
        </div>
        {rows.length === 0 ? (
          <p>{count.n ? 'No requests on this page.' : 'No requests match.'}</p>
        ) : (
          <table className="staff-table">
            <caption className="visually-hidden">Requests, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Received</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.reference} className={r.status === 'new' ? 'is-new' : undefined}>
                  <td data-label="Reference" className="staff-table__ref">
                    <Link to={`/staff/requests/${r.reference}`}>{r.reference}</Link>
                  </td>
                  <td data-label="Received">
                    <time dateTime={r.createdAt}>{formatAbuja(r.createdAt)}</time>
                  </td>
                  <td data-label="Kind">{requestKind.label(r.kind)}</td>
                  <td data-label="Status">
                    <StatusBadge status={r.status} label={requestStatus.label(r.status)} />
                    {r.status === 'booked' && r.visitAt && <span> {formatAbuja(r.visitAt)}</span>}
                  </td>
                  <td data-label="Name">{r.erased ? <em>erased</em> : (r.name ?? r.email ?? '—')}</td>
                  <td data-label="Phone">{r.phone ? formatE164Nigeria(r.phone) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {Object.values(paging).some((q) => q !== null) && (
          <nav className="staff-paging" aria-label="Pages of requests">
            <PageLink query={paging.newest}>Newest</PageLink>
            <PageLink query={paging.newer} rel="prev">
              Newer
            </PageLink>
            <PageLink query={paging.older} rel="next">
              Older
            </PageLink>
            <PageLink query={paging.oldest}>Oldest</PageLink>
          </nav>
        )}
      </div>
    </>
  );
}
