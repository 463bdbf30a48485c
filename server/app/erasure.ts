import { eraseAppointmentsOf } from '../booking/erase';
import { eraseMessagesOf } from '../messages/staff';
import type { PersonEraser } from '../requests/context';

/**
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
