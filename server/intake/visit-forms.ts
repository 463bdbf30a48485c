import type { AppointmentView } from '../../shared/booking/results';
import type { PatientVisitForm, StaffVisitForm } from '../../shared/booking/visit-form';
import { answersReader } from '../../shared/intake/access';
import { SECTION_IDS } from '../../shared/intake/definition';
import { formPath, shortFormPath, staffFormPath } from '../../shared/intake/routes';
import type { VisitForms } from '../booking/visit-forms';
import type { Db } from '../platform/db/db';
import { UndecryptableError, type IntakeKeyring } from './crypto';
import { dataKeyOf, formOfVisit, formsOfVisits, redFlagOf, savedSections } from './forms';

/** Visits that have a new-patient form: first visits. */
export const hasForm = (visit: Pick<AppointmentView, 'visitKind'>) => visit.visitKind === 'first';

/** A form can be filled in and corrected until its visit starts (and while it is booked). */
export const editableNow = (visit: AppointmentView, now: Date) => visit.status === 'booked' && Date.parse(visit.startsAt) > now.getTime();

/**
 * The forms as the booking pages, the booking's mails and the messages worker see them
 * (server/booking/visit-forms.ts): whether there is one, its address, done or not; and for those
 * who may read the answers, the red flag, read from its own sealed value, never the answers.
 */
export function visitFormsOf(deps: { db: Db; keys: IntakeKeyring; now?: () => Date }): VisitForms {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  return {
    pathFor: (visit, manageToken) => (hasForm(visit) ? formPath(manageToken) : null),
    shortPathFor: (visit, manageToken) => (hasForm(visit) ? shortFormPath(manageToken) : null),
    async doneAmong(ids) {
      const rows = await formsOfVisits(db, ids);
      return new Set(rows.filter((r) => r.status === 'submitted').map((r) => r.appointmentId));
    },
    async forPatient(visit, manageToken) {
      if (!hasForm(visit)) return null;
      const row = await formOfVisit(db, visit.id);
      const sections = SECTION_IDS.length;
      const base = { href: formPath(manageToken), sections, editable: editableNow(visit, now()) };
      if (!row) return { ...base, state: 'not-started', sectionsDone: 0 } satisfies PatientVisitForm;
      const sectionsDone = savedSections(row.sections).length;
      const state = row.status === 'submitted' ? 'done' : row.status === 'withdrawn' ? 'withdrawn' : sectionsDone ? 'in-progress' : 'not-started';
      return { ...base, state, sectionsDone } satisfies PatientVisitForm;
    },
    async forStaff(visits, viewer) {
      const first = visits.filter(hasForm);
      const rows = new Map((await formsOfVisits(db, first.map((v) => v.id))).map((r) => [r.appointmentId, r]));
      const at = now();
      const out: Record<number, StaffVisitForm> = {};
      for (const visit of first) {
        const row = rows.get(visit.id);
        const badge: StaffVisitForm = { done: row?.status === 'submitted' };
        if (row?.lockedUntil && row.lockedUntil.getTime() > at.getTime()) badge.lockedUntil = row.lockedUntil.toISOString();
        if (row && answersReader(viewer, visit.practitionerId)) {
          badge.href = staffFormPath(visit.reference);
          if (row.status === 'withdrawn') badge.withdrawn = 'data';
          else if (row.treatmentWithdrawnAt) badge.withdrawn = 'treatment';
          try {
            if (redFlagOf(dataKeyOf(deps.keys, row), row)) badge.redFlag = true;
          } catch (error) {
            if (!(error instanceof UndecryptableError)) throw error;
            badge.unreadable = true;
          }
        }
        out[visit.id] = badge;
      }
      return out;
    },
  };
}
