import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/db';
import { appointments } from './schema';

/**
 * A person's bookings, gone (staff erasing them, Nigeria Data Protection Act 2023): every
 * appointment with one of their e-mail addresses or their phone, with its history and its
 * messages (both cascade). A future visit's time becomes free. Returns how many went.
 */
export async function eraseAppointmentsOf(tx: Tx, person: { emails: readonly string[]; phone: string | null }): Promise<number> {
  const by: SQL[] = [];
  if (person.emails.length) by.push(inArray(sql`lower(${appointments.patientEmail})`, [...person.emails]));
  if (person.phone) by.push(sql`${appointments.patientPhone} = ${person.phone}`);
  if (!by.length) return 0;
  const gone = await tx.delete(appointments).where(or(...by)).returning({ id: appointments.id });
  return gone.length;
}
