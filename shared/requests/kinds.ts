/**
 * Each fact about the kinds and statuses of requests, once: the database's CHECK constraints
 * are tested against these tables (tests/integration/store.test.ts), and the references, labels,
 * mails and confirmations all read them.
 */
import { labelled } from '../platform/labelled';

export const REQUEST_KINDS = {
  appointment: {
    prefix: 'APT',
    label: 'Appointment',
    /** In the clinic's notice mail: "New appointment request APT-…". */
    noun: 'appointment request',
    nextSteps: {
      title: 'Thank you: we have your appointment request',
      text: 'We will call you on the number you gave within one working day (Sunday to Friday, 8 am to 10 pm) to confirm the day and time.',
    },
  },
  contact: {
    prefix: 'MSG',
    label: 'Message',
    noun: 'contact message',
    nextSteps: { title: 'Thank you: your message has reached us', text: 'We reply to every message within one working day, by e-mail or phone.' },
  },
  quote: {
    prefix: 'QTE',
    label: 'Quote',
    noun: 'quote request',
    nextSteps: { title: 'Thank you: we have your quote request', text: 'We will call you within one working day with a price for the care you chose.' },
  },
  newsletter: {
    prefix: 'NEWS',
    label: 'Newsletter',
    noun: 'newsletter sign-up',
    nextSteps: {
      title: 'Please confirm your subscription',
      text: 'We have sent a link to your e-mail address. Nothing is sent to you until you open it and confirm; if it does not arrive, check your spam folder.',
    },
  },
  comment: {
    prefix: 'CMT',
    label: 'Comment',
    noun: 'comment awaiting moderation',
    nextSteps: { title: 'Thank you for your comment', text: 'It is held for moderation and appears under the post once a member of our team has read it.' },
  },
  order: {
    prefix: 'ORD',
    label: 'Order',
    noun: 'order request',
    nextSteps: {
      title: 'Thank you: we have your order request',
      text: 'We will e-mail you our bank details with this reference within one working day, and reserve the items for 7 days. Nothing has been charged.',
    },
  },
  /** A patient's reply to a WhatsApp or SMS message that the server did not act on (issue 46, ADR 0050): staff answer it. */
  reply: {
    prefix: 'RPL',
    label: 'Patient reply',
    noun: 'patient reply by WhatsApp or SMS',
    nextSteps: { title: 'Thank you: your reply has reached us', text: 'A member of our team reads every reply and will call or write back within one working day.' },
  },
} as const;

export type RequestKind = keyof typeof REQUEST_KINDS;
export const requestKind = labelled(REQUEST_KINDS);
export const KINDS = requestKind.values;

export const REQUEST_STATUSES = {
  new: { label: 'New' },
  contacted: { label: 'Contacted' },
  booked: { label: 'Booked' },
  closed: { label: 'Closed' },
  spam: { label: 'Spam' },
} as const;

export type RequestStatus = keyof typeof REQUEST_STATUSES;
export const requestStatus = labelled(REQUEST_STATUSES);
export const STATUSES = requestStatus.values;

/**
 * The statuses staff may give a request of this kind. A patient's reply (issue 46) is never
 * "Booked": it is about a visit that already exists, which staff change on that visit's page;
 * the staff page offers only these, and its action refuses the rest.
 */
export function settableStatuses(kind: RequestKind): readonly RequestStatus[] {
  return kind === 'reply' ? STATUSES.filter((s) => s !== 'booked') : STATUSES;
}

/** The kind a well-formed reference names by its prefix (`RPL-…` is a reply), or null. */
export function kindOfReference(reference: string): RequestKind | null {
  const prefix = reference.split('-')[0];
  return KINDS.find((k) => REQUEST_KINDS[k].prefix === prefix) ?? null;
}

/** 32 symbols without the look-alikes 0/O and 1/I: easy to read out on the phone. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A reference such as `APT-7KQ2M`: one kind's prefix and five symbols. */
export const REFERENCE_PATTERN = new RegExp(`^(${KINDS.map((k) => REQUEST_KINDS[k].prefix).join('|')})-[${REFERENCE_ALPHABET}]{5}$`);
