import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/db';
import { clock, type BookingDeps } from './deps';
import { appointments } from './schema';
import { timeChanged, visitsGone } from './time-changes';

/**
 * A person's bookings, gone (staff erasing them, Nigeria Data Protection Act 2023): every
 * appointment with one of their e-mail addresses or their phone, with its history and its
 * messages (both cascade), in the caller's transaction. The times they kept are said freed
 * (time-changes.ts). Returns how many went.
 */
export async function eraseAppointmentsOf(tx: Tx, deps: BookingDeps, person: { emails: readonly string[]; phone: string | null }): Promise<number> {
  const by: SQL[] = [];
  if (person.emails.length) by.push(inArray(sql`lower(${appointments.patientEmail})`, [...person.emails]));
  if (person.phone) by.push(sql`${appointments.patientPhone} = ${person.phone}`);
  if (!by.length) return 0;
  const gone = await tx.delete(appointments).where(or(...by)).returning();
  if (gone.length) await timeChanged(tx, deps, visitsGone('erased', gone, 'staff', clock(deps)));
  return gone.length;
}
