import { Form } from 'react-router';
import { FormStateContext, TextField } from '../../ui/fields';
import { formatAbuja } from '../../ui/staff/format';
import { formatKobo, PAYMENT_STATUS_LABELS, type PaymentView, type RefundView } from '../deposits';

const REFUND_STATUS: Record<RefundView['status'], string> = {
  pending: 'to send to Paystack',
  sending: 'sent to Paystack, no answer yet',
  queued: 'accepted by Paystack',
  processed: 'back with the patient',
  failed: 'refused by Paystack',
};
const REASONS: Record<RefundView['reason'], string> = { cancelled: 'cancelled in time', late: 'paid after the time was taken', staff: 'by hand' };

/** The short mark the calendar and lists show beside a visit (issue 48). */
export const depositMark = (deposit: Pick<PaymentView, 'status' | 'amountKobo'>) => `${PAYMENT_STATUS_LABELS[deposit.status]} ${formatKobo(deposit.amountKobo)}`;

/**
 * A visit's deposit on its staff page (issue 48): status, amount, Paystack's reference, each
 * refund and what became of it (a refusal said in words), and a refund by hand, full or in part.
 */
export function DepositCard({ deposit, refundKey, values, error }: { deposit: PaymentView; refundKey: string; values?: Record<string, string> | undefined; error?: string | undefined }) {
  const left = deposit.amountKobo - deposit.refundedKobo;
  const canRefund = left > 0 && (deposit.status === 'paid' || deposit.status === 'part-refunded');
  return (
    <section className="staff-card" aria-labelledby="deposit-heading">
      <h2 id="deposit-heading">Deposit</h2>
      <dl className="staff-dl">
        {deposit.course && (
          <>
            <dt>For</dt>
            <dd>The course {deposit.course}: one deposit for all its visits, refunded when its remaining visits are cancelled in time (not for one visit of several)</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{PAYMENT_STATUS_LABELS[deposit.status]}</dd>
        <dt>Amount</dt>
        <dd>{formatKobo(deposit.amountKobo)}</dd>
        <dt>Paystack reference</dt>
        <dd>{deposit.reference}</dd>
        {deposit.paidAt && (
          <>
            <dt>Paid</dt>
            <dd>
              <time dateTime={deposit.paidAt}>{formatAbuja(deposit.paidAt)}</time>
              {deposit.channel ? ` (${deposit.channel.replace(/_/g, ' ')})` : ''}
              {deposit.outcome === 'late-booked' ? ', after the hold had lapsed' : ''}
            </dd>
          </>
        )}
      </dl>
      {deposit.refunds.length > 0 && (
        <ul className="staff-history">
          {deposit.refunds.map((r, i) => (
            <li key={i}>
              <time dateTime={r.createdAt}>{formatAbuja(r.createdAt)}</time> Refund {formatKobo(r.amountKobo)}, {REASONS[r.reason]}: {REFUND_STATUS[r.status]}
              {r.error ? ` (${r.error})` : ''}
            </li>
          ))}
        </ul>
      )}
      {canRefund && (
        <FormStateContext.Provider value={{ values: { amount: String(left / 100), ...values }, errors: error ? { amount: error } : {} }}>
          <Form method="post" className="staff-form">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="refundKey" value={refundKey} />
            <TextField label="Refund (naira)" name="amount" inputMode="decimal" required hint={`Up to ${formatKobo(left)}: the whole deposit, or part of it.`} />
            <button type="submit" className="btn btn--outline">
              Refund through Paystack
            </button>
          </Form>
        </FormStateContext.Provider>
      )}
    </section>
  );
}
