import { describe, expect, it } from 'vitest';
import { freeDays, nearestSlots, subtract, union, type AvailabilityInput, type SlotQuery } from '../../server/booking/availability';
import { lagosMoment } from '../../shared/booking/time';

// The pure core of free times: interval arithmetic, the grid, the tie-breaks. The rules against
// real rows on both engines are in tests/integration/booking-free-times.test.ts.

const TUE = '2026-12-01';
const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const plan = (practitionerId: string, starts: string, ends: string, more: Partial<AvailabilityInput['plans'][number]> = {}) => ({
  practitionerId,
  locationId: 'abuja',
  weekday: 2,
  start: m(starts),
  end: m(ends),
  breaks: [],
  validFrom: '2026-01-01',
  validTo: null,
  ...more,
});
const query = (more: Partial<SlotQuery> = {}): SlotQuery => ({ fromDate: TUE, toDate: TUE, visitMinutes: 30, bufferMinutes: 0, stepMinutes: 15, earliestStart: 0, lastDate: null, ...more });
const input = (more: Partial<AvailabilityInput>): AvailabilityInput => ({ practitionerIds: ['a', 'b'], plans: [], exceptions: [], closures: [], busy: [], ...more });
const times = (days: ReturnType<typeof freeDays>) => days[0]!.slots.map((s) => s.time);

describe('interval arithmetic', () => {
  it.each([
    ['cut in the middle', [[540, 720]], [600, 630], [[540, 600], [630, 720]]],
    ['cut over the start', [[540, 720]], [500, 600], [[600, 720]]],
    ['cut over everything', [[540, 720]], [0, 1440], []],
    ['cut elsewhere', [[540, 720]], [720, 800], [[540, 720]]],
  ] as const)('subtract: %s', (_name, spans, cut, expected) => {
    expect(subtract(spans.map(([start, end]) => ({ start, end })), { start: cut[0], end: cut[1] })).toEqual(expected.map(([start, end]) => ({ start, end })));
  });

  it('union joins overlapping and touching spans, in order', () => {
    expect(union([{ start: 720, end: 750 }, { start: 540, end: 600 }, { start: 600, end: 630 }, { start: 700, end: 730 }])).toEqual([
      { start: 540, end: 630 },
      { start: 700, end: 750 },
    ]);
  });
});

describe('free starts', () => {
  it('sit on the step grid from midnight, even when the plan does not', () => {
    expect(times(freeDays(input({ practitionerIds: ['a'], plans: [plan('a', '09:10', '10:30')] }), query()))).toEqual(['09:15', '09:30', '09:45', '10:00']);
    expect(times(freeDays(input({ practitionerIds: ['a'], plans: [plan('a', '09:00', '10:30')] }), query({ stepMinutes: 20 })))).toEqual(['09:00', '09:20', '09:40', '10:00']);
  });

  it('start no earlier than the earliest start and on no day after the last date', () => {
    const days = freeDays(input({ practitionerIds: ['a'], plans: [plan('a', '09:00', '10:00'), plan('a', '09:00', '10:00', { weekday: 3 })] }), query({ toDate: '2026-12-02', earliestStart: lagosMoment(TUE, '09:20'), lastDate: TUE }));
    expect(days.map((d) => [d.date, d.slots.map((s) => s.time)])).toEqual([[TUE, ['09:30']]]);
  });

  it('"any available": one slot per start and location, booking the least busy that day, then the first in display order', () => {
    const busyB = { practitionerId: 'b', from: lagosMoment(TUE, '14:00'), to: lagosMoment(TUE, '14:30') };
    const both = freeDays(input({ plans: [plan('a', '09:00', '09:30'), plan('b', '09:00', '09:30')] }), query());
    expect(both[0]!.slots).toMatchObject([{ time: '09:00', practitionerId: 'a', practitionerIds: ['a', 'b'] }]);
    const bBusier = freeDays(input({ plans: [plan('a', '09:00', '09:30'), plan('b', '09:00', '09:30')], busy: [busyB] }), query());
    expect(bBusier[0]!.slots[0]!.practitionerId).toBe('a');
    const aBusier = freeDays(input({ plans: [plan('a', '09:00', '09:30'), plan('b', '09:00', '09:30')], busy: [{ ...busyB, practitionerId: 'a' }] }), query());
    expect(aBusier[0]!.slots[0]!).toMatchObject({ practitionerId: 'b', practitionerIds: ['a', 'b'] });
  });

  it('are free for the visit and its buffer, back to back when there is no buffer', () => {
    const busy = [{ practitionerId: 'a', from: lagosMoment(TUE, '10:00'), to: lagosMoment(TUE, '10:30') }];
    expect(times(freeDays(input({ practitionerIds: ['a'], plans: [plan('a', '09:00', '11:00')], busy }), query()))).toEqual(['09:00', '09:15', '09:30', '10:30']);
    expect(times(freeDays(input({ practitionerIds: ['a'], plans: [plan('a', '09:00', '11:00')], busy }), query({ bufferMinutes: 15 })))).toEqual(['09:00', '09:15', '10:30']);
  });
});

describe('nearest free times', () => {
  it('are the closest to the wanted time, the earlier on a tie, shown in time order', () => {
    const days = freeDays(input({ practitionerIds: ['a'], plans: [plan('a', '09:00', '12:00')], busy: [{ practitionerId: 'a', from: lagosMoment(TUE, '10:00'), to: lagosMoment(TUE, '11:00') }] }), query());
    expect(nearestSlots(days, lagosMoment(TUE, '10:15')).map((s) => s.time)).toEqual(['09:15', '09:30', '11:00']);
    expect(nearestSlots(days, lagosMoment(TUE, '08:00'), 2).map((s) => s.time)).toEqual(['09:00', '09:15']);
  });
});
