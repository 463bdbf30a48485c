import { and, asc, eq, sql } from 'drizzle-orm';
import type { BookingRules } from '../../shared/booking/rules';
import { addDays, DAY_MS, lagosDate, lagosMidnight, minutesOf, MINUTE_MS } from '../../shared/booking/time';
import { ACTIVE_STATUSES, type FreeDay, type FreeSlot, type VisitKind } from '../../shared/booking/types';
import { practitioners, practitionerServices, services } from '../clinic/schema';
import { queryRows, type Db, type Tx } from '../platform/db/db';
import { freeDays, firstFreeDay, nearestSlots, type AvailabilityInput, type BusyRange, type Span, type SlotQuery } from './availability';
import type { Break, ExceptionKind } from './schema';

/**
 * Free times from the database: one service's facts, who gives it, their plans, exceptions,
 * the closures and the busy ranges of the whole window in one statement, and the rest in
 * memory (availability.ts). Never cached: each call reads the rows as they are now.
 */

export interface FreeTimesQuery {
  serviceId: string;
  visitKind: VisitKind;
  /** A practitioner's id, or 'any' / null for everyone who gives the service. */
  practitionerId?: string | null;
  /** First and last day (Abuja dates, inclusive); clipped to today and the horizon. */
  fromDate: string;
  toDate: string;
  locationId?: string | null;
  /** Staff: no minimum notice and no horizon (a phone booking for later today). */
  asStaff?: boolean;
  /** An appointment whose own time counts as free (moving it). */
  exceptAppointmentId?: number | null;
}

export interface ServiceFacts {
  id: string;
  firstVisitMinutes: number;
  followUpMinutes: number;
  bufferMinutes: number;
}

export type Loaded = { ok: true; service: ServiceFacts; visitMinutes: number; input: AvailabilityInput } | { ok: false; reason: 'unknown-service' | 'unknown-practitioner' | 'service-not-given' };

export type FreeTimesResult = { ok: true; days: FreeDay[]; visitMinutes: number; bufferMinutes: number } | { ok: false; reason: 'unknown-service' | 'unknown-practitioner' | 'service-not-given' };

const spanOf = (starts: string, ends: string): Span => ({ start: minutesOf(starts), end: minutesOf(ends) });
const breaksOf = (breaks: readonly Break[]): Span[] => breaks.map((b) => spanOf(b.start, b.end));

/** The service and who may be booked for it (bookable, giving it; one or all), in display order. */
export async function loadPractitionersFor(db: Db | Tx, serviceId: string, practitionerId: string | null) {
  const [service] = await db
    .select({ id: services.id, firstVisitMinutes: services.firstVisitMinutes, followUpMinutes: services.followUpMinutes, bufferMinutes: services.bufferMinutes })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!service) return { ok: false, reason: 'unknown-service' } as const;
  const rows = await db
    // A practitioner hidden from the site (shared/clinic/team.ts) takes no new bookings.
    .select({ id: practitioners.id, bookable: sql<boolean>`${practitioners.bookable} AND ${practitioners.visible}`, gives: sql<boolean>`${practitionerServices.serviceId} IS NOT NULL` })
    .from(practitioners)
    .leftJoin(practitionerServices, and(eq(practitionerServices.practitionerId, practitioners.id), eq(practitionerServices.serviceId, serviceId)))
    .where(practitionerId ? eq(practitioners.id, practitionerId) : and(eq(practitioners.bookable, true), eq(practitioners.visible, true)))
    .orderBy(asc(practitioners.sort), asc(practitioners.id));
  return whoMayBeBooked(service, rows, practitionerId);
}

function whoMayBeBooked(service: ServiceFacts | undefined | null, rows: readonly { id: string; bookable: boolean; gives: boolean }[], practitionerId: string | null) {
  if (!service) return { ok: false, reason: 'unknown-service' } as const;
  if (practitionerId) {
    const one = rows[0];
    if (!one || !one.bookable) return { ok: false, reason: 'unknown-practitioner' } as const;
    if (!one.gives) return { ok: false, reason: 'service-not-given' } as const;
  }
  return { ok: true, service, practitionerIds: rows.filter((r) => r.bookable && r.gives).map((r) => r.id) } as const;
}

/** One row of the loader's answer: small sets as JSON arrays, the busy ranges as one text. */
interface LoadedRow {
  service: { id: string; first_visit_minutes: number; follow_up_minutes: number; buffer_minutes: number } | null;
  /** [id, bookable, gives], in display order. */
  who: [string, boolean, boolean][] | null;
  /** [practitioner, location, weekday, starts, ends, breaks, validFrom, validTo]. */
  plans: [string, string, number, string, string, Break[], string, string | null][] | null;
  /** [practitioner, date, kind, location, starts, ends, breaks]. */
  exceptions: [string, string, ExceptionKind, string | null, string | null, string | null, Break[]][] | null;
  /** [location, date, starts, ends]. */
  closures: [string | null, string, string | null, string | null][] | null;
  /** "practitioner fromMs toMs,…": hundreds of ranges as one value (PGlite pays per row, node-postgres per field). */
  busy: string | null;
}

const ids = (list: readonly string[]) => sql.join(list.map((s) => sql`${s}`), sql`, `);

/**
 * Everything the pure core needs for the window in one statement, so one round trip (and, in
 * the booking transaction, no queue of queries on its one connection): the service, who gives
 * it, their plans, exceptions, the closures and the busy ranges. The busy ranges are read through
 * the exclusion constraint's GiST index (practitioner, range). A lapsed hold is not busy (the
 * booking transaction deletes it when it stands in the way).
 */
export async function loadAvailability(db: Db | Tx, query: FreeTimesQuery, now: Date): Promise<Loaded> {
  const one = query.practitionerId && query.practitionerId !== 'any' ? query.practitionerId : null;
  // The busy ranges of the window and a day either side: a buffer may cross midnight.
  const from = new Date(lagosMidnight(query.fromDate) - DAY_MS).toISOString();
  const to = new Date(lagosMidnight(addDays(query.toDate, 2))).toISOString();
  const [row] = await queryRows<LoadedRow>(
    db,
    sql`WITH who AS (
          SELECT p.id, p.bookable AND p.visible AS bookable, ps.service_id IS NOT NULL AS gives, p.sort
          FROM practitioners p
          LEFT JOIN practitioner_services ps ON ps.practitioner_id = p.id AND ps.service_id = ${query.serviceId}
          WHERE ${one ? sql`p.id = ${one}` : sql`p.bookable AND p.visible`}
        ),
        ids AS (SELECT id FROM who WHERE bookable AND gives)
        SELECT
          (SELECT json_build_object('id', id, 'first_visit_minutes', first_visit_minutes, 'follow_up_minutes', follow_up_minutes, 'buffer_minutes', buffer_minutes)
             FROM services WHERE id = ${query.serviceId}) AS service,
          (SELECT json_agg(json_build_array(id, bookable, gives) ORDER BY sort, id) FROM who) AS who,
          (SELECT json_agg(json_build_array(w.practitioner_id, w.location_id, w.weekday, left(w.starts::text, 5), left(w.ends::text, 5), w.breaks, w.valid_from, w.valid_to))
             FROM working_plans w JOIN locations l ON l.id = w.location_id AND l.status = 'open'
             WHERE w.practitioner_id IN (SELECT id FROM ids) AND w.valid_from <= ${query.toDate}::date AND (w.valid_to IS NULL OR w.valid_to > ${query.fromDate}::date)) AS plans,
          (SELECT json_agg(json_build_array(e.practitioner_id, e.on_date, e.kind, e.location_id, left(e.starts::text, 5), left(e.ends::text, 5), e.breaks))
             FROM schedule_exceptions e
             WHERE e.practitioner_id IN (SELECT id FROM ids) AND e.on_date BETWEEN ${query.fromDate}::date AND ${query.toDate}::date AND e.removed_at IS NULL) AS exceptions,
          (SELECT json_agg(json_build_array(c.location_id, c.on_date, left(c.starts::text, 5), left(c.ends::text, 5)))
             FROM closures c WHERE c.on_date BETWEEN ${query.fromDate}::date AND ${query.toDate}::date AND c.removed_at IS NULL) AS closures,
          (SELECT string_agg(a.practitioner_id || ' ' || (extract(epoch FROM lower(a.blocked)) * 1000)::bigint || ' ' || (extract(epoch FROM upper(a.blocked)) * 1000)::bigint, ',')
             FROM appointments a
             WHERE a.practitioner_id IN (SELECT id FROM ids)
               AND a.blocked && tstzrange(${from}::timestamptz, ${to}::timestamptz)
               AND a.status IN (${ids(ACTIVE_STATUSES)})
               AND (a.status <> 'held' OR a.hold_expires_at > ${now.toISOString()}::timestamptz)
               ${query.exceptAppointmentId ? sql`AND a.id <> ${query.exceptAppointmentId}` : sql``}) AS busy`,
  );
  const s = row?.service;
  const service = s ? { id: s.id, firstVisitMinutes: s.first_visit_minutes, followUpMinutes: s.follow_up_minutes, bufferMinutes: s.buffer_minutes } : null;
  const who = whoMayBeBooked(service, (row?.who ?? []).map(([id, bookable, gives]) => ({ id, bookable, gives })), one);
  if (!who.ok) return who;
  const visitMinutes = query.visitKind === 'first' ? who.service.firstVisitMinutes : who.service.followUpMinutes;
  const busy: BusyRange[] = [];
  for (const item of row?.busy ? row.busy.split(',') : []) {
    const [practitionerId, fromMs, toMs] = item.split(' ') as [string, string, string];
    busy.push({ practitionerId, from: Number(fromMs), to: Number(toMs) });
  }
  return {
    ok: true,
    service: who.service,
    visitMinutes,
    input: {
      practitionerIds: who.practitionerIds,
      plans: (row?.plans ?? []).map(([practitionerId, locationId, weekday, starts, ends, breaks, validFrom, validTo]) => ({ practitionerId, locationId, weekday, ...spanOf(starts, ends), breaks: breaksOf(breaks), validFrom, validTo })),
      exceptions: (row?.exceptions ?? []).map(([practitionerId, date, kind, locationId, starts, ends, breaks]) => ({ practitionerId, date, kind, locationId, span: starts && ends ? spanOf(starts, ends) : null, breaks: breaksOf(breaks) })),
      closures: (row?.closures ?? []).map(([locationId, date, starts, ends]) => ({ locationId, date, span: starts && ends ? spanOf(starts, ends) : null })),
      busy,
    },
  };
}

/** The limits the rules set for a visitor (or staff) at `now`. */
export function ruleLimits(rules: BookingRules, now: Date, asStaff = false): Pick<SlotQuery, 'earliestStart' | 'lastDate'> & { today: string } {
  const today = lagosDate(now);
  return {
    today,
    earliestStart: now.getTime() + (asStaff ? 0 : rules.minNoticeMinutes * MINUTE_MS),
    lastDate: asStaff ? null : addDays(today, rules.horizonDays),
  };
}

/** Free times of one service over a range of days (clipped to today and the horizon). */
export async function freeTimes(db: Db | Tx, query: FreeTimesQuery, rules: BookingRules, now: Date): Promise<FreeTimesResult> {
  const limits = ruleLimits(rules, now, query.asStaff);
  const fromDate = query.fromDate < limits.today ? limits.today : query.fromDate;
  const toDate = limits.lastDate !== null && query.toDate > limits.lastDate ? limits.lastDate : query.toDate;
  if (toDate < fromDate) {
    const service = await loadPractitionersFor(db, query.serviceId, query.practitionerId && query.practitionerId !== 'any' ? query.practitionerId : null);
    if (!service.ok) return service;
    return { ok: true, days: [], visitMinutes: query.visitKind === 'first' ? service.service.firstVisitMinutes : service.service.followUpMinutes, bufferMinutes: service.service.bufferMinutes };
  }
  const loaded = await loadAvailability(db, { ...query, fromDate, toDate }, now);
  if (!loaded.ok) return loaded;
  const days = freeDays(loaded.input, {
    fromDate,
    toDate,
    visitMinutes: loaded.visitMinutes,
    bufferMinutes: loaded.service.bufferMinutes,
    stepMinutes: rules.slotStepMinutes,
    earliestStart: limits.earliestStart,
    lastDate: limits.lastDate,
    locationId: query.locationId ?? null,
  });
  return { ok: true, days, visitMinutes: loaded.visitMinutes, bufferMinutes: loaded.service.bufferMinutes };
}

/** Days searched at a time by `nextFreeDay`: most searches end in the first chunk. */
const CHUNK_DAYS = 14;

/** The first day on or after `fromDate` with a free time (up to the horizon), or null. */
export async function nextFreeDay(db: Db | Tx, query: Omit<FreeTimesQuery, 'toDate'>, rules: BookingRules, now: Date): Promise<FreeDay | null> {
  const limits = ruleLimits(rules, now, query.asStaff);
  const end = limits.lastDate ?? addDays(limits.today, 366);
  for (let from = query.fromDate < limits.today ? limits.today : query.fromDate; from <= end; from = addDays(from, CHUNK_DAYS)) {
    const to = addDays(from, CHUNK_DAYS - 1);
    const result = await freeTimes(db, { ...query, fromDate: from, toDate: to < end ? to : end }, rules, now);
    if (!result.ok) return null;
    const day = firstFreeDay(result.days);
    if (day) return day;
  }
  return null;
}

/** The `n` free times nearest to `wanted` (three days before to a week after it, then later up to the horizon). */
export async function nearestFreeTimes(db: Db | Tx, query: Omit<FreeTimesQuery, 'fromDate' | 'toDate'>, wanted: Date, rules: BookingRules, now: Date, n = 3): Promise<FreeSlot[]> {
  const day = lagosDate(wanted);
  const near = await freeTimes(db, { ...query, fromDate: addDays(day, -3), toDate: addDays(day, 7) }, rules, now);
  if (!near.ok) return [];
  const slots = nearestSlots(near.days, wanted.getTime(), n);
  if (slots.length >= n) return slots;
  const later = await nextFreeDay(db, { ...query, fromDate: addDays(day, 8) }, rules, now);
  return later ? [...slots, ...later.slots.slice(0, n - slots.length)] : slots;
}
