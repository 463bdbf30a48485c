import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { freeTimes, nearestFreeTimes, nextFreeDay, type FreeTimesQuery } from '../../server/booking/repo';
import { DEFAULT_BOOKING_RULES } from '../../shared/booking/rules';
import { lagosMoment } from '../../shared/booking/time';
import type { Store } from '../../server/platform/db/store';
import { openTestStore, testEngines } from '../support/test-store';
import {
  addAppointments,
  addClosures,
  addExceptions,
  addPlans,
  NOW,
  useBookingStore,
  type AppointmentSpec,
  type ClosureSpec,
  type ExceptionSpec,
  type PlanSpec,
} from '../support/booking';

// Free times on both engines, case by case: each case starts from empty booking tables, writes
// its plans, exceptions, closures and appointments, asks for free times and compares the
// starts (Abuja clock) per day. Tuesday 1 December 2026 is weekday 2; "now" is Monday
// 30 November 05:00 in Abuja unless the case says otherwise. Service 1 (Chiropractic) is 60
// minutes first, 30 follow-up, 10 minutes' buffer; service 4 (Wellness) 45/30 with none.

const TUE = '2026-12-01';
const WED = '2026-12-02';
const morning: PlanSpec = { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00', breaks: [{ start: '10:00', end: '10:30' }] };
const followUps = ['09:00', '09:15', '09:30', '10:30', '10:45', '11:00', '11:15', '11:30'];

interface Case {
  name: string;
  plans?: PlanSpec[];
  exceptions?: ExceptionSpec[];
  closures?: ClosureSpec[];
  appointments?: AppointmentSpec[];
  /** Locations to open besides Abuja (they are 'planned' in the seed). */
  open?: string[];
  now?: Date;
  query?: Partial<FreeTimesQuery>;
  /** Date → starts (HH:MM), or HH:MM@location, or HH:MM=practitioner, as `show` says. */
  expected: Record<string, string[]>;
  show?: 'time' | 'location' | 'chosen';
}

const cases: Case[] = [
  { name: 'a plan minus its break, follow-up (30 min)', plans: [morning], expected: { [TUE]: followUps } },
  { name: 'a first visit (60 min) must end before the break or the end of the day', plans: [morning], query: { visitKind: 'first' }, expected: { [TUE]: ['09:00', '10:30', '10:45', '11:00'] } },
  { name: 'a weekday without a plan has nothing', plans: [morning], query: { fromDate: WED, toDate: WED }, expected: { [WED]: [] } },
  {
    name: 'an appointment and its buffer block the visit and the new visit’s own buffer',
    plans: [morning],
    appointments: [{ practitioner: 'adaeze-okafor', date: TUE, starts: '09:30', minutes: 30, buffer: 10 }],
    expected: { [TUE]: ['10:30', '10:45', '11:00', '11:15', '11:30'] },
  },
  {
    name: 'no buffer (service 4): back to back is free',
    plans: [morning],
    appointments: [{ practitioner: 'adaeze-okafor', date: TUE, starts: '09:30', minutes: 30 }],
    query: { serviceId: '4' },
    expected: { [TUE]: ['09:00', '10:30', '10:45', '11:00', '11:15', '11:30'] },
  },
  {
    name: 'a cancelled appointment does not block',
    plans: [morning],
    appointments: [{ practitioner: 'adaeze-okafor', date: TUE, starts: '09:30', minutes: 30, buffer: 10, status: 'cancelled' }],
    expected: { [TUE]: followUps },
  },
  {
    name: 'a no-show still holds its time',
    plans: [morning],
    appointments: [{ practitioner: 'adaeze-okafor', date: TUE, starts: '11:00', minutes: 30, status: 'no_show' }],
    // 10:30 would end at 11:00, but its buffer runs into the no-show's time.
    expected: { [TUE]: ['09:00', '09:15', '09:30', '11:30'] },
  },
  {
    name: 'an unlapsed hold blocks, a lapsed one does not',
    plans: [morning],
    appointments: [
      { practitioner: 'adaeze-okafor', date: TUE, starts: '09:00', minutes: 30, status: 'held', holdExpiresAt: new Date(NOW.getTime() + 5 * 60_000) },
      { practitioner: 'adaeze-okafor', date: TUE, starts: '11:00', minutes: 30, status: 'held', holdExpiresAt: new Date(NOW.getTime() - 60_000) },
    ],
    expected: { [TUE]: ['09:30', '10:30', '10:45', '11:00', '11:15', '11:30'] },
  },
  { name: 'time off for part of the day', plans: [morning], exceptions: [{ practitioner: 'adaeze-okafor', date: TUE, kind: 'time_off', starts: '10:30', ends: '11:15' }], expected: { [TUE]: ['09:00', '09:15', '09:30', '11:15', '11:30'] } },
  { name: 'time off for the whole day', plans: [morning], exceptions: [{ practitioner: 'adaeze-okafor', date: TUE, kind: 'time_off' }], expected: { [TUE]: [] } },
  {
    name: 'extra hours on a day without a plan',
    plans: [morning],
    exceptions: [{ practitioner: 'adaeze-okafor', date: WED, kind: 'extra_hours', starts: '14:00', ends: '15:00' }],
    query: { fromDate: WED, toDate: WED },
    expected: { [WED]: ['14:00', '14:15', '14:30'] },
  },
  {
    name: 'extra hours next to the plan make one interval',
    plans: [morning],
    exceptions: [{ practitioner: 'adaeze-okafor', date: TUE, kind: 'extra_hours', starts: '12:00', ends: '12:30' }],
    expected: { [TUE]: [...followUps, '11:45', '12:00'] },
  },
  {
    name: 'a different plan for one day replaces the week’s',
    plans: [morning],
    exceptions: [{ practitioner: 'adaeze-okafor', date: TUE, kind: 'replace_day', starts: '15:00', ends: '17:00', breaks: [{ start: '16:00', end: '16:30' }] }],
    expected: { [TUE]: ['15:00', '15:15', '15:30', '16:30'] },
  },
  {
    name: 'a removed exception counts for nothing',
    plans: [morning],
    exceptions: [{ practitioner: 'adaeze-okafor', date: TUE, kind: 'time_off' }],
    expected: { [TUE]: followUps },
  },
  { name: 'a clinic-wide closure (public holiday)', plans: [morning], closures: [{ date: TUE }], expected: { [TUE]: [] } },
  { name: 'a closure of this location for part of the day', plans: [morning], closures: [{ date: TUE, location: 'abuja', starts: '09:00', ends: '11:00' }], expected: { [TUE]: ['11:00', '11:15', '11:30'] } },
  { name: 'a closure of another location changes nothing here', plans: [morning], closures: [{ date: TUE, location: 'lagos' }], expected: { [TUE]: followUps } },
  {
    name: 'the minimum notice (2 h after 09:10 is 11:10: first start 11:15)',
    plans: [morning],
    now: new Date(lagosMoment(TUE, '09:10')),
    expected: { [TUE]: ['11:15', '11:30'] },
  },
  {
    name: 'staff are not held to the notice',
    plans: [morning],
    now: new Date(lagosMoment(TUE, '09:10')),
    query: { asStaff: true },
    expected: { [TUE]: ['09:15', '09:30', '10:30', '10:45', '11:00', '11:15', '11:30'] },
  },
  {
    name: 'the horizon: 60 days after 30 November is 29 January; later days are not offered',
    plans: [4, 5].map((weekday) => ({ practitioner: 'adaeze-okafor', weekday, starts: '09:00', ends: '10:00' })),
    query: { fromDate: '2027-01-28', toDate: '2027-02-05' },
    expected: { '2027-01-28': ['09:00', '09:15', '09:30'], '2027-01-29': ['09:00', '09:15', '09:30'] },
  },
  {
    name: 'a plan whose validity ended and the one that replaced it',
    plans: [
      { ...morning, validTo: TUE },
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '13:00', ends: '14:00', validFrom: TUE },
    ],
    query: { fromDate: '2026-11-24', toDate: TUE, asStaff: true },
    now: new Date(lagosMoment('2026-11-23', '05:00')),
    expected: { '2026-11-24': followUps, '2026-11-25': [], '2026-11-26': [], '2026-11-27': [], '2026-11-28': [], '2026-11-29': [], '2026-11-30': [], [TUE]: ['13:00', '13:15', '13:30'] },
  },
  {
    name: 'midnight in Abuja (23:00 UTC): late and early starts belong to their Abuja day',
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '22:30', ends: '24:00' },
      { practitioner: 'adaeze-okafor', weekday: 3, starts: '00:00', ends: '01:00' },
    ],
    query: { fromDate: TUE, toDate: WED },
    expected: { [TUE]: ['22:30', '22:45', '23:00', '23:15', '23:30'], [WED]: ['00:00', '00:15', '00:30'] },
  },
  {
    name: 'a buffer across midnight blocks the next Abuja day’s first start',
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '23:00', ends: '24:00' },
      { practitioner: 'adaeze-okafor', weekday: 3, starts: '00:00', ends: '01:00' },
    ],
    appointments: [{ practitioner: 'adaeze-okafor', date: TUE, starts: '23:30', minutes: 30, buffer: 10 }],
    query: { fromDate: TUE, toDate: WED },
    // 23:00 would end at 23:30 with its buffer into the booked 23:30; 00:00 is inside that one's buffer.
    expected: { [TUE]: [], [WED]: ['00:15', '00:30'] },
  },
  {
    name: 'a practitioner at two locations on one day',
    open: ['lagos'],
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '10:00', location: 'abuja' },
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '14:00', ends: '15:00', location: 'lagos' },
    ],
    show: 'location',
    expected: { [TUE]: ['09:00@abuja', '09:15@abuja', '09:30@abuja', '14:00@lagos', '14:15@lagos', '14:30@lagos'] },
  },
  {
    name: 'two locations, asked for one',
    open: ['lagos'],
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '10:00', location: 'abuja' },
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '14:00', ends: '15:00', location: 'lagos' },
    ],
    query: { locationId: 'lagos' },
    expected: { [TUE]: ['14:00', '14:15', '14:30'] },
  },
  {
    name: 'plans at a location that is only planned are not offered',
    plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '14:00', ends: '15:00', location: 'lagos' }],
    expected: { [TUE]: [] },
  },
  {
    name: 'any available: the least busy that day, then the display order',
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '11:00' },
      { practitioner: 'funmilayo-adeyemi', weekday: 2, starts: '09:00', ends: '11:00' },
      { practitioner: 'ibrahim-musa', weekday: 2, starts: '09:00', ends: '11:00' },
    ],
    appointments: [
      { practitioner: 'adaeze-okafor', date: TUE, starts: '09:00', minutes: 30, buffer: 10 },
      { practitioner: 'funmilayo-adeyemi', date: TUE, starts: '10:30', minutes: 30, buffer: 10 },
      { practitioner: 'adaeze-okafor', date: TUE, starts: '16:00', minutes: 30, buffer: 10 },
    ],
    query: { practitionerId: 'any' },
    show: 'chosen',
    // Ibrahim does not give service 1. 09:00–09:30 only Funmilayo is free; at 09:45 both, and
    // Funmilayo has fewer visits that day (1 to 2); from 10:00 Funmilayo's 10:30 is in the way.
    expected: {
      [TUE]: [
        '09:00=funmilayo-adeyemi',
        '09:15=funmilayo-adeyemi',
        '09:30=funmilayo-adeyemi',
        '09:45=funmilayo-adeyemi',
        '10:00=adaeze-okafor',
        '10:15=adaeze-okafor',
        '10:30=adaeze-okafor',
      ],
    },
  },
];

describe.each(testEngines())('free times on %s', (engine) => {
  const db = useBookingStore(engine);
  let store: Store;
  beforeEach(() => {
    store = db.store;
  });

  it.each(cases)('$name', async (c) => {
    await addPlans(store, c.plans ?? []);
    await addExceptions(store, c.exceptions ?? []);
    if (c.name.startsWith('a removed exception')) await store.db.execute(sql`UPDATE schedule_exceptions SET removed_at = now(), removed_by = 'test'`);
    await addClosures(store, c.closures ?? []);
    await addAppointments(store, c.appointments ?? []);
    for (const id of c.open ?? []) await store.db.execute(sql`UPDATE locations SET status = 'open' WHERE id = ${id}`);
    const query: FreeTimesQuery = { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', fromDate: TUE, toDate: TUE, ...c.query };
    if (query.practitionerId === 'any') query.practitionerId = null;
    const result = await freeTimes(store.db, query, DEFAULT_BOOKING_RULES, c.now ?? NOW);
    if (!result.ok) throw new Error(result.reason);
    const shown = Object.fromEntries(
      result.days.map((d) => [d.date, d.slots.map((s) => (c.show === 'location' ? `${s.time}@${s.locationId}` : c.show === 'chosen' ? `${s.time}=${s.practitionerId}` : s.time))]),
    );
    expect(shown).toEqual(c.expected);
    // Every slot names its Abuja date and time consistently with its UTC start.
    for (const day of result.days) for (const s of day.slots) expect(new Date(Date.parse(s.startsAt) + 3_600_000).toISOString().slice(0, 16)).toBe(`${s.date}T${s.time}`);
  });

  it('answers why there is nothing: unknown service, unknown or non-bookable practitioner, a service the practitioner does not give', async () => {
    const base = { visitKind: 'follow_up' as const, fromDate: TUE, toDate: TUE };
    expect(await freeTimes(store.db, { ...base, serviceId: 'nope' }, DEFAULT_BOOKING_RULES, NOW)).toEqual({ ok: false, reason: 'unknown-service' });
    expect(await freeTimes(store.db, { ...base, serviceId: '1', practitionerId: 'nobody' }, DEFAULT_BOOKING_RULES, NOW)).toEqual({ ok: false, reason: 'unknown-practitioner' });
    expect(await freeTimes(store.db, { ...base, serviceId: '1', practitionerId: 'halima-bello' }, DEFAULT_BOOKING_RULES, NOW)).toEqual({ ok: false, reason: 'unknown-practitioner' });
    expect(await freeTimes(store.db, { ...base, serviceId: '1', practitionerId: 'ibrahim-musa' }, DEFAULT_BOOKING_RULES, NOW)).toEqual({ ok: false, reason: 'service-not-given' });
  });

  it('finds the next free day and the three nearest free times around a wanted time', async () => {
    await addPlans(store, [{ practitioner: 'adaeze-okafor', weekday: 4, starts: '09:00', ends: '10:00' }]); // Thursdays only
    await addClosures(store, [{ date: '2026-12-03' }]);
    const next = await nextFreeDay(store.db, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', fromDate: TUE }, DEFAULT_BOOKING_RULES, NOW);
    expect(next?.date).toBe('2026-12-10');
    const nearest = await nearestFreeTimes(store.db, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor' }, new Date(lagosMoment('2026-12-10', '09:20')), DEFAULT_BOOKING_RULES, NOW);
    expect(nearest.map((s) => `${s.date} ${s.time}`)).toEqual(['2026-12-10 09:00', '2026-12-10 09:15', '2026-12-10 09:30']);
    // Nothing near: the next free times further on.
    const far = await nearestFreeTimes(store.db, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor' }, new Date(lagosMoment(TUE, '09:00')), DEFAULT_BOOKING_RULES, NOW);
    expect(far.map((s) => `${s.date} ${s.time}`)).toEqual(['2026-12-10 09:00', '2026-12-10 09:15', '2026-12-10 09:30']);
  });

  it('the seed: each bookable clinician has a week inside 08:00–22:00 with a break; the principal as her profile says', async () => {
    const fresh = await openTestStore(engine);
    try {
      const result = await freeTimes(fresh.store.db, { serviceId: '1', visitKind: 'first', practitionerId: 'adaeze-okafor', fromDate: '2026-12-06', toDate: '2026-12-12' }, DEFAULT_BOOKING_RULES, NOW);
      if (!result.ok) throw new Error(result.reason);
      const byDay = Object.fromEntries(result.days.map((d) => [d.date, [d.slots[0]?.time, d.slots.at(-1)?.time]]));
      // Sunday–Thursday 09:00–17:00 (lunch 13:00–14:00), Friday 09:00–13:00, Saturday closed. 60-minute first visits.
      expect(byDay).toEqual({
        '2026-12-06': ['09:00', '16:00'],
        '2026-12-07': ['09:00', '16:00'],
        '2026-12-08': ['09:00', '16:00'],
        '2026-12-09': ['09:00', '16:00'],
        '2026-12-10': ['09:00', '16:00'],
        '2026-12-11': ['09:00', '12:00'],
        '2026-12-12': [undefined, undefined],
      });
      expect(result.days[0]!.slots.map((s) => s.time)).not.toContain('12:30'); // would run into lunch
      // Christmas is closed for everyone.
      const christmas = await freeTimes(fresh.store.db, { serviceId: '4', visitKind: 'first', fromDate: '2026-12-25', toDate: '2026-12-25' }, DEFAULT_BOOKING_RULES, NOW);
      expect(christmas.ok && christmas.days[0]!.slots).toEqual([]);
      // Every clinician has free times in the first week of December, none before 08:00 or after 22:00.
      for (const [id, serviceId] of [['adaeze-okafor', '4'], ['ibrahim-musa', '4'], ['funmilayo-adeyemi', '4'], ['chinedu-eze', '4'], ['tunde-bakare', '1']] as const) {
        const r = await freeTimes(fresh.store.db, { serviceId, visitKind: 'follow_up', practitionerId: id, fromDate: '2026-12-06', toDate: '2026-12-12' }, DEFAULT_BOOKING_RULES, NOW);
        if (!r.ok) throw new Error(`${id}: ${r.reason}`);
        const times = r.days.flatMap((d) => d.slots.map((s) => s.time));
        expect(times.length, id).toBeGreaterThan(20);
        expect(times.every((x) => x >= '08:00' && x <= '21:30'), id).toBe(true);
        expect(r.days.find((d) => d.date === '2026-12-12')!.slots, id).toEqual([]); // Saturday
      }
    } finally {
      await fresh.cleanup();
    }
  });
});
