import type { AppointmentStatus } from '../types';
import { lagosDate, lagosTime } from '../time';
import type { ClinicFacts } from '../../clinic/types';

/** Words the staff booking pages share. */
export const timeOf = (iso: string) => lagosTime(Date.parse(iso));
export const dateOf = (iso: string) => lagosDate(Date.parse(iso));

/** The practitioners staff may book or plan for, as a select's options. */
export const practitionerOptions = (facts: Pick<ClinicFacts, 'practitioners'>) => facts.practitioners.filter((p) => p.bookable).map((p) => ({ value: p.id, label: p.name }));

export function namesOf(facts: Pick<ClinicFacts, 'practitioners' | 'services' | 'locations'>) {
  const practitioner = (id: string | null | undefined) => facts.practitioners.find((p) => p.id === id)?.name ?? id ?? '—';
  const service = (id: string) => facts.services.find((s) => s.id === id)?.name ?? id;
  const location = (id: string | null | undefined) => (id ? (facts.locations.find((l) => l.id === id)?.name ?? id) : 'All locations');
  return { practitioner, service, location };
}

/** Labels of the status buttons staff press (a verb: what happens). */
export const STATUS_ACTIONS: Partial<Record<AppointmentStatus, string>> = {
  arrived: 'Mark arrived',
  completed: 'Mark completed',
  no_show: 'Mark no-show',
  booked: 'Back to booked',
};
