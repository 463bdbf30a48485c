import { REQUEST_KINDS, type RequestKind } from '../../shared/requests/kinds';
import type { Mail } from '../platform/mail/transport';

/**
 * The clinic's notice of a new request. Deliberately only the kind, the reference and a
 * link: what people write may be health data (NDPA 2023), and e-mail is not the place for it.
 */
export function clinicNotification(kind: RequestKind, reference: string, publicOrigin: string, to: string): Mail {
  const label = REQUEST_KINDS[kind].noun;
  return {
    to,
    subject: `New ${label} ${reference}`,
    text: [
      `A new ${label} has arrived on the website.`,
      '',
      `Reference: ${reference}`,
      `Open it in the staff area: ${publicOrigin}/staff/requests/${reference}`,
      '',
      'The details are only in the staff area: e-mail is not a safe place for health information.',
      '',
    ].join('\n'),
  };
}

export function newsletterConfirmation(to: string, publicOrigin: string, confirmToken: string): Mail {
  return {
    to,
    subject: 'Please confirm your newsletter subscription',
    text: [
      'Someone, hopefully you, asked to receive the clinic newsletter at this address.',
      '',
      `To confirm, open this link: ${publicOrigin}/newsletter/confirm?token=${confirmToken}`,
      '',
      'If you did not ask for it, ignore this e-mail: nothing will be sent to you.',
      '',
    ].join('\n'),
  };
}

/** Sent instead of a confirmation when the address is already subscribed: the person asking learns nothing new. */
export function newsletterAlreadySubscribed(to: string, publicOrigin: string, unsubscribeToken: string): Mail {
  return {
    to,
    subject: 'You are already subscribed to the clinic newsletter',
    text: [
      'Someone asked to subscribe this address to the clinic newsletter; it is already subscribed, so nothing has changed.',
      '',
      `To stop receiving it: ${publicOrigin}/newsletter/unsubscribe?token=${unsubscribeToken}`,
      '',
    ].join('\n'),
  };
}
