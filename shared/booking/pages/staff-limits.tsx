import { useLoaderData } from 'react-router';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import { formatE164Nigeria } from '../../platform/phone';
import { CAPS } from '../limits';
import type { BookingLimitsData } from '../staff/types';
import '../staff/staff-booking.css';

/**
 * Who hit a limit of online booking (issue 44): one line per refusal, newest first, with the
 * phone (to find the person, or call them), the address, and the visit for a move. A few lines
 * for one number is someone who needs a hand on the phone; a long run is someone trying to
 * hoard, or to send the clinic's codes to strangers.
 */
export default function StaffLimitsPage() {
  const d = useLoaderData() as BookingLimitsData;
  const byPhone = new Map<string, number>();
  for (const r of d.refusals) if (r.phone) byPhone.set(r.phone, (byPhone.get(r.phone) ?? 0) + 1);
  const busiest = [...byPhone].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const l = d.limits;
  return (
    <>
      <StaffBand title="Booking limits" staffName={d.staffName} newCount={d.newCount} />
      <div className="container staff-page">
        <p>
          Online, one phone number may hold {l.futureVisitsPerPhone} future {l.futureVisitsPerPhone === 1 ? 'visit' : 'visits'} and {l.visitsPerDayPerPhone} a day, and move a visit {l.movesPerVisitPerDay}{' '}
          times a day; one connection may try {l.bookingsPerAddressPerHour} bookings an hour. A number books only once it is proven with a code (at most {l.codesPerPhonePerHour} codes an hour to one
          number). Bookings you make by phone are under none of these.
        </p>
        <h2 id="refusals-heading">
          {d.refusals.length === 0 ? `Nobody hit a limit in the last ${d.days} days` : `${d.refusals.length === 1 ? '1 refusal' : `${d.refusals.length} refusals`} in the last ${d.days} days`}
        </h2>
        {busiest.length > 0 && (
          <p className="staff-summary" role="status">
            Most often: {busiest.map(([phone, n], i) => `${i ? ', ' : ''}${formatE164Nigeria(phone)} (${n})`).join('')}.
          </p>
        )}
        {d.refusals.length > 0 && (
          <table className="staff-table" aria-labelledby="refusals-heading">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Limit</th>
                <th scope="col">Phone</th>
                <th scope="col">Address</th>
                <th scope="col">Visit</th>
              </tr>
            </thead>
            <tbody>
              {d.refusals.map((r, i) => (
                <tr key={`${r.at}-${i}`}>
                  <td data-label="When">
                    <time dateTime={r.at}>{formatAbuja(r.at)}</time>
                  </td>
                  <td data-label="Limit">{CAPS[r.cap]}</td>
                  <td data-label="Phone">{r.phone ? <Link to={`/staff/people?phone=${encodeURIComponent(r.phone)}`}>{formatE164Nigeria(r.phone)}</Link> : '—'}</td>
                  <td data-label="Address" className="staff-limits__address">
                    {r.address ?? '—'}
                  </td>
                  <td data-label="Visit" className="staff-table__ref">
                    {r.reference ? <Link to={`/staff/bookings/${r.reference}`}>{r.reference}</Link> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
