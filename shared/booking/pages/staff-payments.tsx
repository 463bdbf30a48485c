import { useLoaderData } from 'react-router';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import { formatKobo, PAYMENT_STATUS_LABELS } from '../deposits';
import type { StaffPaymentsData } from '../staff/types';
import { staffBookingPath } from '../results';
import '../staff/staff-booking.css';

/**
 * Deposits for the front desk and the accountant (issue 48): a month's payments with their
 * refunds, the reconciliation (payments without a booking, bookings without a payment, refunds
 * Paystack refused or never answered), and the month as CSV.
 */
export default function StaffPaymentsPage() {
  const d = useLoaderData() as StaffPaymentsData;
  const r = d.reconciliation;
  const clean = !r.paymentsWithoutBooking.length && !r.bookingsWithoutPayment.length && !r.refundsStuck.length;
  const paid = d.payments.filter((p) => p.paidAt).reduce((sum, p) => sum + p.amountKobo, 0);
  const refunded = d.payments.reduce((sum, p) => sum + p.refundedKobo, 0);
  return (
    <>
      <StaffBand title="Payments" staffName={d.staffName} newCount={d.newCount} />
      <div className="container staff-page">
        {d.provider === 'stand-in' && <p className="staff-alert">Payments go through the local stand-in for Paystack: no money moves (PAYSTACK_SECRET_KEY is not set).</p>}
        <form method="get" className="staff-form staff-form__row">
          <label>
            Month <input type="month" name="month" defaultValue={d.month} className="input" aria-invalid={d.monthError ? true : undefined} aria-describedby={d.monthError ? 'month-error' : undefined} />
          </label>
          {d.monthError && (
            <p id="month-error" className="form-error" role="alert">
              {d.monthError}
            </p>
          )}
          <button type="submit" className="btn btn--outline">
            Show
          </button>
          <a className="btn btn--outline" href={`/staff/payments.csv?month=${d.month}`} download>
            Download CSV
          </a>
        </form>
        <h2 id="reconciliation-heading">Reconciliation</h2>
        <p role="status">{clean ? `Everything matches (checked ${formatAbuja(r.at)}).` : `Checked ${formatAbuja(r.at)}: please look at the lines below.`}</p>
        {r.paymentsWithoutBooking.length > 0 && (
          <>
            <h3>Payments without a booking</h3>
            <ul>
              {r.paymentsWithoutBooking.map((p) => (
                <li key={p.id}>
                  {p.reference}: {formatKobo(p.amountKobo)}, {PAYMENT_STATUS_LABELS[p.status].toLowerCase()}
                  {p.note ? `. ${p.note}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
        {r.bookingsWithoutPayment.length > 0 && (
          <>
            <h3>Bookings without a payment</h3>
            <ul>
              {r.bookingsWithoutPayment.map((b) => (
                <li key={b.reference}>
                  <Link to={staffBookingPath(b.reference)}>{b.reference}</Link>, <time dateTime={b.startsAt}>{formatAbuja(b.startsAt)}</time>
                </li>
              ))}
            </ul>
          </>
        )}
        {r.refundsStuck.length > 0 && (
          <>
            <h3>Refunds to look at</h3>
            <ul>
              {r.refundsStuck.map((x, i) => (
                <li key={i}>
                  {x.paymentReference}: {formatKobo(x.amountKobo)}, {x.status === 'failed' ? `refused by Paystack${x.error ? ` (${x.error})` : ''}` : 'no answer from Paystack for an hour'}
                </li>
              ))}
            </ul>
          </>
        )}
        <h2 id="payments-heading">
          {d.payments.length} {d.payments.length === 1 ? 'payment' : 'payments'} in {d.month}: {formatKobo(paid)} paid, {formatKobo(refunded)} refunded
        </h2>
        {d.payments.length > 0 && (
          <div className="staff-table-wrap">
            <table className="staff-table" aria-labelledby="payments-heading">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Visit</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Refunded</th>
                </tr>
              </thead>
              <tbody>
                {d.payments.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <time dateTime={p.createdAt}>{formatAbuja(p.createdAt)}</time>
                    </td>
                    <td>{p.reference}</td>
                    <td>{p.bookingReference ? <Link to={staffBookingPath(p.bookingReference)}>{p.bookingReference}</Link> : '—'}</td>
                    <td>{formatKobo(p.amountKobo)}</td>
                    <td>{PAYMENT_STATUS_LABELS[p.status]}</td>
                    <td>{p.refundedKobo ? formatKobo(p.refundedKobo) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
