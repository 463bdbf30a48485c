import { createContext } from 'react-router';
import type { AppointmentView } from '../../shared/booking/results';
import type { PatientVisitForm, StaffVisitForm } from '../../shared/booking/visit-form';
import type { SessionUser } from '../../shared/platform/session';

/**
 * The new-patient forms as the booking pages, mails and the messages worker need them: the intake
 * domain's (server/intake/visit-forms.ts), set by the composition, so this domain, which is below
 * it, names none. Without it (a bare core in a benchmark) visits simply have no form.
 */
export interface VisitForms {
  /** The address of a visit's form, under its manage link; null when the visit has none (a follow-up). */
  pathFor(visit: Pick<AppointmentView, 'visitKind'>, manageToken: string): string | null;
  /** The same form's short address for messages (SMS, WhatsApp), which redirects to it; null as above. */
  shortPathFor(visit: Pick<AppointmentView, 'visitKind'>, manageToken: string): string | null;
  /** Of these visits, the ones whose form is sent (the reminders repeat the link while it is not). */
  doneAmong(appointmentIds: readonly number[]): Promise<Set<number>>;
  /** The form on the patient's booking page, or null when the visit has none. */
  forPatient(visit: AppointmentView, manageToken: string): Promise<PatientVisitForm | null>;
  /** The forms of these visits as this member of staff may see them, by appointment id (visits without a form are left out). */
  forStaff(visits: readonly AppointmentView[], viewer: SessionUser): Promise<Record<number, StaffVisitForm>>;
}

export const noVisitForms: VisitForms = {
  pathFor: () => null,
  shortPathFor: () => null,
  doneAmong: async () => new Set(),
  forPatient: async () => null,
  forStaff: async () => ({}),
};

/** The forms for the booking pages' loaders (set on every request by the composition). */
export const visitFormsContext = createContext<VisitForms>(noVisitForms);
