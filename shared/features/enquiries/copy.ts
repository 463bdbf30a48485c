import type { EnquiryKind } from './schemas';

/** What happens after each kind of request, told on the confirmation. */
export const nextSteps: Record<EnquiryKind, { title: string; text: string }> = {
  appointment: {
    title: 'Thank you: we have your appointment request',
    text: 'We will call you on the number you gave within one working day (Sunday to Friday, 8 am to 10 pm) to confirm the day and time.',
  },
  contact: { title: 'Thank you: your message has reached us', text: 'We reply to every message within one working day, by e-mail or phone.' },
  quote: { title: 'Thank you: we have your quote request', text: 'We will call you within one working day with a price for the care you chose.' },
  newsletter: {
    title: 'Please confirm your subscription',
    text: 'We have sent a link to your e-mail address. Nothing is sent to you until you open it and confirm; if it does not arrive, check your spam folder.',
  },
  comment: { title: 'Thank you for your comment', text: 'It is held for moderation and appears under the post once a member of our team has read it.' },
  order: {
    title: 'Thank you: we have your order request',
    text: 'We will e-mail you our bank details with this reference within one working day, and reserve the items for 7 days. Nothing has been charged.',
  },
};
