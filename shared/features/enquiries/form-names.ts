import type { EnquiryKind } from './schemas';

/**
 * A field people never see or fill (hidden from view, from screen readers and from the
 * tab order); form-filling bots do. Not "website": the comment form has a real one.
 */
export const HONEYPOT_FIELD = 'company_fax';

/** The start of each kind's reference, e.g. APT-7KQ2M. */
export const REFERENCE_PREFIX: Record<EnquiryKind, string> = {
  appointment: 'APT',
  contact: 'MSG',
  quote: 'QTE',
  newsletter: 'NEWS',
  comment: 'CMT',
  order: 'ORD',
};
