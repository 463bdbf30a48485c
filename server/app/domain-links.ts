import { lagosDate } from '../../shared/booking/time';
import { APPOINTMENT_STATUSES } from '../../shared/booking/types';
import type { TodayVisit } from '../../shared/requests/staff/types';
import type { BookingService } from '../booking/service';
import { eraseAppointmentsOf } from '../booking/erase';
import { eraseMessagesOf } from '../messages/staff';
import type { PersonEraser, PersonExporter } from '../requests/context';
import { eraseFormsOf, exportFormsOf } from '../intake/people';

/**
 * Where one domain needs another's data and the composition, not the domain, names it.
 *
 * Erasing a person (/staff/people, server/requests/staff/repo.ts erasePerson) also erases what
 * the booking, messages and intake domains keep of them, in the same transaction: their messages
 * and opt-outs (by address, by phone, and by their appointments), their new-patient forms, then
 * their appointments with their history.
 */
export const personErasers: readonly PersonEraser[] = [
  async (tx, { emails, phone }) => {
    for (const email of emails.length ? emails : [null]) await eraseMessagesOf(tx, { email, phone });
    return 0;
  },
  // Their new-patient forms and who read them (the visits' deletion would take them too; named, so it never depends on that).
  async (tx, person) => {
    await eraseFormsOf(tx, person);
    return 0;
  },
  eraseAppointmentsOf,
];

/** What a person's export (/staff/people) adds from other domains: their new-patient forms' records and who read them. */
export const personExporters: readonly PersonExporter[] = [async (db, person) => ({ newPatientForms: await exportFormsOf(db, person) })];

/** The staff inbox's list of today's visits, from the booking service (the inbox's domain names none). */
export async function todayVisits(booking: BookingService): Promise<TodayVisit[]> {
  const today = lagosDate(booking.now());
  const visits = await booking.appointmentsBetween({ fromDate: today, toDate: today, statuses: ['booked', 'arrived', 'completed', 'no_show'] });
  return visits.map((v) => ({ reference: v.reference, startsAt: v.startsAt, patientName: v.patientName, serviceId: v.serviceId, practitionerId: v.practitionerId, status: APPOINTMENT_STATUSES[v.status].label }));
}
