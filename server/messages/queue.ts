/**
 * The patient messages of an appointment as rows (issue 32, ADR 0031): written in the booking's
 * own transaction by `scheduleMessages`, sent later by the worker (worker.ts).
 *
 * What is scheduled, per change of the booking:
 *  - booked: the confirmation (now, or at the end of the channel's quiet window — at once on
 *    WhatsApp whatever the hour when the patient booked it themselves) and one
 *    reminder per configured offset (reminder_24h, reminder_2h…; quiet hours move them earlier).
 *  - moved: the reminders planned afresh for the new time (the same rows, due again, even a
 *    reminder already sent for the old time) and a change notice.
 *  - cancelled: every unsent message cancelled, and a cancellation notice.
 *  - no_show: a follow-up inviting to book again.
 * Only with the patient's separate consent (reminder channel not 'none' and a consent time):
 * without it, no row at all. The confirmation, change and cancellation of a booking are also
 * mailed by the booking core (with a calendar file) whenever the patient gave an address, so
 * those three go here only on WhatsApp or SMS, and never fall back to e-mail.
 *
 * Nothing about the visit is copied into the row but where it goes: the worker reads the
 * appointment when it sends, so a message says the visit's time as it is then, with a manage
 * link signed then (a link revoked meanwhile is never sent), and no health detail.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/db';
import type { AppointmentRow } from '../booking/schema';
import type { TimeChange, TimeListener } from '../booking/time-changes';
import type { Channel } from './channel';
import { dueTime, reminderPlan, DEFAULT_SCHEDULE, type ScheduleConfig } from './rules';
import { messages, type MessageRowKind } from './schema';

/** What happened to the visit; 'reminders': the patient changed how they are reminded (no notice of its own). */
export type MessageChange = 'booked' | 'moved' | 'cancelled' | 'no_show' | 'reminders';

/** The kinds sent only on the phone channels (the booking core mails them). */
export const TRANSACTIONAL_KINDS = ['confirmation', 'change', 'cancellation'] as const;

/** reminder_24h, reminder_2h, reminder_90m: the offset is part of the kind, so each is unique. */
export const reminderKind = (offsetMinutes: number): MessageRowKind => (offsetMinutes % 60 === 0 ? `reminder_${offsetMinutes / 60}h` : `reminder_${offsetMinutes}m`);

/** The template family of a row's kind (the adapters know five). */
export const templateKind = (kind: MessageRowKind) => (kind.startsWith('reminder_') ? 'reminder' : kind) as 'confirmation' | 'reminder' | 'change' | 'cancellation' | 'no_show';

/** Whether the patient agreed to messages for this appointment, and on which channel first. */
export function consentedChannel(row: Pick<AppointmentRow, 'reminderChannel' | 'remindersConsentAt'>): Channel | null {
  return row.reminderChannel !== 'none' && row.remindersConsentAt ? row.reminderChannel : null;
}

/**
 * Where a channel's message to this patient goes, or null: only to a phone the patient proved
 * (a code; staff who took the number), only to an address they proved (the confirmation's link;
 * staff): nothing of the clinic's goes to a number or an address someone else typed (issue 44).
 */
export const destinationOf = (row: Pick<AppointmentRow, 'patientPhone' | 'patientEmail' | 'phoneProvenAt' | 'emailProvenAt'>, channel: Channel) =>
  channel === 'email' ? (row.emailProvenAt ? row.patientEmail : null) : row.phoneProvenAt ? row.patientPhone : null;

export interface ScheduleOptions {
  now: Date;
  schedule?: ScheduleConfig | undefined;
  /**
   * A course's visit booked or cancelled at once, after its first (issue 46): its reminders are
   * planned (or cancelled) as any visit's, but the patient's confirmation or cancellation notice
   * went with the course's first visit.
   */
  noNotice?: boolean | undefined;
  /**
   * The patient made this change themselves (booked, moved, cancelled): they are awake and
   * waiting for its confirmation, so on WhatsApp it goes at once at any hour (issue 46). The
   * quiet hours stay for what they did not just ask for (reminders, staff's changes); SMS keeps
   * the operators' window.
   */
  byPatient?: boolean | undefined;
}

/** When a confirmation, change or cancellation notice goes: at once for the patient's own change on WhatsApp, else by the rules. */
function noticeDue(kind: 'confirmation' | 'change' | 'cancellation', channel: Channel, row: AppointmentRow, options: ScheduleOptions, config: ScheduleConfig) {
  const { now } = options;
  if (options.byPatient && channel === 'whatsapp') return kind === 'cancellation' || now.getTime() < row.startsAt.getTime() ? { at: now } : ({ skip: 'visit-started' } as const);
  return dueTime(kind, channel, row.startsAt, now, now, config);
}

const UNSENT = ['scheduled', 'sending'] as const;

/**
 * Writes (or moves, or cancels) the message rows that go with a change of the booking. Call it
 * inside the transaction that wrote the appointment row, with that row as it is now.
 */
export async function scheduleMessages(tx: Tx, row: AppointmentRow, change: MessageChange, options: ScheduleOptions): Promise<void> {
  const { now } = options;
  const config = options.schedule ?? DEFAULT_SCHEDULE;
  const consented = consentedChannel(row);
  // The chosen channel, once its destination is proven: until then, nothing is planned on it
  // (an address proven later plans its reminders then, as a change of reminders).
  const channel = consented && destinationOf(row, consented) ? consented : null;
  const phoneChannel = channel === 'whatsapp' || channel === 'sms';

  if (change === 'cancelled') {
    await cancelUnsent(tx, row.id, 'visit cancelled', now);
    if (channel && phoneChannel && !options.noNotice) {
      const due = noticeDue('cancellation', channel, row, options, config);
      if ('at' in due) await upsert(tx, row, 'cancellation', channel, due.at, now, 'once');
    }
    return;
  }
  if (!channel) return;

  if (change === 'no_show') {
    const due = dueTime('no_show', channel, row.startsAt, now, now, config);
    if ('at' in due) await upsert(tx, row, 'no_show', channel, due.at, now, 'unless-sent');
    return;
  }

  if (phoneChannel && change !== 'reminders' && !options.noNotice) {
    const kind = change === 'booked' ? 'confirmation' : 'change';
    const due = noticeDue(kind, channel, row, options, config);
    if ('at' in due) await upsert(tx, row, kind, channel, due.at, now, change === 'booked' ? 'once' : 'again');
  }
  for (const planned of reminderPlan(channel, row.startsAt, now, now, config)) {
    const kind = reminderKind(planned.offsetMinutes);
    if ('at' in planned.due) {
      // A move or a new channel plans each reminder afresh, even one already sent for the old.
      await upsert(tx, row, kind, channel, planned.due.at, now, change === 'booked' ? 'once' : 'again');
    } else if (change === 'moved') {
      await tx
        .update(messages)
        .set({ status: 'cancelled', lockedUntil: null, lastError: `skipped: ${planned.due.skip}`, updatedAt: now })
        .where(and(eq(messages.appointmentId, row.id), eq(messages.kind, kind), inArray(messages.status, UNSENT)));
    }
  }
}

/** Cancels what has not gone yet (a claimed row too: its worker's result then changes nothing). */
export async function cancelUnsent(tx: Tx, appointmentId: number, why: string, now: Date) {
  await tx
    .update(messages)
    .set({ status: 'cancelled', lockedUntil: null, lastError: why, updatedAt: now })
    .where(and(eq(messages.appointmentId, appointmentId), inArray(messages.status, UNSENT)));
}

/**
 * One row per appointment and kind (the unique key). On a second write of the same kind:
 * 'once' keeps the first row; 'unless-sent' arms it again unless it went; 'again' arms it again
 * whatever it did (a second move is a second change notice).
 */
async function upsert(tx: Tx, row: AppointmentRow, kind: MessageRowKind, channel: Channel, dueAt: Date, now: Date, onRepeat: 'once' | 'unless-sent' | 'again') {
  const values = {
    appointmentId: row.id,
    kind,
    channel,
    destination: destinationOf(row, channel),
    status: 'scheduled' as const,
    dueAt,
    nextAttemptAt: dueAt,
    attempts: 0,
    lockedUntil: null,
    provider: null,
    providerId: null,
    lastError: null,
    updatedAt: now,
    sentAt: null,
    deliveredAt: null,
    readAt: null,
  };
  const insert = tx.insert(messages).values({ ...values, createdAt: now });
  if (onRepeat === 'once') {
    await insert.onConflictDoNothing({ target: [messages.appointmentId, messages.kind] });
    return;
  }
  await insert.onConflictDoUpdate({
    target: [messages.appointmentId, messages.kind],
    set: values,
    ...(onRepeat === 'unless-sent' ? { setWhere: sql`${messages.status} NOT IN ('sent', 'delivered', 'read')` } : {}),
  });
}

/** Staff took a no-show back: its follow-up, if not sent yet, does not go. */
export async function cancelNoShow(tx: Tx, appointmentId: number, now: Date) {
  await tx
    .update(messages)
    .set({ status: 'cancelled', lockedUntil: null, lastError: 'no-show taken back', updatedAt: now })
    .where(and(eq(messages.appointmentId, appointmentId), eq(messages.kind, 'no_show'), inArray(messages.status, UNSENT)));
}

/**
 * The patient messages as a listener to every change of time (server/booking/time-changes.ts):
 * set by the composition with the schedule (MESSAGES_*). Each change writes its rows in the
 * change's own transaction.
 */
export function visitMessages(options: { schedule?: ScheduleConfig | undefined } = {}): TimeListener {
  return {
    name: 'patient messages',
    async onTimeChange(tx, change) {
      const { visit, at: now } = change;
      const kind = visit ? messageChange(change) : null;
      if (!visit || !kind) return;
      if (kind === 'no-show-undone') return cancelNoShow(tx, visit.id, now);
      if (kind === 'reminders') {
        await cancelUnsent(tx, visit.id, visit.reminderChannel === 'none' ? 'consent withdrawn' : 'reminders changed', now);
        if (visit.reminderChannel === 'none') return;
      }
      await scheduleMessages(tx, visit, kind, { now, schedule: options.schedule, noNotice: change.course ? !change.course.first : false, byPatient: change.by === 'patient' });
    },
  };
}

/** What a change of a visit means for its messages, or null. */
function messageChange(change: TimeChange): MessageChange | 'no-show-undone' | null {
  const { visit, before } = change;
  switch (change.cause) {
    case 'booked':
      return visit?.status === 'booked' ? 'booked' : null;
    case 'moved':
      return 'moved';
    case 'cancelled':
      return before?.status === 'booked' ? 'cancelled' : null;
    case 'reminders':
      return 'reminders';
    case 'status':
      // The follow-up inviting to book again; cancelled unsent if staff take the no-show back.
      if (visit?.status === 'no_show') return 'no_show';
      return before?.status === 'no_show' ? 'no-show-undone' : null;
    default:
      return null;
  }
}
