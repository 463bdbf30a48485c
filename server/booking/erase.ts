import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { eraseRefusalsOf } from './caps';
import type { Tx } from '../platform/db/db';
import { clock, type BookingDeps } from './deps';
import { appointments, courses, patientPhones, phoneCodes } from './schema';
import { timeChanged, visitsGone } from './time-changes';

/**
 * A person's bookings, gone (staff erasing them, Nigeria Data Protection Act 2023): every
 * appointment with one of their e-mail addresses or their phone, with its history and its
 * messages (both cascade), and the codes, proofs and refusals of their phone, in the caller's transaction. The times they kept are said freed
 * (time-changes.ts). Returns how many went.
 */
export async function eraseAppointmentsOf(tx: Tx, deps: BookingDeps, person: { emails: readonly string[]; phone: string | null }): Promise<number> {
  const by: SQL[] = [];
  if (person.emails.length) by.push(inArray(sql`lower(${appointments.patientEmail})`, [...person.emails]));
  if (person.phone) by.push(sql`${appointments.patientPhone} = ${person.phone}`);
  if (!by.length) return 0;
  if (person.phone) {
    // What proved their phone, and the limits it hit: the codes sent to it, the account's record, staff's list.
    await tx.delete(phoneCodes).where(eq(phoneCodes.phone, person.phone));
    await tx.delete(patientPhones).where(eq(patientPhones.phone, person.phone));
    await eraseRefusalsOf(tx, person.phone);
  }
  const gone = await tx.delete(appointments).where(or(...by)).returning();
  // Their courses (issue 46) hold nothing personal, but go with their visits: a course with no visit left is nothing.
  const courseIds = [...new Set(gone.map((v) => v.courseId).filter((id): id is number => id !== null))];
  if (courseIds.length) await tx.delete(courses).where(and(inArray(courses.id, courseIds), sql`NOT EXISTS (SELECT 1 FROM ${appointments} WHERE ${appointments.courseId} = ${courses.id})`));
  if (gone.length) await timeChanged(tx, deps, visitsGone('erased', gone, 'staff', clock(deps)));
  return gone.length;
}
