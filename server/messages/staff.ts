/**
 * What staff see and erase of the patient messages (issue 32): the list for a booking's page,
 * and the erasure of one person's messages (NDPA 2023), called from the requests domain's
 * erase in its transaction.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MessageView } from '../../shared/messages/types';
import { appointments } from '../booking/schema';
import type { Db, Tx } from '../platform/db/db';
import { maskDestination } from './channel';
import { messageOptOuts, messageReplies, messages } from './schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The messages of one appointment, in the order they are due, destinations masked. */
export async function messagesOf(db: Db, appointmentId: number): Promise<MessageView[]> {
  const rows = await db.select().from(messages).where(eq(messages.appointmentId, appointmentId)).orderBy(asc(messages.dueAt), asc(messages.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    channel: r.channel,
    destination: r.destination ? maskDestination(r.channel, r.destination) : null,
    status: r.status,
    dueAt: r.dueAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    attempts: r.attempts,
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    readAt: iso(r.readAt),
    lastError: r.lastError,
  }));
}

/**
 * Erases one person's messages: every row sent or due to their phone or e-mail address, or
 * belonging to an appointment in their name, and their opt-outs. `phone` in E.164, `email`
 * lower-cased (as the erase path normalises them). Returns the rows removed.
 */
export async function eraseMessagesOf(tx: Tx, person: { email?: string | null; phone?: string | null }): Promise<number> {
  const byDestination: SQL[] = [];
  const byAppointment: SQL[] = [];
  if (person.phone) {
    byDestination.push(eq(messages.destination, person.phone));
    byAppointment.push(eq(appointments.patientPhone, person.phone));
  }
  if (person.email) {
    byDestination.push(sql`lower(${messages.destination}) = ${person.email}`);
    byAppointment.push(sql`lower(${appointments.patientEmail}) = ${person.email}`);
  }
  if (!byDestination.length) return 0;
  const theirs = tx.select({ id: appointments.id }).from(appointments).where(or(...byAppointment));
  const removed = await tx
    .delete(messages)
    .where(or(...byDestination, inArray(messages.appointmentId, theirs)))
    .returning({ id: messages.id });
  // Their replies (issue 46), by the phone they wrote from or their visits; their answers' rows cascade.
  const replies = await tx
    .delete(messageReplies)
    .where(person.phone ? or(eq(messageReplies.fromPhone, person.phone), inArray(messageReplies.appointmentId, theirs)) : inArray(messageReplies.appointmentId, theirs))
    .returning({ id: messageReplies.id });
  const destinations = [person.phone, person.email].filter((d): d is string => Boolean(d));
  await tx.delete(messageOptOuts).where(and(inArray(messageOptOuts.destination, destinations)));
  return removed.length + replies.length;
}
