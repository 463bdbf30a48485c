/**
 * When each message goes out, and by which channel: pure functions, times in Abuja (West
 * Africa Time, UTC+1 all year; Nigeria has no daylight saving time).
 *
 * Two windows in which nothing is scheduled:
 *  - Patients' quiet hours: no message between 21:00 and 07:00 WAT (any channel).
 *  - SMS only: nothing between 20:00 and 08:00 WAT. On the generic route MTN delivers no SMS
 *    then (the NCC rule against promotional SMS from 8 pm to 8 am; e.g.
 *    https://status.africastalking.com/incident/538/); the dnd route we use is exempt, but a
 *    message that might wait all night on a carrier is worse than one sent at 19:59.
 * So the blocked window is 21:00–07:00 for WhatsApp and e-mail, 20:00–08:00 for SMS (the SMS
 * window contains the quiet hours).
 *
 * The rule, exactly (`dueTime`):
 *  - confirmation: at the booking (max(bookedAt, now)); inside the channel's window, at the
 *    window's end (07:00, or 08:00 for SMS). Skipped if that is not before the visit.
 *  - change: the same, from the moment of the change (`now`).
 *  - cancellation: the same, never skipped (a late notice still saves a journey).
 *  - no_show: `noShowDelayMinutes` after the visit's start, or now if later; inside the
 *    window, at its end. Never skipped.
 *  - reminder `offset` before the visit:
 *     1. target = visitStart − offset.
 *     2. If target ≤ bookedAt (booked closer to the visit than the offset): skipped; the
 *        confirmation is the patient's notice.
 *     3. If target is inside the channel's window, it moves EARLIER, to `eveningLeadMinutes`
 *        (default 1) before the window began that evening: 20:59 the same evening for a
 *        target between 21:00 and midnight, 20:59 the previous evening for one between
 *        midnight and 07:00 (19:59 for SMS). A reminder never moves later, towards the visit.
 *     4. If that moved time is before the booking (someone booked at 23:00 for 08:30 the next
 *        morning): skipped; the confirmation goes at the window's end, later than any reminder
 *        could, so it serves as the reminder.
 *     5. If that time has already passed (computed late: the server was down): now, or the
 *        window's end if now is inside it; skipped if that is not before the visit.
 *  Everything returned is at or after `now`.
 */
import type { Channel, MessageKind } from './channel';
import { WAT_OFFSET_MS } from '../../shared/platform/clinic-time';
import { CHANNELS, isValidDestination } from './channel';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A daily window in WAT minutes since midnight, from `start` to `end` across midnight. */
export interface DailyWindow {
  start: number;
  end: number;
}

export interface ScheduleConfig {
  /** Reminders, in minutes before the visit (default 24 h and 2 h). */
  reminderOffsetsMinutes: readonly number[];
  /** No message to patients (default 21:00–07:00 WAT). */
  quietHours: DailyWindow;
  /** No SMS (default 20:00–08:00 WAT). */
  smsWindow: DailyWindow;
  /** A reminder moved out of a window goes this many minutes before the window starts (1: 20:59). */
  eveningLeadMinutes: number;
  /** The no-show follow-up, after the visit's start. */
  noShowDelayMinutes: number;
  /** Of two reminders due within this of each other, only the later one is kept (reminderPlan). */
  mergeRemindersWithinMinutes: number;
}

export const DEFAULT_SCHEDULE: ScheduleConfig = {
  reminderOffsetsMinutes: [24 * 60, 2 * 60],
  quietHours: { start: 21 * 60, end: 7 * 60 },
  smsWindow: { start: 20 * 60, end: 8 * 60 },
  eveningLeadMinutes: 1,
  noShowDelayMinutes: 3 * 60,
  mergeRemindersWithinMinutes: 60,
};

export type Due =
  | { at: Date; moved?: 'earlier' | 'later' }
  | { skip: 'booked-after-reminder-time' | 'covered-by-confirmation' | 'merged-with-later-reminder' | 'visit-started' };

/** The window a channel may not send in: SMS's contains the quiet hours. */
export const blockedWindow = (channel: Channel, config: ScheduleConfig = DEFAULT_SCHEDULE): DailyWindow =>
  channel === 'sms' ? union(config.smsWindow, config.quietHours) : config.quietHours;

// Both windows cross midnight, so their union is the earlier start to the later end.
function union(a: DailyWindow, b: DailyWindow): DailyWindow {
  const crosses = (w: DailyWindow) => w.start > w.end;
  if (!crosses(a) || !crosses(b)) throw new Error('windows must cross midnight');
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}

/** Milliseconds since midnight WAT, and that midnight as a UTC instant. */
function watDay(at: Date): { sinceMidnight: number; midnight: number } {
  const wat = at.getTime() + WAT_OFFSET_MS;
  const sinceMidnight = ((wat % DAY) + DAY) % DAY;
  return { sinceMidnight, midnight: at.getTime() - sinceMidnight };
}

export function isInWindow(at: Date, w: DailyWindow): boolean {
  const m = watDay(at).sinceMidnight;
  return w.start > w.end ? m >= w.start * MINUTE || m < w.end * MINUTE : m >= w.start * MINUTE && m < w.end * MINUTE;
}

/** Whether a channel may send at this moment. */
export const isAllowedAt = (channel: Channel, at: Date, config: ScheduleConfig = DEFAULT_SCHEDULE) => !isInWindow(at, blockedWindow(channel, config));

/** For a moment inside a window crossing midnight: when that occurrence began and ends. */
function occurrence(at: Date, w: DailyWindow): { start: Date; end: Date } {
  const { sinceMidnight, midnight } = watDay(at);
  // Before midnight: it began today and ends tomorrow; after midnight: began yesterday.
  const startDay = sinceMidnight >= w.start * MINUTE ? midnight : midnight - DAY;
  return { start: new Date(startDay + w.start * MINUTE), end: new Date(startDay + DAY + w.end * MINUTE) };
}

/** The first moment at or after `at` when the channel may send. */
export function nextAllowed(channel: Channel, at: Date, config: ScheduleConfig = DEFAULT_SCHEDULE): Date {
  const w = blockedWindow(channel, config);
  return isInWindow(at, w) ? occurrence(at, w).end : at;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** Forward out of the window; `moved` says whether it had to. */
function forward(channel: Channel, at: Date, config: ScheduleConfig): { at: Date; moved?: 'later' } {
  const allowed = nextAllowed(channel, at, config);
  return allowed.getTime() === at.getTime() ? { at } : { at: allowed, moved: 'later' };
}

/** A visit's messages (an offer's are due when its round makes it: server/messages/offers.ts). */
type VisitMessageKind = Exclude<MessageKind, 'offer' | 'offer_gone'>;

/**
 * When a message is due (see the rule at the top of this file). `bookedAt` is when the visit
 * was booked, or last moved (a reschedule plans its reminders afresh from that moment); `now`
 * is the moment of the computation, the event time for a change or cancellation.
 */
export function dueTime(kind: 'reminder', channel: Channel, visitStart: Date, bookedAt: Date, now: Date, config: ScheduleConfig, reminderOffsetMinutes: number): Due;
export function dueTime(kind: Exclude<VisitMessageKind, 'reminder'>, channel: Channel, visitStart: Date, bookedAt: Date, now: Date, config?: ScheduleConfig): Due;
export function dueTime(
  kind: VisitMessageKind,
  channel: Channel,
  visitStart: Date,
  bookedAt: Date,
  now: Date,
  config: ScheduleConfig = DEFAULT_SCHEDULE,
  reminderOffsetMinutes?: number,
): Due {
  switch (kind) {
    case 'confirmation':
    case 'change': {
      const due = forward(channel, later(kind === 'confirmation' ? bookedAt : now, now), config);
      return due.at.getTime() < visitStart.getTime() ? due : { skip: 'visit-started' };
    }
    case 'cancellation':
      return forward(channel, now, config);
    case 'no_show':
      return forward(channel, later(new Date(visitStart.getTime() + config.noShowDelayMinutes * MINUTE), now), config);
    case 'reminder': {
      if (reminderOffsetMinutes === undefined || !(reminderOffsetMinutes > 0)) throw new Error('a reminder needs its offset in minutes');
      const target = new Date(visitStart.getTime() - reminderOffsetMinutes * MINUTE);
      if (target.getTime() <= bookedAt.getTime()) return { skip: 'booked-after-reminder-time' };
      const w = blockedWindow(channel, config);
      let at = target;
      let moved: 'earlier' | undefined;
      if (isInWindow(target, w)) {
        at = new Date(occurrence(target, w).start.getTime() - config.eveningLeadMinutes * MINUTE);
        moved = 'earlier';
        if (at.getTime() < bookedAt.getTime()) return { skip: 'covered-by-confirmation' };
      }
      if (at.getTime() < now.getTime()) {
        const late = forward(channel, now, config);
        return late.at.getTime() < visitStart.getTime() ? late : { skip: 'visit-started' };
      }
      return moved ? { at, moved } : { at };
    }
  }
}

export interface PlannedReminder {
  offsetMinutes: number;
  due: Due;
}

/**
 * Every configured reminder of a visit, for the rows written with the booking. When two land
 * within `mergeRemindersWithinMinutes` of each other (a moved or late one), only the one
 * closer to the visit is kept: the other is skipped as merged.
 */
export function reminderPlan(channel: Channel, visitStart: Date, bookedAt: Date, now: Date, config: ScheduleConfig = DEFAULT_SCHEDULE): PlannedReminder[] {
  const offsets = [...new Set(config.reminderOffsetsMinutes)].sort((a, b) => b - a);
  const plan = offsets.map((offsetMinutes) => ({ offsetMinutes, due: dueTime('reminder', channel, visitStart, bookedAt, now, config, offsetMinutes) }));
  for (let i = 0; i < plan.length; i++) {
    const current = plan[i];
    if (!current || !('at' in current.due)) continue;
    const closer = plan.slice(i + 1).find((p) => 'at' in p.due);
    if (closer && 'at' in closer.due && closer.due.at.getTime() - current.due.at.getTime() < config.mergeRemindersWithinMinutes * MINUTE) {
      current.due = { skip: 'merged-with-later-reminder' };
    }
  }
  return plan;
}

// --- Which channel, in which order ------------------------------------------------------------

export interface Reachability {
  /** E.164, used for WhatsApp and SMS. */
  phone?: string | null;
  email?: string | null;
  /** The channels the patient agreed to be reminded on (the separate consent at booking). */
  consented: readonly Channel[];
  /** Channels the patient left (STOP, WhatsApp opt-out, an unsubscribe). */
  optedOut?: readonly Channel[];
  /** The channel the patient chose; tried first. */
  preferred?: Channel | null;
}

/** WhatsApp first (read first in Nigeria), then SMS, then e-mail (least read). */
export const CHANNEL_ORDER: readonly Channel[] = CHANNELS;

/**
 * The channels to try, in order: the patient's choice first, then WhatsApp → SMS → e-mail,
 * leaving out any without a usable destination, without consent, or opted out of. Empty
 * when the patient cannot (or must not) be reached.
 */
export function fallbackOrder(r: Reachability): Channel[] {
  const destination = (c: Channel) => (c === 'email' ? r.email : r.phone);
  const usable = (c: Channel) => r.consented.includes(c) && !(r.optedOut ?? []).includes(c) && isValidDestination(c, destination(c));
  const order = r.preferred ? [r.preferred, ...CHANNEL_ORDER.filter((c) => c !== r.preferred)] : [...CHANNEL_ORDER];
  return order.filter(usable);
}

/**
 * The channel to fall back to after `current` was refused, or null when none is left. Counted
 * in the full order (patient's choice, then WhatsApp → SMS → e-mail), so a channel that has just
 * been opted out of still marks the place: channels before it were already tried.
 */
export function nextChannel(r: Reachability, current: Channel): Channel | null {
  const usable = fallbackOrder(r);
  const order = r.preferred ? [r.preferred, ...CHANNEL_ORDER.filter((c) => c !== r.preferred)] : [...CHANNEL_ORDER];
  return order.slice(order.indexOf(current) + 1).find((c) => usable.includes(c)) ?? null;
}
