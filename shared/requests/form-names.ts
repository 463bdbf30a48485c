/**
 * A field people never see or fill (hidden from view, from screen readers and from the
 * tab order); form-filling bots do. Not "website": the comment form has a real one.
 */
export const HONEYPOT_FIELD = 'company_fax';
