import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { parseInstant } from '../platform/parse';
import { formatKobo, PAYMENT_STATUS_LABELS, REFUND_DAYS, type PaymentView } from './deposits';
import type { DepositStep } from './page-data';
import { formatWhen } from './time';

/**
 * The deposit on the patient's manage page (issue 48): what was paid and its reference, and what
 * cancelling does with it: refunded through Paystack when cancelled in time (and when to expect
 * it), kept inside the notice. Nothing when the visit took no deposit.
 */
export function DepositNote({ deposit, cancelled, changeable, cancelNoticeHours, refundKobo }: { deposit: PaymentView | null | undefined; cancelled: boolean; changeable: boolean; cancelNoticeHours: number; refundKobo?: number | undefined }) {
  if (!deposit) return null;
  const refunded = refundKobo ?? deposit.refundedKobo;
  return (
    <div className="deposit-note">
      <p>
        <strong>{PAYMENT_STATUS_LABELS[deposit.status]}</strong>: {formatKobo(deposit.amountKobo)}, Paystack reference <span className="deposit-note__ref">{deposit.reference}</span>.
      </p>
      {deposit.course && (
        <p>
          This is the one deposit for your course of visits ({deposit.course}). Cancelling one visit of several does not refund it; cancelling all the remaining visits at least {cancelNoticeHours} hours before the next one, from the course’s page, does.
        </p>
      )}
      {cancelled && refunded > 0 && (
        <p role="status">
          We have asked Paystack to refund {formatKobo(refunded)} to the card or account you paid from. Expect it {REFUND_DAYS}.
        </p>
      )}
      {cancelled && refunded === 0 && !deposit.course && <p>Your deposit is kept: the visit was cancelled less than {cancelNoticeHours} hours before it. Please call us if you think this is wrong.</p>}
      {!cancelled && changeable && deposit.status === 'paid' && !deposit.course && <p>If you cancel now, at least {cancelNoticeHours} hours before the visit, we refund the whole deposit at once.</p>}
      {!cancelled && !changeable && deposit.status === 'paid' && <p>It is now less than {cancelNoticeHours} hours before the visit: if you cancel or do not come, the deposit is kept.</p>}
    </div>
  );
}

/**
 * /book's deposit step (issue 48): the amount and the clinic's policy, then Paystack's checkout.
 * A plain form carrying everything typed (it works without JavaScript): "Pay" holds the time
 * and goes to Paystack; "Change my details" goes back with everything kept.
 */
export function DepositStepForm({ step, values, message, busy }: { step: DepositStep; values: Record<string, string>; message: string; busy: boolean }) {
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (message) alertRef.current?.focus();
    else headingRef.current?.focus();
  }, [message]);
  const start = parseInstant(values.start);
  return (
    <section className="booking-deposit" aria-labelledby="book-step-deposit">
      <h2 id="book-step-deposit" className="booking__step-title" ref={headingRef} tabIndex={-1}>
        <span className="booking__step-number">3</span> Pay the deposit
      </h2>
      <Form method="post" className="booking-step" aria-labelledby="book-step-deposit" preventScrollReset>
        <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
          {message && <p className="form-error">{message}</p>}
        </div>
        {start && (
          <p>
            Your visit: <strong>{formatWhen(start)}</strong> (Abuja time), for {values.name}.
          </p>
        )}
        <p className="booking-deposit__amount">
          Deposit: <strong>{formatKobo(step.amountKobo)}</strong>
        </p>
        <p className="booking-deposit__policy">{step.policy}</p>
        <p>
          We hold your time for {step.holdMinutes} minutes while you pay on Paystack’s page (card, bank transfer or USSD). The receipt goes to {values.email}.
        </p>
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="booking-code__actions">
          <button type="submit" name="intent" value="pay" className="btn btn--primary booking-confirm__submit" disabled={busy} aria-disabled={busy || undefined}>
            {busy ? 'Opening Paystack…' : `Pay ${formatKobo(step.amountKobo)} with Paystack`}
          </button>
          <button type="submit" name="intent" value="edit" className="btn btn--ghost" formNoValidate disabled={busy}>
            Change my details
          </button>
        </div>
      </Form>
    </section>
  );
}
