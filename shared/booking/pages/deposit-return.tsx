import { Form, useLoaderData } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import { Link } from '../../ui/link';
import { formatKobo, REFUND_DAYS } from '../deposits';
import { BOOK_PATH, type DepositReturnData } from '../page-data';
import { formatWhen, lagosDate, lagosTime } from '../time';
import { parseInstant } from '../../platform/parse';
import '../booking.css';

const CHOICES = ['service', 'visit', 'practitioner'] as const;

/** Back to /book with everything typed: its choices in the address, the details in the form (`intent=edit` shows them again). */
function TryAgain({ typed, label }: { typed: Record<string, string>; label: string }) {
  const start = parseInstant(typed.start);
  const query = new URLSearchParams();
  for (const name of CHOICES) if (typed[name]) query.set(name, typed[name]!);
  if (typed.date) query.set('date', typed.date);
  else if (start) query.set('date', lagosDate(start));
  if (!typed.service) return <Link to={BOOK_PATH}>{label}</Link>;
  return (
    <Form method="post" action={`${BOOK_PATH}?${query.toString()}`} className="booking-step">
      {Object.entries(typed).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="edit" />
      <button type="submit" className="btn btn--primary">
        {label}
      </button>
    </Form>
  );
}

/** /book/deposit: what became of a deposit payment, when it did not end in a booking (a booking goes to its manage page). */
export default function DepositReturnPage() {
  const page = useLoaderData() as DepositReturnData;
  const amount = page.amountKobo === null ? 'your deposit' : formatKobo(page.amountKobo);
  const start = parseInstant(page.typed.start);
  const title = {
    unknown: 'Payment not found',
    cancelled: 'Payment cancelled',
    failed: 'Your payment did not go through',
    refused: 'We could not accept this payment',
    'late-refunded': 'Your time was taken: your deposit is refunded',
    pending: 'Waiting for your payment',
    unreachable: 'We could not check your payment',
  }[page.kind];
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Book a visit', to: BOOK_PATH }, { label: 'Your deposit' }]} />
      <Section headingId="deposit-heading" className="booking" containerClassName="booking__inner">
        <h2 id="deposit-heading" className="booking__step-title">
          {page.kind === 'pending' || page.kind === 'unreachable' ? 'Nothing is booked yet' : page.kind === 'unknown' ? 'We do not know this payment' : 'Nothing is booked'}
        </h2>
        <div role="status">
          {page.kind === 'unknown' && (
            <p>
              This link names no payment of ours. <Link to={BOOK_PATH}>Book a visit</Link>, or call us on <PhoneLink />.
            </p>
          )}
          {(page.kind === 'failed' || page.kind === 'cancelled') && (
            <p>
              {page.kind === 'cancelled' ? 'You cancelled the payment' : 'Paystack could not take the payment'}: nothing was charged, and the time we held{start ? ` (${formatWhen(start)})` : ''} is free again. Everything you typed is kept: try again, or choose another time.
            </p>
          )}
          {page.kind === 'refused' && (
            <p>
              Paystack reported a payment that does not match {amount} in naira for this booking, so nothing is booked. If money left your account, we refund it: please call us on <PhoneLink />.
            </p>
          )}
          {page.kind === 'late-refunded' && (
            <p>
              Your payment reached us after the time we held{start ? ` (${formatWhen(start)})` : ''} had been booked by someone else. We have asked Paystack to refund {amount} at once: expect it back {REFUND_DAYS}. Please choose another time.
            </p>
          )}
          {page.kind === 'pending' && (
            <p>
              Paystack has not confirmed your payment of {amount} yet (a bank transfer can take a few minutes).{page.heldUntil ? ` Your time is held until ${lagosTime(new Date(page.heldUntil))}.` : ''} We book the visit and e-mail your receipt as soon as it arrives.
            </p>
          )}
          {page.kind === 'unreachable' && (
            <p>
              We could not reach Paystack to check your payment just now.{page.heldUntil ? ` Your time is held until ${lagosTime(new Date(page.heldUntil))}.` : ''} If you paid, your visit is booked as soon as Paystack tells us, and your receipt comes by e-mail.
            </p>
          )}
        </div>
        {(page.kind === 'pending' || page.kind === 'unreachable') && (
          <p>
            <a className="btn btn--primary" href={`/book/deposit?reference=${encodeURIComponent(page.reference)}`}>
              Check again
            </a>
          </p>
        )}
        {(page.kind === 'failed' || page.kind === 'cancelled' || page.kind === 'late-refunded' || page.kind === 'refused') && <TryAgain typed={page.typed} label={page.kind === 'late-refunded' ? 'Choose another time' : 'Try again'} />}
        <p className="booking__call">
          Questions about a payment? Call us on <PhoneLink />.
        </p>
      </Section>
    </>
  );
}
