import { and, asc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { addDays, isDate, lagosDate, lagosMidnight, lagosMoment, lagosTime, minutesOf, weekdayOf } from '../../shared/booking/time';
import { ACTIVE_STATUSES } from '../../shared/booking/types';
import { parseClock } from '../../shared/platform/parse';
import { locations, openingHours, practitioners } from '../clinic/schema';
import type { Db, Tx } from '../platform/db/db';
import { clock, type BookingDeps } from './deps';
import { appointments, closures, scheduleExceptions, workingPlans, type Break, type ExceptionKind } from './schema';
import { hoursChange, timeChanged, type TimeChange, type TimeSpan } from './time-changes';

/**
 * Staff keep the practitioners' time here: the weekly plan per location, one-day exceptions
 * and clinic closures. Nothing is edited in place: a new week closes the rows it replaces
 * (valid_to, closed_by) and adds its own, exceptions and closures are removed softly, so every
 * row is also the history of who changed what and when. Each change is one transaction that
 * first locks the practitioner's row, so two staff editing one week never interleave, and says
 * the hours it gained (freed) and lost (taken) to the change-of-time listeners (time-changes.ts).
 */

export interface StaffActor {
  uid: string;
  name: string;
}

export interface WeekInterval {
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  starts: string;
  ends: string;
  breaks?: readonly Break[];
}

export type PlanResult<T = object> = ({ ok: true } & T) | { ok: false; reason: 'invalid'; message: string } | { ok: false; reason: 'unknown-practitioner' | 'unknown-location' | 'not-found' };

const isClock = (v: string) => parseClock(v, { endOfDay: true }) !== null;
const invalid = (message: string) => ({ ok: false, reason: 'invalid', message }) as const;

/** A working interval and its breaks as they must be: well formed, breaks inside and apart. */
function checkInterval(starts: string, ends: string, breaks: readonly Break[], what: string): string | null {
  if (!isClock(starts) || !isClock(ends)) return `${what}: times are HH:MM, e.g. 09:00.`;
  if (minutesOf(ends) <= minutesOf(starts)) return `${what}: the end must be after the start.`;
  const sorted = [...breaks].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  let last = minutesOf(starts);
  for (const b of sorted) {
    if (!isClock(b.start) || !isClock(b.end) || minutesOf(b.end) <= minutesOf(b.start)) return `${what}: a break must have a start before its end.`;
    if (minutesOf(b.start) <= last || minutesOf(b.end) >= minutesOf(ends)) return `${what}: breaks must be inside the working time and apart.`;
    last = minutesOf(b.end);
  }
  return null;
}

const overlaps = (a: { starts: string; ends: string }, b: { starts: string; ends: string }) => minutesOf(a.starts) < minutesOf(b.ends) && minutesOf(b.starts) < minutesOf(a.ends);
const hhmm = (t: string) => t.slice(0, 5);

/** The minutes a week works, as weekday × 1440 + minute of the day (breaks left out). */
function weekMinutes(intervals: readonly WeekInterval[]): Set<number> {
  const minutes = new Set<number>();
  for (const i of intervals) {
    for (let m = minutesOf(i.starts); m < minutesOf(i.ends); m++) {
      if (!(i.breaks ?? []).some((b) => minutesOf(b.start) <= m && m < minutesOf(b.end))) minutes.add(i.weekday * 1440 + m);
    }
  }
  return minutes;
}

/** A day's hours (the whole day without times) for one practitioner, or everyone (null), at one location or all (null). */
function daySpan(practitionerId: string | null, locationId: string | null, date: string, starts: string | null, ends: string | null): TimeSpan {
  return starts && ends
    ? { practitionerId, locationId, from: new Date(lagosMoment(date, hhmm(starts))), to: new Date(lagosMoment(date, hhmm(ends))) }
    : { practitionerId, locationId, from: new Date(lagosMidnight(date)), to: new Date(lagosMidnight(addDays(date, 1))) };
}

/** What an exception does to the day: time off takes it; extra hours free theirs; a different plan does both. */
function exceptionSpans(e: { practitionerId: string; onDate: string; kind: ExceptionKind; locationId: string | null; starts: string | null; ends: string | null }) {
  const hours = daySpan(e.practitionerId, e.locationId, e.onDate, e.starts, e.ends);
  if (e.kind === 'time_off') return { freed: [], taken: [hours] };
  if (e.kind === 'extra_hours') return { freed: [hours], taken: [] };
  return { freed: [hours], taken: [daySpan(e.practitionerId, null, e.onDate, null, null)] };
}

async function lockPractitioner(tx: Tx, practitionerId: string) {
  const [row] = await tx.select({ id: practitioners.id, bookable: practitioners.bookable }).from(practitioners).where(eq(practitioners.id, practitionerId)).for('update');
  return row ?? null;
}

/**
 * Sets a practitioner's week at one location from a date on (today or later): the rows valid
 * then are closed, the new ones added. Each interval lies inside the location's opening hours
 * and overlaps neither another of the same day nor the practitioner's week elsewhere. Answers
 * the booked visits from that date that the new week no longer covers, for staff to move.
 */
export async function setWorkingWeek(
  deps: BookingDeps,
  input: { practitionerId: string; locationId: string; validFrom: string; intervals: readonly WeekInterval[] },
  actor: StaffActor,
): Promise<PlanResult<{ outsidePlan: { reference: string; startsAt: string }[] }>> {
  const now = clock(deps);
  if (!isDate(input.validFrom) || input.validFrom < lagosDate(now)) return invalid('The new week starts today or later.');
  for (const i of input.intervals) {
    if (!Number.isInteger(i.weekday) || i.weekday < 0 || i.weekday > 6) return invalid('Days are 0 (Sunday) to 6 (Saturday).');
    const problem = checkInterval(i.starts, i.ends, i.breaks ?? [], `Day ${i.weekday}`);
    if (problem) return invalid(problem);
  }
  for (const [n, a] of input.intervals.entries()) {
    for (const b of input.intervals.slice(n + 1)) if (a.weekday === b.weekday && overlaps(a, b)) return invalid(`Day ${a.weekday}: two working times overlap.`);
  }
  return deps.store.db.transaction(async (tx) => {
    const person = await lockPractitioner(tx, input.practitionerId);
    if (!person || !person.bookable) return { ok: false, reason: 'unknown-practitioner' } as const;
    const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId));
    if (!location) return { ok: false, reason: 'unknown-location' } as const;
    const hours = await tx.select().from(openingHours).where(eq(openingHours.locationId, input.locationId));
    for (const i of input.intervals) {
      const fits = hours.some((h) => h.weekday === i.weekday && minutesOf(hhmm(h.opens)) <= minutesOf(i.starts) && minutesOf(i.ends) <= minutesOf(hhmm(h.closes)));
      if (!fits) return invalid(`Day ${i.weekday}: ${i.starts}–${i.ends} is outside the location's opening hours.`);
    }
    const elsewhere = await tx
      .select()
      .from(workingPlans)
      .where(and(eq(workingPlans.practitionerId, input.practitionerId), ne(workingPlans.locationId, input.locationId), or(isNull(workingPlans.validTo), gt(workingPlans.validTo, input.validFrom))));
    for (const i of input.intervals) {
      const clash = elsewhere.find((p) => p.weekday === i.weekday && overlaps(i, { starts: hhmm(p.starts), ends: hhmm(p.ends) }));
      if (clash) return invalid(`Day ${i.weekday}: ${i.starts}–${i.ends} overlaps the week at ${clash.locationId}.`);
    }
    const closedAt = now;
    // Rows that began before the date end on it; rows that would only have begun on or after
    // it are superseded before they began (valid_to = valid_from).
    const replaced = await tx
      .update(workingPlans)
      .set({ validTo: sql`greatest(${workingPlans.validFrom}, ${input.validFrom}::date)`, closedAt, closedBy: actor.uid })
      .where(and(eq(workingPlans.practitionerId, input.practitionerId), eq(workingPlans.locationId, input.locationId), isNull(workingPlans.validTo)))
      .returning({ weekday: workingPlans.weekday, starts: workingPlans.starts, ends: workingPlans.ends, breaks: workingPlans.breaks });
    if (input.intervals.length) {
      await tx.insert(workingPlans).values(
        input.intervals.map((i) => ({ practitionerId: input.practitionerId, locationId: input.locationId, weekday: i.weekday, starts: i.starts, ends: i.ends, breaks: [...(i.breaks ?? [])], validFrom: input.validFrom, createdBy: actor.uid })),
      );
    }
    const before = weekMinutes(replaced.map((r) => ({ ...r, starts: hhmm(r.starts), ends: hhmm(r.ends) })));
    const after = weekMinutes(input.intervals);
    const from: TimeSpan = { practitionerId: input.practitionerId, locationId: input.locationId, from: new Date(lagosMidnight(input.validFrom)), to: null };
    const gained = [...after].some((m) => !before.has(m));
    const lost = [...before].some((m) => !after.has(m));
    if (gained || lost) await timeChanged(tx, deps, hoursChange('plan', { freed: gained ? [from] : [], taken: lost ? [from] : [] }, now));
    const booked = await tx
      .select({ reference: appointments.reference, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.practitionerId, input.practitionerId),
          eq(appointments.locationId, input.locationId),
          inArray(appointments.status, ACTIVE_STATUSES),
          gte(appointments.startsAt, new Date(lagosMoment(input.validFrom, 0))),
        ),
      )
      .orderBy(asc(appointments.startsAt));
    const covered = (start: Date, end: Date) => {
      const from = lagosTime(start);
      const to = lagosDate(end) === lagosDate(start) ? lagosTime(end) : '24:00';
      return input.intervals.some(
        (i) => i.weekday === weekdayOf(lagosDate(start)) && minutesOf(i.starts) <= minutesOf(from) && minutesOf(to) <= minutesOf(i.ends) && !(i.breaks ?? []).some((b) => overlaps({ starts: from, ends: to }, { starts: b.start, ends: b.end })),
      );
    };
    return { ok: true, outsidePlan: booked.filter((b) => !covered(b.startsAt, b.endsAt)).map((b) => ({ reference: b.reference, startsAt: b.startsAt.toISOString() })) } as const;
  });
}

export interface ExceptionInput {
  practitionerId: string;
  date: string;
  kind: ExceptionKind;
  /** Where the extra or replacing hours are; not for time off. */
  locationId?: string | null;
  /** Both or neither (time off for the whole day). */
  starts?: string | null;
  ends?: string | null;
  breaks?: readonly Break[];
  /** For staff only ("training", "conference"); never shown to patients. */
  note?: string | null;
}

/** Adds one day's exception (time off, extra hours, a different plan for the day). */
export async function addException(deps: BookingDeps, input: ExceptionInput, actor: StaffActor): Promise<PlanResult<{ id: number }>> {
  if (!isDate(input.date)) return invalid('Please give the day as 2026-12-01.');
  const hasTimes = Boolean(input.starts || input.ends);
  if (input.kind !== 'time_off' && (!hasTimes || !input.locationId)) return invalid('Extra hours and a different plan need a start, an end and a location.');
  if (hasTimes) {
    const problem = checkInterval(input.starts ?? '', input.ends ?? '', input.breaks ?? [], 'The exception');
    if (problem) return invalid(problem);
  }
  if (input.note && input.note.length > 200) return invalid('Please keep the note under 200 characters.');
  return deps.store.db.transaction(async (tx) => {
    const person = await lockPractitioner(tx, input.practitionerId);
    if (!person) return { ok: false, reason: 'unknown-practitioner' } as const;
    if (input.kind !== 'time_off') {
      const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId!));
      if (!location) return { ok: false, reason: 'unknown-location' } as const;
    }
    const [row] = await tx
      .insert(scheduleExceptions)
      .values({
        practitionerId: input.practitionerId,
        onDate: input.date,
        kind: input.kind,
        locationId: input.kind === 'time_off' ? null : input.locationId!,
        starts: hasTimes ? input.starts! : null,
        ends: hasTimes ? input.ends! : null,
        breaks: input.kind === 'time_off' ? [] : [...(input.breaks ?? [])],
        note: input.note || null,
        createdBy: actor.uid,
      })
      .returning();
    await timeChanged(tx, deps, hoursChange('exception-added', exceptionSpans(row!), clock(deps)));
    return { ok: true, id: row!.id } as const;
  });
}

/** Removes an exception softly (it stays in the history): what it took is free again, and what it gave is not. */
export function removeException(deps: BookingDeps, id: number, actor: StaffActor): Promise<PlanResult> {
  return removeSoftly(deps, scheduleExceptions, id, actor, (row) => {
    const { freed, taken } = exceptionSpans(row);
    return hoursChange('exception-removed', { freed: taken, taken: freed }, clock(deps));
  });
}

/** Removes a row softly (it stays in the history) and says what its removal changed, in one transaction. */
async function removeSoftly<T extends typeof scheduleExceptions | typeof closures>(deps: BookingDeps, table: T, id: number, actor: StaffActor, change: (row: T['$inferSelect']) => TimeChange): Promise<PlanResult> {
  return deps.store.db.transaction(async (tx) => {
    const [row] = (await tx
      .update(table)
      .set({ removedAt: sql`now()`, removedBy: actor.uid } as PgUpdateSetSource<T>)
      .where(and(eq(table.id, id), isNull(table.removedAt)))
      .returning()) as T['$inferSelect'][];
    if (!row) return { ok: false, reason: 'not-found' } as const;
    await timeChanged(tx, deps, change(row));
    return { ok: true } as const;
  });
}

export interface ClosureInput {
  /** null: every location (a public holiday). */
  locationId: string | null;
  date: string;
  starts?: string | null;
  ends?: string | null;
  /** "Eid al-Fitr", "Staff training". */
  name: string;
}

/** Closes the clinic (or one location) for a day or part of one, e.g. the year's Islamic holidays once declared. */
export async function addClosure(deps: BookingDeps, input: ClosureInput, actor: StaffActor): Promise<PlanResult<{ id: number }>> {
  if (!isDate(input.date)) return invalid('Please give the day as 2026-12-01.');
  const name = input.name.trim();
  if (!name || name.length > 120) return invalid('Please name the closure (up to 120 characters).');
  // One time given is a time that must be right, never a whole day closed by a slip.
  const hasTimes = Boolean(input.starts || input.ends);
  if (hasTimes) {
    const problem = checkInterval(input.starts ?? '', input.ends ?? '', [], 'The closure');
    if (problem) return invalid(problem);
  }
  return deps.store.db.transaction(async (tx) => {
    if (input.locationId) {
      const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId));
      if (!location) return { ok: false, reason: 'unknown-location' } as const;
    }
    const [row] = await tx
      .insert(closures)
      .values({ locationId: input.locationId, onDate: input.date, starts: hasTimes ? input.starts! : null, ends: hasTimes ? input.ends! : null, name, createdBy: actor.uid })
      .returning();
    await timeChanged(tx, deps, hoursChange('closure-added', { taken: [daySpan(null, row!.locationId, row!.onDate, row!.starts, row!.ends)] }, clock(deps)));
    return { ok: true, id: row!.id } as const;
  });
}

/** Lifts a closure softly (it stays in the history): its time is free again. */
export function removeClosure(deps: BookingDeps, id: number, actor: StaffActor): Promise<PlanResult> {
  return removeSoftly(deps, closures, id, actor, (row) => hoursChange('closure-removed', { freed: [daySpan(null, row.locationId, row.onDate, row.starts, row.ends)] }, clock(deps)));
}

const planColumns = {
  id: workingPlans.id,
  practitionerId: workingPlans.practitionerId,
  locationId: workingPlans.locationId,
  weekday: workingPlans.weekday,
  starts: workingPlans.starts,
  ends: workingPlans.ends,
  breaks: workingPlans.breaks,
  validFrom: workingPlans.validFrom,
  validTo: workingPlans.validTo,
  createdAt: workingPlans.createdAt,
  createdBy: workingPlans.createdBy,
  closedAt: workingPlans.closedAt,
  closedBy: workingPlans.closedBy,
};

/** The week in force on a date (default: today's), per location and day. */
export async function weekOn(db: Db, practitionerId: string, date: string) {
  const rows = await db
    .select(planColumns)
    .from(workingPlans)
    .where(and(eq(workingPlans.practitionerId, practitionerId), lte(workingPlans.validFrom, date), or(isNull(workingPlans.validTo), gt(workingPlans.validTo, date))))
    .orderBy(asc(workingPlans.locationId), asc(workingPlans.weekday), asc(workingPlans.starts));
  return rows.map((r) => ({ ...r, starts: hhmm(r.starts), ends: hhmm(r.ends) }));
}

/** Every row a practitioner's weeks ever had, newest first: who set what, from when, and who replaced it. */
export async function planHistory(db: Db, practitionerId: string) {
  const rows = await db.select(planColumns).from(workingPlans).where(eq(workingPlans.practitionerId, practitionerId)).orderBy(sql`${workingPlans.createdAt} DESC`, asc(workingPlans.weekday));
  return rows.map((r) => ({ ...r, starts: hhmm(r.starts), ends: hhmm(r.ends) }));
}

/** Exceptions in a range of days (one practitioner or all), removed ones too when asked (history). */
export async function exceptionsBetween(db: Db, range: { fromDate: string; toDate: string; practitionerId?: string; includeRemoved?: boolean }) {
  return db
    .select()
    .from(scheduleExceptions)
    .where(
      and(
        gte(scheduleExceptions.onDate, range.fromDate),
        lte(scheduleExceptions.onDate, range.toDate),
        range.practitionerId ? eq(scheduleExceptions.practitionerId, range.practitionerId) : undefined,
        range.includeRemoved ? undefined : isNull(scheduleExceptions.removedAt),
      ),
    )
    .orderBy(asc(scheduleExceptions.onDate), asc(scheduleExceptions.practitionerId), asc(scheduleExceptions.starts));
}

/** Closures in a range of days. */
export async function closuresBetween(db: Db, range: { fromDate: string; toDate: string; includeRemoved?: boolean }) {
  return db
    .select()
    .from(closures)
    .where(and(gte(closures.onDate, range.fromDate), lte(closures.onDate, range.toDate), range.includeRemoved ? undefined : isNull(closures.removedAt)))
    .orderBy(asc(closures.onDate), asc(closures.starts));
}
