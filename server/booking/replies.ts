/**
 * A patient's reply to a reminder, applied to its visit (issue 46 part 3, ADR 0050): the messages
 * domain reads the reply (a WhatsApp button, `1` or `2` typed on WhatsApp or by SMS), finds the
 * visit it is about and calls this in its own transaction, with the reply's row, so a reply is
 * applied once and answered once whatever the provider resends.
 *
 * Confirm marks a booked visit confirmed (`confirmed_at`, a history line); cancel goes the manage
 * page's way (`cancelIn`: the patient's own cancellation up to the notice, the one change of time,
 * the waitlist's round), as the patient, so inside the notice it changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/db';
import { cancelIn } from './changes';
import { clock, type BookingDeps } from './deps';
import { manageTokenOf } from './manage-token';
import { appointmentEvents, appointments, type AppointmentRow } from './schema';

export type VisitReply = 'confirm' | 'cancel';

export type VisitReplyResult =
  /** Confirmed now, or confirmed before (the answer is the same). */
  | { done: 'confirmed'; visit: AppointmentRow; manageToken: string }
  | { done: 'cancelled'; visit: AppointmentRow; manageToken: string }
  /** Cancel asked inside the cancellation notice: nothing changed (the answer gives the clinic's number). */
  | { done: 'inside-notice'; visit: AppointmentRow; manageToken: string }
  /** The visit is cancelled, over, or not a booked one: nothing changed. */
  | { done: 'not-open'; visit: AppointmentRow | null; manageToken: string | null };

export async function replyToVisit(deps: BookingDeps, tx: Tx, appointmentId: number, reply: VisitReply, via: 'whatsapp' | 'sms'): Promise<VisitReplyResult> {
  const now = clock(deps);
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).for('update');
  if (!row) return { done: 'not-open', visit: null, manageToken: null };
  const manageToken = manageTokenOf(deps.secret, row);
  if (row.status !== 'booked' || row.startsAt.getTime() <= now.getTime()) return { done: 'not-open', visit: row, manageToken };
  if (reply === 'confirm') {
    if (row.confirmedAt) return { done: 'confirmed', visit: row, manageToken };
    const [confirmed] = await tx.update(appointments).set({ confirmedAt: now, updatedAt: now }).where(eq(appointments.id, row.id)).returning();
    await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: 'visitor', action: 'confirmed', detail: { via } });
    return { done: 'confirmed', visit: confirmed!, manageToken };
  }
  const cancelled = await cancelIn(tx, deps, { as: 'patient', token: manageToken }, now, { via });
  if ('ok' in cancelled) return cancelled.reason === 'too-late' ? { done: 'inside-notice', visit: row, manageToken } : { done: 'not-open', visit: row, manageToken };
  return { done: 'cancelled', visit: cancelled, manageToken };
}
