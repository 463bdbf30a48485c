import type { DayChoice, FreeTimesView } from '../../shared/booking/page-data';
import { addDays, daysBetween, lagosDate } from '../../shared/booking/time';
import type { VisitKind } from '../../shared/booking/types';
import type { BookingService } from './service';

/** Days shown at once: a week. */
export const WEEK_DAYS = 7;

export interface TimesChoice {
  serviceId: string;
  visitKind: VisitKind;
  practitionerId: string;
  /** The day asked for, or null. */
  date: string | null;
  /** The week's first day asked for (the earlier/later links), or null. */
  from: string | null;
  /** Moving a booking: its own time counts as free. */
  exceptAppointmentId?: number | null;
}

/**
 * The booking pages' days and times, computed from the rows as they are now (never cached):
 * a week from the day asked for (or today), each day with its free times, so that choosing
 * another day of the week shows its times in place, without asking the server again
 * (docs/first-view.md); the day shown first (the one asked for, else the week's first with any);
 * and, when the week ends on a day with nothing free, the next free day after the week.
 */
export async function freeTimesView(booking: BookingService, choice: TimesChoice, now: Date): Promise<FreeTimesView | { ok: false; reason: string }> {
  const today = lagosDate(now);
  const last = addDays(today, booking.rules.horizonDays);
  const clip = (d: string) => (d < today ? today : d > last ? last : d);
  const from = clip(choice.from ?? choice.date ?? today);
  const to = clip(addDays(from, WEEK_DAYS - 1));
  const query = { serviceId: choice.serviceId, visitKind: choice.visitKind, practitionerId: choice.practitionerId, exceptAppointmentId: choice.exceptAppointmentId ?? null };
  const found = await booking.freeTimes({ ...query, fromDate: from, toDate: to });
  if (!found.ok) return found;
  const byDate = new Map(found.days.map((d) => [d.date, d.slots]));
  const days: DayChoice[] = [];
  for (let i = 0; i <= daysBetween(from, to); i++) {
    const date = addDays(from, i);
    days.push({ date, times: (byDate.get(date) ?? []).map((s) => s.time) });
  }
  const asked = choice.date && choice.date >= from && choice.date <= to ? choice.date : null;
  const date = asked ?? days.find((d) => d.times.length > 0)?.date ?? null;
  // An empty day's next free day is a later day of the week, or, after the week's last day, this.
  let nextFreeDay: string | null = null;
  const after = addDays(to, 1);
  if (days.at(-1)?.times.length === 0 && after <= last) nextFreeDay = (await booking.nextFreeDay({ ...query, fromDate: after }))?.date ?? null;
  return {
    from,
    days,
    earlier: from > today ? clip(addDays(from, -WEEK_DAYS)) : null,
    later: to < last ? after : null,
    date,
    nextFreeDay,
    visitMinutes: found.visitMinutes,
  };
}
