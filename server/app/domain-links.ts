import { lagosDate } from '../../shared/booking/time';
import { APPOINTMENT_STATUSES } from '../../shared/booking/types';
import type { TodayVisit } from '../../shared/requests/staff/types';
import type { BookingService } from '../booking/service';
import { eraseAppointmentsOf } from '../booking/erase';
import { eraseMessagesOf } from '../messages/staff';
import type { FileEraser, PersonEraser } from '../requests/context';
import { eraseSinkLines } from '../messages/sink';
import { eraseMailFiles, mailFilesDir } from '../requests/mail-transport';

/**
 * Where one domain needs another's data and the composition, not the domain, names it.
 *
 * Erasing a person (/staff/people, server/requests/staff/repo.ts erasePerson) also erases what
 * the booking and messages domains keep of them, in the same transaction: their messages and
 * opt-outs (by address, by phone, and by their appointments), then their appointments with
 * their history.
 */
export const personErasers: readonly PersonEraser[] = [
  async (tx, { emails, phone }) => {
    for (const email of emails.length ? emails : [null]) await eraseMessagesOf(tx, { email, phone });
    return 0;
  },
  eraseAppointmentsOf,
];

/**
 * And what the local sinks wrote to files for them (development, or production without SMTP_URL
 * or a provider): their lines in DATA_DIR/messages/*.jsonl and their mails in DATA_DIR/outbox.
 * The files of this instance's DATA_DIR: an instance whose DATA_DIR is not shared keeps its own
 * (docs/decisions/0037-booking-nobody-can-hoard.md).
 */
export const fileErasers = (dataDir: string): readonly FileEraser[] => [(person) => eraseSinkLines(dataDir, person), (person) => eraseMailFiles(mailFilesDir(dataDir), person.emails)];

/** The staff inbox's list of today's visits, from the booking service (the inbox's domain names none). */
export async function todayVisits(booking: BookingService): Promise<TodayVisit[]> {
  const today = lagosDate(booking.now());
  const visits = await booking.appointmentsBetween({ fromDate: today, toDate: today, statuses: ['booked', 'arrived', 'completed', 'no_show'] });
  return visits.map((v) => ({ reference: v.reference, startsAt: v.startsAt, patientName: v.patientName, serviceId: v.serviceId, practitionerId: v.practitionerId, status: APPOINTMENT_STATUSES[v.status].label }));
}
