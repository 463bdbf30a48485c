import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personErasers } from '../../server/app/domains';
import type { Changer } from '../../server/booking/deps';
import { appointments } from '../../server/booking/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import type { TimeChange, TimeListener, TimeSpan } from '../../server/booking/time-changes';
import { messages } from '../../server/messages/schema';
import type { Store } from '../../server/platform/db/store';
import { formKeys } from '../../server/requests/keys';
import { erasePerson } from '../../server/requests/staff/repo';
import type { BookResult, ChangeResult, HoldResult } from '../../shared/booking/results';
import { lagosMidnight, lagosMoment } from '../../shared/booking/time';
import { addPlans, bookingDeps, bookingForm, clearBooking, newKey, NOW, visitor } from '../support/booking';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// Every path that changes a practitioner's time says so once, through the one place
// (server/booking/time-changes.ts), inside its transaction: a listener hears exactly one
// change per path, with the time it freed and took; a path that changes nothing says nothing;
// a listener that fails rolls the change back. On both engines.
//
// Adaeze works Tuesdays 09:00–12:00 (service 1: 30-minute follow-ups, 10 minutes' buffer).

const TUE = '2026-12-01';
const at = (time: string, date = TUE) => new Date(lagosMoment(date, time));
const patient = visitor();
const staffActor = { uid: 'staff-uid-1', name: 'Ngozi Nwosu' };
const span = (from: Date, to: Date | null, practitionerId: string | null = 'adaeze-okafor', locationId: string | null = 'abuja'): TimeSpan => ({ practitionerId, locationId, from, to });
/** A booked follow-up's span: 30 minutes and 10 of buffer. */
const visitSpan = (time: string, practitionerId = 'adaeze-okafor') => span(at(time), new Date(at(time).getTime() + 40 * 60_000), practitionerId);

function ok<T extends BookResult | ChangeResult | HoldResult>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${result.reason}`);
  return result as Extract<T, { ok: true }>;
}

describe.each(testEngines())('one event for every change of time on %s', (engine) => {
  let t: TestStore;
  let store: Store;
  let heard: TimeChange[];
  let now: Date;
  let booking: BookingService;
  const recorder: TimeListener = {
    name: 'recorder',
    onTimeChange: async (_tx, change) => void heard.push(change),
  };
  beforeAll(async () => {
    t = await openTestStore(engine);
    store = t.store;
  });
  afterAll(() => t?.cleanup());
  beforeEach(async () => {
    await clearBooking(store);
    await addPlans(store, [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }]);
    now = NOW;
    const deps = bookingDeps(store, { now: () => now });
    booking = createBookingService({ ...deps, listeners: [...(deps.listeners ?? []), recorder] });
    heard = [];
  });

  /** The one change a step made (and forgets it for the next step). */
  const one = () => {
    expect(heard.map((c) => c.cause)).toHaveLength(1);
    const [change] = heard;
    heard = [];
    return change!;
  };
  const staff = (appointmentId: number, version: number): Extract<Changer, { as: 'staff' }> => ({ as: 'staff', appointmentId, version, ...staffActor });
  const bookAt = async (time: string) => ok(await booking.book(bookingForm({ time }), patient));

  it('a booking takes its time, said once with the visit as booked; a failed one says nothing', async () => {
    const booked = await bookAt('09:00');
    expect(one()).toMatchObject({ cause: 'booked', by: 'patient', freed: [], taken: [visitSpan('09:00')], visit: { id: booked.appointment.id, status: 'booked' }, before: null, at: NOW });
    expect(await booking.book(bookingForm({ time: '09:00' }), patient)).toMatchObject({ ok: false, reason: 'conflict' });
    expect(heard).toEqual([]);
    // The same booking sent again answers the first: nothing changed.
    const twice = bookingForm({ time: '10:00' });
    expect(await booking.book(twice, patient)).toMatchObject({ ok: true, duplicate: false });
    one();
    expect(await booking.book(twice, patient)).toMatchObject({ ok: true, duplicate: true });
    expect(heard).toEqual([]);
  });

  it('a hold takes its time; given back it frees it; confirmed it takes nothing more', async () => {
    const choice = { serviceId: '1', visitKind: 'follow_up' as const, practitionerId: 'adaeze-okafor', startsAt: at('09:00') };
    const held = ok(await booking.hold({ ...choice, holdKey: newKey('hold') }, patient));
    expect(one()).toMatchObject({ cause: 'held', freed: [], taken: [visitSpan('09:00')], visit: { status: 'held' } });
    expect(await booking.releaseHold(held.holdToken)).toBe(true);
    expect(one()).toMatchObject({ cause: 'hold-released', freed: [visitSpan('09:00')], taken: [], visit: null, before: { status: 'held' } });
    expect(await booking.releaseHold(held.holdToken)).toBe(false);
    expect(heard).toEqual([]);

    const again = ok(await booking.hold({ ...choice, holdKey: newKey('hold') }, patient));
    one();
    ok(await booking.confirmHold(again.holdToken, bookingForm({ time: '09:00' }), patient));
    expect(one()).toMatchObject({ cause: 'booked', freed: [], taken: [], visit: { status: 'booked' }, before: { status: 'held' } });
  });

  it('a lapsed hold is said freed when a booking deletes it, and when the sweep does', async () => {
    const choice = { serviceId: '1', visitKind: 'follow_up' as const, practitionerId: 'adaeze-okafor' };
    ok(await booking.hold({ ...choice, startsAt: at('09:00'), holdKey: newKey('hold') }, patient));
    ok(await booking.hold({ ...choice, startsAt: at('10:00'), holdKey: newKey('hold') }, patient));
    heard = [];
    now = new Date(NOW.getTime() + 60 * 60_000);
    await bookAt('09:00');
    expect(heard.map((c) => c.cause)).toEqual(['hold-lapsed', 'booked']);
    expect(heard[0]).toMatchObject({ by: 'system', freed: [visitSpan('09:00')], taken: [] });
    heard = [];
    expect(await booking.sweepLapsedHolds()).toBe(1);
    expect(one()).toMatchObject({ cause: 'hold-lapsed', by: 'system', freed: [visitSpan('10:00')], taken: [] });
    expect(await booking.sweepLapsedHolds()).toBe(0);
    expect(heard).toEqual([]);
  });

  it('the patient’s cancel and move, by the manage link, free (and take) once each', async () => {
    const booked = await bookAt('09:00');
    heard = [];
    const moved = ok(await booking.reschedule({ as: 'patient', token: booked.manageToken }, { startsAt: at('10:00') }));
    expect(one()).toMatchObject({ cause: 'moved', by: 'patient', freed: [visitSpan('09:00')], taken: [visitSpan('10:00')], before: { startsAt: at('09:00') }, visit: { startsAt: at('10:00') } });
    ok(await booking.cancel({ as: 'patient', token: moved.manageToken! }));
    expect(one()).toMatchObject({ cause: 'cancelled', by: 'patient', freed: [visitSpan('10:00')], taken: [], visit: { status: 'cancelled' } });
    // Cancelled already, or too late: nothing changes, nothing is said.
    ok(await booking.cancel({ as: 'patient', token: moved.manageToken! }));
    expect(heard).toEqual([]);
  });

  it('staff’s cancel and move free (and take) once each, also to another practitioner', async () => {
    await addPlans(store, [{ practitioner: 'funmilayo-adeyemi', weekday: 2, starts: '09:00', ends: '12:00' }]);
    const { appointment } = await bookAt('09:00');
    heard = [];
    const moved = ok(await booking.reschedule(staff(appointment.id, appointment.version), { startsAt: at('11:00'), practitionerId: 'funmilayo-adeyemi' }));
    expect(one()).toMatchObject({ cause: 'moved', by: 'staff', freed: [visitSpan('09:00')], taken: [visitSpan('11:00', 'funmilayo-adeyemi')] });
    expect(await booking.reschedule(staff(appointment.id, appointment.version), { startsAt: at('10:00') })).toMatchObject({ ok: false, reason: 'stale' });
    expect(heard).toEqual([]);
    ok(await booking.cancel(staff(appointment.id, moved.appointment.version)));
    expect(one()).toMatchObject({ cause: 'cancelled', by: 'staff', freed: [visitSpan('11:00', 'funmilayo-adeyemi')], taken: [] });
  });

  it('each status change is said once, keeping the time (no-show, its undo, completed), and so is a change of reminders', async () => {
    const { appointment, manageToken } = await bookAt('09:00');
    heard = [];
    ok(await booking.setReminders({ as: 'patient', token: manageToken }, { channel: 'sms', consent: true }));
    expect(one()).toMatchObject({ cause: 'reminders', freed: [], taken: [], visit: { reminderChannel: 'sms' } });
    now = at('09:20');
    let version = appointment.version + 1;
    for (const [status, from] of [
      ['no_show', 'booked'],
      ['booked', 'no_show'],
      ['arrived', 'booked'],
      ['completed', 'arrived'],
    ] as const) {
      const changed = ok(await booking.setStatus(staff(appointment.id, version), status));
      expect(one()).toMatchObject({ cause: 'status', by: 'staff', freed: [], taken: [], before: { status: from }, visit: { status } });
      version = changed.appointment.version;
    }
    // The no-show's follow-up was planned by the messages listener, and cancelled by its undo.
    const followUps = await store.db.select().from(messages).where(sql`${messages.kind} = 'no_show'`);
    expect(followUps.map((m) => m.status)).toEqual(['cancelled']);
  });

  it('a working week says the hours it gained and lost from its first day; the same week again says nothing', async () => {
    const from = new Date(lagosMidnight('2026-12-08'));
    const week = (intervals: { weekday: number; starts: string; ends: string }[]) => booking.setWorkingWeek({ practitionerId: 'adaeze-okafor', locationId: 'abuja', validFrom: '2026-12-08', intervals }, staffActor);
    expect(await week([{ weekday: 2, starts: '09:00', ends: '15:00' }])).toMatchObject({ ok: true });
    expect(one()).toMatchObject({ cause: 'plan', by: 'staff', freed: [span(from, null)], taken: [], visit: null });
    expect(await week([{ weekday: 2, starts: '09:00', ends: '15:00' }])).toMatchObject({ ok: true });
    expect(heard).toEqual([]);
    expect(await week([{ weekday: 2, starts: '10:00', ends: '15:00' }])).toMatchObject({ ok: true });
    expect(one()).toMatchObject({ cause: 'plan', freed: [], taken: [span(from, null)] });
    expect(await week([{ weekday: 3, starts: '10:00', ends: '12:00' }])).toMatchObject({ ok: true });
    expect(one()).toMatchObject({ cause: 'plan', freed: [span(from, null)], taken: [span(from, null)] });
    expect(await week([{ weekday: 9, starts: '10:00', ends: '12:00' }])).toMatchObject({ ok: false, reason: 'invalid' });
    expect(heard).toEqual([]);
  });

  it('an exception and a closure, added and removed, each say their day once', async () => {
    const day = span(new Date(lagosMidnight(TUE)), new Date(lagosMidnight('2026-12-02')), 'adaeze-okafor', null);
    const off = ok2(await booking.addException({ practitionerId: 'adaeze-okafor', date: TUE, kind: 'time_off' }, staffActor));
    expect(one()).toMatchObject({ cause: 'exception-added', freed: [], taken: [day] });
    expect(await booking.removeException(off.id, staffActor)).toEqual({ ok: true });
    expect(one()).toMatchObject({ cause: 'exception-removed', freed: [day], taken: [] });
    expect(await booking.removeException(off.id, staffActor)).toEqual({ ok: false, reason: 'not-found' });
    expect(heard).toEqual([]);
    ok2(await booking.addException({ practitionerId: 'adaeze-okafor', date: TUE, kind: 'extra_hours', locationId: 'abuja', starts: '14:00', ends: '16:00' }, staffActor));
    expect(one()).toMatchObject({ cause: 'exception-added', freed: [span(at('14:00'), at('16:00'))], taken: [] });

    const closed = ok2(await booking.addClosure({ locationId: null, date: TUE, starts: '09:00', ends: '11:00', name: 'Staff training' }, staffActor));
    expect(one()).toMatchObject({ cause: 'closure-added', freed: [], taken: [span(at('09:00'), at('11:00'), null, null)] });
    expect(await booking.removeClosure(closed.id, staffActor)).toEqual({ ok: true });
    expect(one()).toMatchObject({ cause: 'closure-removed', freed: [span(at('09:00'), at('11:00'), null, null)], taken: [] });
    expect(await booking.addClosure({ locationId: 'nowhere', date: TUE, name: 'x' }, staffActor)).toEqual({ ok: false, reason: 'unknown-location' });
    expect(heard).toEqual([]);
  });

  it('erasing a person frees the times of their visits, said once in the erasure’s transaction', async () => {
    await bookAt('09:00');
    await bookAt('10:00');
    heard = [];
    const erased = await erasePerson(store, formKeys('k'.repeat(32)), { email: 'amina@example.com' }, staffActor, personErasers(booking));
    expect(erased.visits).toBe(2);
    const change = one();
    expect(change).toMatchObject({ cause: 'erased', by: 'staff', taken: [], visit: null });
    expect(change.freed).toEqual(expect.arrayContaining([visitSpan('09:00'), visitSpan('10:00')]));
    expect(change.freed).toHaveLength(2);
  });

  it('listeners run inside the change’s transaction: one that fails leaves nothing changed', async () => {
    const failing = createBookingService({
      ...bookingDeps(store, { now: () => now }),
      listeners: [{ name: 'failing', onTimeChange: async () => Promise.reject(new Error('listener down')) }],
    });
    await expect(failing.book(bookingForm({ time: '09:00' }), patient)).rejects.toThrow('listener down');
    expect(await store.db.select().from(appointments)).toEqual([]);
    const { appointment } = await bookAt('09:00');
    await expect(failing.cancel(staff(appointment.id, appointment.version))).rejects.toThrow('listener down');
    expect((await store.db.select().from(appointments))[0]).toMatchObject({ status: 'booked' });
  });
});

function ok2<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}
