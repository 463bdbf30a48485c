import { formatKobo, REFUND_DAYS } from '../../../shared/booking/deposits';
import { formatWhen } from '../../../shared/booking/time';
import type { Mail } from '../../platform/mail/transport';
import { site } from '../../../shared/content/site';

const CLINIC = site.name;

/** The receipt for a deposit paid (issue 48): the amount, Paystack's reference, the visit, and the manage link. */
export function receiptMail(input: { to: string; name: string; amountKobo: number; reference: string; bookingReference: string; startsAt: Date; paidAt: Date; channel: string | null; manageUrl: string; policy: string | null }): Mail {
  return {
    to: input.to,
    subject: `Receipt: deposit ${formatKobo(input.amountKobo)} for your visit ${input.bookingReference}`,
    text: [
      `Dear ${input.name},`,
      '',
      `We received your deposit of ${formatKobo(input.amountKobo)} through Paystack${input.channel ? ` (${input.channel.replace(/_/g, ' ')})` : ''} on ${formatWhen(input.paidAt)} (Abuja time).`,
      '',
      `Payment reference: ${input.reference}`,
      `Booking reference: ${input.bookingReference}`,
      `Your visit: ${formatWhen(input.startsAt)} (Abuja time)`,
      '',
      ...(input.policy ? [input.policy, ''] : []),
      `See, move or cancel your visit: ${input.manageUrl}`,
      '',
      `${CLINIC} (Abuja)`,
    ].join('\n'),
  };
}

/** A payment that arrived after its held time was taken: refunded at once, and said so. */
export function lateRefundMail(input: { to: string; name: string; amountKobo: number; reference: string; startsAt: Date; bookUrl: string }): Mail {
  return {
    to: input.to,
    subject: `Your deposit of ${formatKobo(input.amountKobo)} is being refunded`,
    text: [
      `Dear ${input.name},`,
      '',
      `Your payment of ${formatKobo(input.amountKobo)} (reference ${input.reference}) reached us after the time we held for you, ${formatWhen(input.startsAt)} (Abuja time), had been booked by someone else. Nothing is booked, and we have asked Paystack to refund the whole amount at once: expect it back ${REFUND_DAYS}.`,
      '',
      `Please choose another time: ${input.bookUrl}`,
      '',
      `${CLINIC} (Abuja)`,
    ].join('\n'),
  };
}
