import { and, asc, desc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { AppointmentView } from '../../shared/booking/results';
import { addDays, lagosMidnight } from '../../shared/booking/time';
import type { AppointmentStatus } from '../../shared/booking/types';
import type { Db } from '../platform/db/db';
import { toView } from './deps';
import { appointmentEvents, appointments } from './schema';

/** The staff calendar and the patient's account page: appointments as pages receive them. */

export interface CalendarRange {
  /** First and last Abuja day (inclusive): a day view is one, a week view seven. */
  fromDate: string;
  toDate: string;
  /** One practitioner, or the whole clinic. */
  practitionerId?: string | null;
  /** Default: every status but 'held' (a hold is a visitor typing, not a visit). */
  statuses?: readonly AppointmentStatus[];
}

const VISITS: readonly AppointmentStatus[] = ['booked', 'arrived', 'completed', 'no_show', 'cancelled'];

/** Appointments starting in the days of the range, in time order. */
export async function appointmentsBetween(db: Db, range: CalendarRange): Promise<AppointmentView[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        gte(appointments.startsAt, new Date(lagosMidnight(range.fromDate))),
        lt(appointments.startsAt, new Date(lagosMidnight(addDays(range.toDate, 1)))),
        range.practitionerId ? eq(appointments.practitionerId, range.practitionerId) : undefined,
        inArray(appointments.status, [...(range.statuses ?? VISITS)]),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.practitionerId));
  return rows.map(toView);
}

export interface AppointmentEventView {
  at: string;
  actor: string;
  action: string;
  fromStatus: AppointmentStatus | null;
  toStatus: AppointmentStatus | null;
  detail: Record<string, unknown>;
}

/** One appointment by its reference, with its history (oldest first), or null. */
export async function appointmentByReference(db: Db, reference: string): Promise<{ appointment: AppointmentView; events: AppointmentEventView[] } | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.reference, reference));
  if (!row) return null;
  const events = await db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, row.id)).orderBy(asc(appointmentEvents.at), asc(appointmentEvents.id));
  return {
    appointment: toView(row),
    events: events.map((e) => ({ at: e.at.toISOString(), actor: e.actor, action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus, detail: e.detail })),
  };
}

/** A signed-in patient's visits: upcoming (soonest first) and past (latest first), holds left out. */
export async function patientAppointments(db: Db, uid: string, now: Date, limit = 50): Promise<{ upcoming: AppointmentView[]; past: AppointmentView[] }> {
  const mine = and(eq(appointments.patientUid, uid), ne(appointments.status, 'held'));
  const [upcoming, past] = await Promise.all([
    db.select().from(appointments).where(and(mine, gte(appointments.startsAt, now))).orderBy(asc(appointments.startsAt)).limit(limit),
    db.select().from(appointments).where(and(mine, lt(appointments.startsAt, now))).orderBy(desc(appointments.startsAt)).limit(limit),
  ]);
  return { upcoming: upcoming.map(toView), past: past.map(toView) };
}
