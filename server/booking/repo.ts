import { and, asc, eq, inArray, isNull, lte, gte, or, gt, sql } from 'drizzle-orm';
import type { BookingRules } from '../../shared/booking/rules';
import { addDays, DAY_MS, lagosDate, lagosMidnight, minutesOf, MINUTE_MS } from '../../shared/booking/time';
import { ACTIVE_STATUSES, type FreeDay, type FreeSlot, type VisitKind } from '../../shared/booking/types';
import { locations, practitioners, practitionerServices, services } from '../clinic/schema';
import { queryRows, type Db, type Tx } from '../platform/db/db';
import { freeDays, firstFreeDay, nearestSlots, type AvailabilityInput, type Span, type SlotQuery } from './availability';
import { closures, scheduleExceptions, workingPlans, type Break } from './schema';

/**
 * Free times from the database: one service's facts and who gives it, then the plans,
 * exceptions, closures and busy ranges of the whole window in four queries, and the rest in
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
    .select({ id: practitioners.id, bookable: practitioners.bookable, gives: sql<boolean>`${practitionerServices.serviceId} IS NOT NULL` })
    .from(practitioners)
    .leftJoin(practitionerServices, and(eq(practitionerServices.practitionerId, practitioners.id), eq(practitionerServices.serviceId, serviceId)))
    .where(practitionerId ? eq(practitioners.id, practitionerId) : eq(practitioners.bookable, true))
    .orderBy(asc(practitioners.sort), asc(practitioners.id));
  if (practitionerId) {
    const one = rows[0];
    if (!one || !one.bookable) return { ok: false, reason: 'unknown-practitioner' } as const;
    if (!one.gives) return { ok: false, reason: 'service-not-given' } as const;
  }
  return { ok: true, service, practitionerIds: rows.filter((r) => r.bookable && r.gives).map((r) => r.id) } as const;
}

type Results<T extends readonly (() => PromiseLike<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * The queries at once on the pool (each on a connection of its own), or one after the other in
 * a transaction, whose single connection would only queue them (node-postgres warns about that).
 */
async function inTurn<T extends readonly (() => PromiseLike<unknown>)[]>(db: Db | Tx, queries: T): Promise<Results<T>> {
  // Drizzle's transactions have rollback(); the database object has not.
  if (typeof (db as { rollback?: unknown }).rollback !== 'function') return (await Promise.all(queries.map((q) => q()))) as Results<T>;
  const out: unknown[] = [];
  for (const q of queries) out.push(await q());
  return out as Results<T>;
}

/** Everything the pure core needs for the window, in four queries after the service's. */
export async function loadAvailability(db: Db | Tx, query: FreeTimesQuery, now: Date): Promise<Loaded> {
  const one = query.practitionerId && query.practitionerId !== 'any' ? query.practitionerId : null;
  const who = await loadPractitionersFor(db, query.serviceId, one);
  if (!who.ok) return who;
  const ids = who.practitionerIds;
  const visitMinutes = query.visitKind === 'first' ? who.service.firstVisitMinutes : who.service.followUpMinutes;
  if (!ids.length) return { ok: true, service: who.service, visitMinutes, input: { practitionerIds: [], plans: [], exceptions: [], closures: [], busy: [] } };
  // The busy ranges of the window and a day either side: a buffer may cross midnight.
  const from = new Date(lagosMidnight(query.fromDate) - DAY_MS);
  const to = new Date(lagosMidnight(addDays(query.toDate, 2)));
  const [plans, exceptions, closed, busy] = await inTurn(db, [
    () =>
        db
        .select({ practitionerId: workingPlans.practitionerId, locationId: workingPlans.locationId, weekday: workingPlans.weekday, starts: workingPlans.starts, ends: workingPlans.ends, breaks: workingPlans.breaks, validFrom: workingPlans.validFrom, validTo: workingPlans.validTo })
        .from(workingPlans)
        .innerJoin(locations, and(eq(locations.id, workingPlans.locationId), eq(locations.status, 'open')))
        .where(and(inArray(workingPlans.practitionerId, ids), lte(workingPlans.validFrom, query.toDate), or(isNull(workingPlans.validTo), gt(workingPlans.validTo, query.fromDate)))),
    () =>
        db
        .select({ practitionerId: scheduleExceptions.practitionerId, date: scheduleExceptions.onDate, kind: scheduleExceptions.kind, locationId: scheduleExceptions.locationId, starts: scheduleExceptions.starts, ends: scheduleExceptions.ends, breaks: scheduleExceptions.breaks })
        .from(scheduleExceptions)
        .where(and(inArray(scheduleExceptions.practitionerId, ids), gte(scheduleExceptions.onDate, query.fromDate), lte(scheduleExceptions.onDate, query.toDate), isNull(scheduleExceptions.removedAt))),
    () =>
        db
        .select({ locationId: closures.locationId, date: closures.onDate, starts: closures.starts, ends: closures.ends })
        .from(closures)
        .where(and(gte(closures.onDate, query.fromDate), lte(closures.onDate, query.toDate), isNull(closures.removedAt))),
    // Epoch milliseconds straight from the database: no Date parsing per row. A lapsed hold
    // is not busy (the booking transaction deletes it when it stands in the way).
    () =>
      queryRows<{ practitioner_id: string; from_ms: number; to_ms: number }>(
        db,
        sql`SELECT practitioner_id, (extract(epoch FROM lower(blocked)) * 1000)::float8 AS from_ms, (extract(epoch FROM upper(blocked)) * 1000)::float8 AS to_ms
            FROM appointments
            WHERE practitioner_id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
              AND blocked && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)
              AND status IN (${sql.join(
                ACTIVE_STATUSES.map((s) => sql`${s}`),
                sql`, `,
              )})
              AND (status <> 'held' OR hold_expires_at > ${now.toISOString()}::timestamptz)
              ${query.exceptAppointmentId ? sql`AND id <> ${query.exceptAppointmentId}` : sql``}`,
      ),
  ] as const);
  return {
    ok: true,
    service: who.service,
    visitMinutes,
    input: {
      practitionerIds: ids,
      plans: plans.map((p) => ({ practitionerId: p.practitionerId, locationId: p.locationId, weekday: p.weekday, ...spanOf(p.starts, p.ends), breaks: breaksOf(p.breaks), validFrom: p.validFrom, validTo: p.validTo })),
      exceptions: exceptions.map((e) => ({ practitionerId: e.practitionerId, date: e.date, kind: e.kind, locationId: e.locationId, span: e.starts && e.ends ? spanOf(e.starts, e.ends) : null, breaks: breaksOf(e.breaks) })),
      closures: closed.map((c) => ({ locationId: c.locationId, date: c.date, span: c.starts && c.ends ? spanOf(c.starts, c.ends) : null })),
      busy: busy.map((b) => ({ practitionerId: b.practitioner_id, from: Number(b.from_ms), to: Number(b.to_ms) })),
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
