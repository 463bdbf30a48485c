import type { FreeDay, FreeSlot } from '../../shared/booking/types';
import { addDays, DAY_MS, lagosDate, lagosMidnight, lagosTime, MINUTE_MS, weekdayOf } from '../../shared/booking/time';

/**
 * Free times, computed in memory from what server/booking/repo.ts loads in a few queries:
 * a pure function of its input (no clock, no database), so every rule is tested in isolation
 * and the search costs microseconds per day. Times of day are minutes since midnight on the
 * location's clock (Abuja, UTC+1 all year); moments are milliseconds since the epoch.
 */

/** [start, end) in minutes since midnight. */
export interface Span {
  start: number;
  end: number;
}

export interface PlanRow {
  practitionerId: string;
  locationId: string;
  weekday: number;
  start: number;
  end: number;
  breaks: readonly Span[];
  /** Valid on dates validFrom <= d < validTo (null: no end). */
  validFrom: string;
  validTo: string | null;
}

export interface ExceptionRow {
  practitionerId: string;
  date: string;
  kind: 'time_off' | 'extra_hours' | 'replace_day';
  /** Where the extra or replacing hours are (null for time off). */
  locationId: string | null;
  /** null: the whole day (time off only). */
  span: Span | null;
  breaks: readonly Span[];
}

export interface ClosureRow {
  /** null: every location. */
  locationId: string | null;
  date: string;
  /** null: the whole day. */
  span: Span | null;
}

/** Time already taken from a practitioner's day: an active appointment or an unlapsed hold (visit and buffer). */
export interface BusyRange {
  practitionerId: string;
  from: number;
  to: number;
}

export interface AvailabilityInput {
  /** Who may be booked for the service, in the clinic's display order (the tie-break for "any available"). */
  practitionerIds: readonly string[];
  plans: readonly PlanRow[];
  exceptions: readonly ExceptionRow[];
  closures: readonly ClosureRow[];
  busy: readonly BusyRange[];
}

export interface SlotQuery {
  /** First and last day to look at (Abuja dates, inclusive). */
  fromDate: string;
  toDate: string;
  /** The visit (first visit or follow-up) and the service's buffer after it, in minutes. */
  visitMinutes: number;
  bufferMinutes: number;
  stepMinutes: number;
  /** No start before this moment (now + the minimum notice, or now for staff). */
  earliestStart: number;
  /** No day after this one (today + the horizon); null: no limit (staff). */
  lastDate: string | null;
  /** Only this location (null: all). */
  locationId?: string | null;
}

const WHOLE_DAY: Span = { start: 0, end: 24 * 60 };

/** The spans with `cut` removed. */
export function subtract(spans: readonly Span[], cut: Span): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    if (cut.end <= s.start || cut.start >= s.end) {
      out.push(s);
      continue;
    }
    if (cut.start > s.start) out.push({ start: s.start, end: cut.start });
    if (cut.end < s.end) out.push({ start: cut.end, end: s.end });
  }
  return out;
}

/** One interval minus its breaks. */
const withoutBreaks = (span: Span, breaks: readonly Span[]) => breaks.reduce<Span[]>((acc, b) => subtract(acc, b), [span]);

/** Overlapping or touching spans joined, in order (extra hours next to the plan make one interval). */
export function union(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

type Rows = Pick<AvailabilityInput, 'plans' | 'exceptions' | 'closures'>;

/** The rows grouped once per search (by practitioner and weekday, practitioner and date, date), not filtered per day. */
function indexRows(input: Rows) {
  const group = <T>(rows: readonly T[], key: (row: T) => string) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const k = key(row);
      const list = map.get(k);
      if (list) list.push(row);
      else map.set(k, [row]);
    }
    return map;
  };
  return {
    plans: group(input.plans, (p) => `${p.practitionerId} ${p.weekday}`),
    exceptions: group(input.exceptions, (e) => `${e.practitionerId} ${e.date}`),
    closures: group(input.closures, (c) => c.date),
  };
}

type RowIndex = ReturnType<typeof indexRows>;

/** Where a practitioner works on one date: spans per location, after exceptions and closures. */
export function workingSpans(input: Rows | RowIndex, practitionerId: string, date: string): Map<string, Span[]> {
  const index = 'plans' in input && Array.isArray(input.plans) ? indexRows(input as Rows) : (input as RowIndex);
  const weekday = weekdayOf(date);
  const exceptions = index.exceptions.get(`${practitionerId} ${date}`) ?? [];
  const replacing = exceptions.filter((e) => e.kind === 'replace_day');
  const base: { locationId: string; spans: Span[] }[] = replacing.length
    ? replacing.map((e) => ({ locationId: e.locationId!, spans: withoutBreaks(e.span!, e.breaks) }))
    : (index.plans.get(`${practitionerId} ${weekday}`) ?? [])
        .filter((p) => p.validFrom <= date && (p.validTo === null || date < p.validTo))
        .map((p) => ({ locationId: p.locationId, spans: withoutBreaks({ start: p.start, end: p.end }, p.breaks) }));
  for (const e of exceptions) if (e.kind === 'extra_hours') base.push({ locationId: e.locationId!, spans: withoutBreaks(e.span!, e.breaks) });

  const byLocation = new Map<string, Span[]>();
  for (const b of base) byLocation.set(b.locationId, [...(byLocation.get(b.locationId) ?? []), ...b.spans]);
  const closures = index.closures.get(date) ?? [];
  for (const [locationId, spans] of byLocation) {
    let left = union(spans);
    for (const e of exceptions) if (e.kind === 'time_off') left = subtract(left, e.span ?? WHOLE_DAY);
    for (const c of closures) if (c.locationId === null || c.locationId === locationId) left = subtract(left, c.span ?? WHOLE_DAY);
    if (left.length) byLocation.set(locationId, left);
    else byLocation.delete(locationId);
  }
  return byLocation;
}

/** Busy ranges of one practitioner, sorted; they never overlap (the exclusion constraint). */
function busyIndex(busy: readonly BusyRange[]) {
  const byPractitioner = new Map<string, BusyRange[]>();
  const perDay = new Map<string, number>();
  for (const b of busy) {
    let list = byPractitioner.get(b.practitionerId);
    if (!list) byPractitioner.set(b.practitionerId, (list = []));
    list.push(b);
    const key = `${b.practitionerId} ${lagosDate(b.from)}`;
    perDay.set(key, (perDay.get(key) ?? 0) + 1);
  }
  for (const list of byPractitioner.values()) list.sort((a, b) => a.from - b.from);
  return {
    /** Whether [from, to) overlaps a busy range (binary search for the first range ending after `from`). */
    overlaps(practitionerId: string, from: number, to: number): boolean {
      const list = byPractitioner.get(practitionerId);
      if (!list?.length) return false;
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]!.to <= from) lo = mid + 1;
        else hi = mid;
      }
      const next = list[lo];
      return next !== undefined && next.from < to;
    },
    /** How many visits (and holds) the practitioner has that day: "any available" books the least busy. */
    countOn: (practitionerId: string, date: string) => perDay.get(`${practitionerId} ${date}`) ?? 0,
  };
}

/**
 * Every free start in the query's days: on the step grid from midnight, where a practitioner
 * works (plan minus breaks, with exceptions and closures), the whole visit fits before the end
 * of the working interval, the visit and its buffer overlap nothing busy, and within the notice
 * and the horizon. Starts free for several practitioners are one slot (per location) that books
 * the least busy of them that day, then the first in display order: deterministic, so the time
 * a visitor picks and the one the server books are the same.
 */
export function freeDays(input: AvailabilityInput, query: SlotQuery): FreeDay[] {
  const busy = busyIndex(input.busy);
  const rows = indexRows(input);
  const order = new Map(input.practitionerIds.map((id, i) => [id, i]));
  const step = query.stepMinutes;
  const blockedMs = (query.visitMinutes + query.bufferMinutes) * MINUTE_MS;
  const last = query.lastDate !== null && query.lastDate < query.toDate ? query.lastDate : query.toDate;
  const days: FreeDay[] = [];
  for (let date = query.fromDate; date <= last; date = addDays(date, 1)) {
    const midnight = lagosMidnight(date);
    if (midnight + DAY_MS <= query.earliestStart) {
      days.push({ date, slots: [] });
      continue;
    }
    // start (ms) + location → the practitioners free then.
    const found = new Map<string, { startsAt: number; locationId: string; ids: string[] }>();
    for (const practitionerId of input.practitionerIds) {
      for (const [locationId, spans] of workingSpans(rows, practitionerId, date)) {
        if (query.locationId && locationId !== query.locationId) continue;
        for (const span of spans) {
          for (let t = Math.ceil(span.start / step) * step; t + query.visitMinutes <= span.end; t += step) {
            const startsAt = midnight + t * MINUTE_MS;
            if (startsAt < query.earliestStart) continue;
            if (busy.overlaps(practitionerId, startsAt, startsAt + blockedMs)) continue;
            const key = `${startsAt} ${locationId}`;
            const slot = found.get(key);
            if (slot) slot.ids.push(practitionerId);
            else found.set(key, { startsAt, locationId, ids: [practitionerId] });
          }
        }
      }
    }
    const slots: FreeSlot[] = [...found.values()]
      .sort((a, b) => a.startsAt - b.startsAt || a.locationId.localeCompare(b.locationId))
      .map(({ startsAt, locationId, ids }) => {
        const practitionerIds = [...ids].sort((a, b) => order.get(a)! - order.get(b)!);
        const chosen = [...practitionerIds].sort((a, b) => busy.countOn(a, date) - busy.countOn(b, date) || order.get(a)! - order.get(b)!)[0]!;
        return { startsAt: new Date(startsAt).toISOString(), time: lagosTime(startsAt), date, locationId, practitionerId: chosen, practitionerIds };
      });
    days.push({ date, slots });
  }
  return days;
}

/** The first day with a free time, or null. */
export function firstFreeDay(days: readonly FreeDay[]): FreeDay | null {
  return days.find((d) => d.slots.length > 0) ?? null;
}

/** The `n` free times nearest to a wanted moment (the earlier first on a tie), in time order. */
export function nearestSlots(days: readonly FreeDay[], wanted: number, n = 3): FreeSlot[] {
  return days
    .flatMap((d) => d.slots)
    .map((slot) => ({ slot, at: Date.parse(slot.startsAt) }))
    .sort((a, b) => Math.abs(a.at - wanted) - Math.abs(b.at - wanted) || a.at - b.at)
    .slice(0, n)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.slot);
}
