import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { calendarFeeds, workingPlans } from '../../server/booking/schema';
import type { Store } from '../../server/platform/db/store';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { addAppointments, bookingDeps, bookingForm, useBookingStore, visitor } from '../support/booking';

// What the staff calendar calls, through the service object the pages receive: weeks with
// history, exceptions and closures, day and week lists, a booking's history, the feed.

const TUE = '2026-12-01';
const staffer = { uid: 'staff-uid-1', name: 'Ngozi Nwosu' };
const times = async (service: BookingService, date = TUE, practitionerId = 'adaeze-okafor') => {
  const r = await service.freeTimes({ serviceId: '1', visitKind: 'follow_up', practitionerId, fromDate: date, toDate: date });
  if (!r.ok) throw new Error(r.reason);
  return r.days[0]?.slots.map((s) => s.time) ?? [];
};

describe.each(testEngines())('staff booking tools on %s', (engine) => {
  const db = useBookingStore(engine);
  let store: Store;
  let service: BookingService;
  beforeEach(() => {
    store = db.store;
    service = createBookingService(bookingDeps(store));
  });

  it('sets a week from a date: the old rows close with who and when, the new ones apply from that day, and visits the new week misses are listed', async () => {
    const first = await service.setWorkingWeek({ practitionerId: 'adaeze-okafor', locationId: 'abuja', validFrom: '2026-11-30', intervals: [{ weekday: 2, starts: '09:00', ends: '12:00', breaks: [{ start: '10:00', end: '10:30' }] }] }, staffer);
    expect(first).toEqual({ ok: true, outsidePlan: [] });
    expect(await times(service)).toEqual(['09:00', '09:15', '09:30', '10:30', '10:45', '11:00', '11:15', '11:30']);
    await addAppointments(store, [{ practitioner: 'adaeze-okafor', date: '2026-12-08', starts: '09:00', minutes: 30 }]);
    const second = await service.setWorkingWeek({ practitionerId: 'adaeze-okafor', locationId: 'abuja', validFrom: '2026-12-08', intervals: [{ weekday: 2, starts: '14:00', ends: '15:00' }] }, staffer);
    expect(second.ok && second.outsidePlan.map((o) => o.startsAt)).toEqual([new Date(lagosMoment('2026-12-08', '09:00')).toISOString()]);
    expect(await times(service, TUE)).toHaveLength(8); // the old week still applies on the 1st
    expect(await times(service, '2026-12-08')).toEqual(['14:00', '14:15', '14:30']);
    const history = await service.planHistory('adaeze-okafor');
    expect(history.map((h) => [h.starts, h.validFrom, h.validTo, h.createdBy, h.closedBy])).toEqual([
      ['14:00', '2026-12-08', null, 'staff-uid-1', null],
      ['09:00', '2026-11-30', '2026-12-08', 'staff-uid-1', 'staff-uid-1'],
    ]);
    expect((await service.weekOn('adaeze-okafor', TUE)).map((w) => w.starts)).toEqual(['09:00']);
  });

  it('refuses a week that is malformed, outside the opening hours, overlapping itself or the practitioner’s week elsewhere, or in the past', async () => {
    const set = (intervals: { weekday: number; starts: string; ends: string; breaks?: { start: string; end: string }[] }[], more: { validFrom?: string; locationId?: string } = {}) =>
      service.setWorkingWeek({ practitionerId: 'adaeze-okafor', locationId: more.locationId ?? 'abuja', validFrom: more.validFrom ?? TUE, intervals }, staffer);
    expect(await set([{ weekday: 2, starts: '9:00', ends: '12:00' }])).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await set([{ weekday: 2, starts: '12:00', ends: '09:00' }])).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await set([{ weekday: 2, starts: '09:00', ends: '12:00', breaks: [{ start: '11:30', end: '12:30' }] }])).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await set([{ weekday: 6, starts: '09:00', ends: '12:00' }])).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('opening hours') });
    expect(await set([{ weekday: 2, starts: '07:00', ends: '12:00' }])).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('opening hours') });
    expect(await set([{ weekday: 2, starts: '09:00', ends: '12:00' }, { weekday: 2, starts: '11:00', ends: '13:00' }])).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await set([{ weekday: 2, starts: '09:00', ends: '12:00' }], { validFrom: '2026-11-01' })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await service.setWorkingWeek({ practitionerId: 'halima-bello', locationId: 'abuja', validFrom: TUE, intervals: [] }, staffer)).toEqual({ ok: false, reason: 'unknown-practitioner' });
    expect(await set([], { locationId: 'atlantis' })).toEqual({ ok: false, reason: 'unknown-location' });
    // Lagos (planned) has no opening hours yet, so nothing can be set there: check the two-places rule with hours.
    await store.db.execute(sql`INSERT INTO opening_hours (location_id, weekday, opens, closes) VALUES ('lagos', 2, '08:00', '22:00')`);
    expect((await set([{ weekday: 2, starts: '09:00', ends: '12:00' }])).ok).toBe(true);
    expect(await set([{ weekday: 2, starts: '11:00', ends: '13:00' }], { locationId: 'lagos' })).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('abuja') });
    expect((await set([{ weekday: 2, starts: '13:00', ends: '15:00' }], { locationId: 'lagos' })).ok).toBe(true);
    await store.db.execute(sql`DELETE FROM opening_hours WHERE location_id = 'lagos'`);
    expect(await store.db.select().from(workingPlans)).toHaveLength(2);
  });

  it('adds and softly removes exceptions and closures, with who and when', async () => {
    await service.setWorkingWeek({ practitionerId: 'adaeze-okafor', locationId: 'abuja', validFrom: '2026-11-30', intervals: [{ weekday: 2, starts: '09:00', ends: '10:00' }] }, staffer);
    const off = await service.addException({ practitionerId: 'adaeze-okafor', date: TUE, kind: 'time_off', note: 'Conference' }, staffer);
    if (!off.ok) throw new Error(off.reason);
    expect(await times(service)).toEqual([]);
    expect(await service.removeException(off.id, staffer)).toEqual({ ok: true });
    expect(await service.removeException(off.id, staffer)).toEqual({ ok: false, reason: 'not-found' });
    expect(await times(service)).toEqual(['09:00', '09:15', '09:30']);
    const removed = await service.exceptionsBetween({ fromDate: TUE, toDate: TUE, includeRemoved: true });
    expect(removed).toMatchObject([{ kind: 'time_off', note: 'Conference', createdBy: 'staff-uid-1', removedBy: 'staff-uid-1' }]);
    expect(await service.exceptionsBetween({ fromDate: TUE, toDate: TUE })).toEqual([]);
    expect(await service.addException({ practitionerId: 'adaeze-okafor', date: TUE, kind: 'extra_hours', starts: '14:00' }, staffer)).toMatchObject({ ok: false, reason: 'invalid' });
    const eid = await service.addClosure({ locationId: null, date: TUE, name: 'Eid al-Fitr' }, staffer);
    if (!eid.ok) throw new Error(eid.reason);
    expect(await times(service)).toEqual([]);
    expect(await service.closuresBetween({ fromDate: TUE, toDate: TUE })).toMatchObject([{ name: 'Eid al-Fitr', locationId: null, createdBy: 'staff-uid-1' }]);
    expect(await service.removeClosure(eid.id, staffer)).toEqual({ ok: true });
    expect(await times(service)).toEqual(['09:00', '09:15', '09:30']);
    expect(await service.addClosure({ locationId: null, date: TUE, name: ' ' }, staffer)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('lists a day and a week for one practitioner or the clinic, a booking with its history, and a patient’s visits', async () => {
    await service.setWorkingWeek({ practitionerId: 'adaeze-okafor', locationId: 'abuja', validFrom: '2026-11-30', intervals: [2, 3].map((weekday) => ({ weekday, starts: '09:00', ends: '12:00' })) }, staffer);
    await service.setWorkingWeek({ practitionerId: 'funmilayo-adeyemi', locationId: 'abuja', validFrom: '2026-11-30', intervals: [{ weekday: 2, starts: '09:00', ends: '12:00' }] }, staffer);
    const a = await service.book(bookingForm({ time: '10:00' }), visitor('patient-1'));
    const b = await service.book(bookingForm({ time: '09:00', practitionerId: 'funmilayo-adeyemi' }), visitor('patient-2'));
    const c = await service.book(bookingForm({ date: '2026-12-02', time: '11:00' }), visitor('patient-1'));
    if (!a.ok || !b.ok || !c.ok) throw new Error('booking failed');
    expect((await service.appointmentsBetween({ fromDate: TUE, toDate: TUE })).map((x) => x.reference)).toEqual([b.appointment.reference, a.appointment.reference]);
    expect((await service.appointmentsBetween({ fromDate: TUE, toDate: '2026-12-07', practitionerId: 'adaeze-okafor' })).map((x) => x.reference)).toEqual([a.appointment.reference, c.appointment.reference]);
    await service.cancel({ as: 'patient', token: c.manageToken });
    const found = await service.appointmentByReference(c.appointment.reference);
    expect(found?.events.map((e) => e.action)).toEqual(['booked', 'cancelled']);
    expect(await service.appointmentByReference('BK-ZZZZZ')).toBeNull();
    const mine = await service.patientAppointments('patient-1');
    expect(mine.upcoming.map((x) => [x.reference, x.status])).toEqual([
      [a.appointment.reference, 'booked'],
      [c.appointment.reference, 'cancelled'],
    ]);
    expect(mine.past).toEqual([]);
  });

  it('gives each practitioner a private feed: only its hash is stored, a new link or a revocation stops the old one, and it carries no name or service', async () => {
    await service.setWorkingWeek({ practitionerId: 'adaeze-okafor', locationId: 'abuja', validFrom: '2026-11-30', intervals: [{ weekday: 2, starts: '09:00', ends: '12:00' }] }, staffer);
    const booked = await service.book(bookingForm({ time: '10:00' }), visitor());
    if (!booked.ok) throw new Error(booked.reason);
    const created = await service.createFeed('adaeze-okafor', staffer);
    if (!created.ok) throw new Error(created.reason);
    const [stored] = await store.db.select().from(calendarFeeds);
    expect(stored!.tokenSha256).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const feed = await service.feed(created.token);
    expect(feed).toContain('BEGIN:VCALENDAR');
    expect(feed).toContain('DTSTART;TZID=Africa/Lagos:20261201T100000');
    expect(feed).toContain(`Booked visit (follow-up visit) ${booked.appointment.reference}`);
    for (const secret of ['Amina', 'Bello', '+234803', 'Chiropractic']) expect(feed).not.toContain(secret);
    const replaced = await service.createFeed('adaeze-okafor', staffer);
    if (!replaced.ok) throw new Error(replaced.reason);
    expect(await service.feed(created.token)).toBeNull();
    expect(await service.feed(replaced.token)).toContain('BEGIN:VEVENT');
    expect(await service.revokeFeed('adaeze-okafor', staffer)).toBe(true);
    expect(await service.feed(replaced.token)).toBeNull();
    expect(await service.feed('x'.repeat(43))).toBeNull();
    expect(await service.createFeed('nobody', staffer)).toEqual({ ok: false, reason: 'unknown-practitioner' });
  });
});
