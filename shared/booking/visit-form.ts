/**
 * A visit's new-patient form as the booking pages show it: the intake domain's, handed to the
 * booking pages by the composition (server/booking/visit-forms.ts), so this domain names none.
 */

/** What the patient sees on their booking's page. */
export interface PatientVisitForm {
  state: 'not-started' | 'in-progress' | 'done' | 'withdrawn';
  /** The form's address (under the manage link). */
  href: string;
  sectionsDone: number;
  sections: number;
  /** Still open to filling in and correcting (until the visit starts). */
  editable: boolean;
}

/**
 * What staff see of a visit's form. Everyone: done or not (and a lock on its date-of-birth gate).
 * Only those who may read the answers (the treating practitioner, admins): the red flag, a
 * withdrawn consent, a form that cannot be decrypted, and the link to the answers.
 */
export interface StaffVisitForm {
  done: boolean;
  /** Five wrong dates of birth: the gate opens again then (ISO). */
  lockedUntil?: string;
  redFlag?: boolean;
  unreadable?: boolean;
  withdrawn?: 'data' | 'treatment';
  /** The answers' page, for those who may read them. */
  href?: string;
}
