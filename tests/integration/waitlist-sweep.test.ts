import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingDeps } from '../../server/booking/deps';
import { waitlistEntries, waitlistOffers, waitlistRounds } from '../../server/booking/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { entryByToken, joinWaitlist, sweepWaitlist, waitlistListener, type JoinInput } from '../../server/booking/waitlist';
import { offerMessages } from '../../server/messages/offers';
import { visitMessages } from '../../server/messages/queue';
import { messages } from '../../server/messages/schema';
import { DEFAULT_BOOKING_RULES } from '../../shared/booking/rules';
import { lagosMoment } from '../../shared/booking/time';
import { DEFAULT_WAITLIST } from '../../shared/booking/waitlist';
import { bookingDeps, bookingForm, useBookingStore, visitor } from '../support/booking';
import { testEngines } from '../support/test-store';

// The waitlist's two gaps closed (ADR 0050), on both engines with a fixed clock: a time whose
// offers all ran out is offered again by the sweep, to the next in line, exactly once however
// many sweeps run; an entry past its last day is ended ('lapsed') and says so.
//
// Adaeze works Tuesdays 09:00–12:00; one offer per time, 30 minutes to take it.

const at = (time: string, date = '2026-12-01') => new Date(lagosMoment(date, time));
const MORNING = at('10:00', '2026-11-30');
const phoneOf = (i: number) => `+2348039${String(i).padStart(6, '0')}`;

describe.each(testEngines())('the waitlist sweep on %s', (engine) => {
  const file = useBookingStore(engine, { plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }], alsoEmpty: ['waitlist_entries', 'waitlist_rounds'] });
  let now: Date;
  let deps: BookingDeps;
  let booking: BookingService;
  beforeEach(() => {
    now = MORNING;
    const base = bookingDeps(file.store, { now: () => now, rules: { ...DEFAULT_BOOKING_RULES, cancellationNoticeMinutes: 60 } });
    const waitlist = { settings: { ...DEFAULT_WAITLIST, offersPerTime: 1 }, messages: offerMessages() };
    deps = { ...base, waitlist, listeners: [visitMessages(), waitlistListener({ rules: base.rules, waitlist })] };
    booking = createBookingService(deps);
  });
  const join = async (i: number, overrides: Partial<JoinInput> = {}) => {
    const joined = await joinWaitlist(deps, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', days: 127, parts: 7, untilDate: '2026-12-31', name: `Patient ${i}`, phone: phoneOf(i), email: null, channel: 'whatsapp', holdingAppointmentId: null, ...overrides });
    if (!joined.ok) throw new Error(joined.reason);
    return joined;
  };
  const offers = async () =>
    (await file.store.db.select({ entry: waitlistEntries.patientName, status: waitlistOffers.status, startsAt: waitlistOffers.startsAt }).from(waitlistOffers).innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId)).orderBy(asc(waitlistOffers.id))).map(
      (o) => [o.entry, o.status, o.startsAt.toISOString()],
    );
  const rounds = async () => (await file.store.db.select().from(waitlistRounds).orderBy(asc(waitlistRounds.id))).map((r) => [r.cause, r.offers]);

  it('a time whose offer ran out is offered to the next in line by the sweep, once however many sweeps run', async () => {
    // The whole morning is taken (40-minute blocks on a 15-minute grid); then 10:30 is freed.
    const booked = await booking.book(bookingForm({ time: '10:30', patient: { name: 'Amina Bello', phone: '+2348031234567', email: null } }), visitor());
    if (!booked.ok) throw new Error(booked.reason);
    for (const [i, time] of (['09:00', '09:45', '11:15'] as const).entries()) {
      const other = await booking.book(bookingForm({ time, patient: { name: `Booked ${i}`, phone: phoneOf(900 + i), email: null } }), visitor(null, phoneOf(900 + i)));
      if (!other.ok) throw new Error(`${time}: ${other.reason}`);
    }
    await join(1);
    await join(2);
    await join(3);
    const cancelled = await booking.cancel({ as: 'patient', token: booked.manageToken });
    expect(cancelled.ok).toBe(true);
    const ten = at('10:30').toISOString();
    expect(await offers()).toEqual([['Patient 1', 'pending', ten]]);
    // Before the 30 minutes are up the sweep changes nothing.
    now = new Date(MORNING.getTime() + 29 * 60_000);
    expect(await sweepWaitlist(deps)).toEqual({ expired: 0, rounds: 0, lapsed: 0 });
    // They are up: Patient 1's offer expires and 10:30 goes to Patient 2, by itself.
    now = new Date(MORNING.getTime() + 31 * 60_000);
    const sweeps = await Promise.all([sweepWaitlist(deps), sweepWaitlist(deps), sweepWaitlist(deps)]);
    expect(sweeps.reduce((n, s) => n + s.rounds, 0)).toBe(1);
    expect(await sweepWaitlist(deps)).toEqual({ expired: 0, rounds: 0, lapsed: 0 });
    expect(await rounds()).toEqual([
      ['cancelled', 1],
      ['offer-expired', 1],
    ]);
    expect(await offers()).toEqual([
      ['Patient 1', 'expired', ten],
      ['Patient 2', 'pending', ten],
    ]);
    const queued = await file.store.db.select({ kind: messages.kind, destination: messages.destination }).from(messages).where(eq(messages.kind, 'offer'));
    expect(queued.map((m) => m.destination)).toEqual([phoneOf(1), phoneOf(2)]);
    // Patient 2 lets it run out too: Patient 3 (never the same time twice to one entry).
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await sweepWaitlist(deps)).toMatchObject({ rounds: 1 });
    expect((await offers()).map(([who, status]) => [who, status])).toEqual([
      ['Patient 1', 'expired'],
      ['Patient 2', 'expired'],
      ['Patient 3', 'pending'],
    ]);
  });

  it('a time taken meanwhile is not offered again when its offer runs out', async () => {
    const booked = await booking.book(bookingForm({ time: '11:15', patient: { name: 'Amina Bello', phone: '+2348031234567', email: null } }), visitor());
    if (!booked.ok) throw new Error(booked.reason);
    await join(1, { days: 1 << 2, parts: 1 });
    await join(2, { days: 1 << 2, parts: 1 });
    await booking.cancel({ as: 'patient', token: booked.manageToken });
    const offered = await offers();
    expect(offered).toHaveLength(1);
    // Someone books 11:15 on the website: the open offer is gone (not expired), so no round follows.
    const taken = await booking.book(bookingForm({ time: '11:15', patient: { name: 'Walk In', phone: phoneOf(800), email: null } }), visitor(null, phoneOf(800)));
    expect(taken.ok).toBe(true);
    now = new Date(MORNING.getTime() + 31 * 60_000);
    expect(await sweepWaitlist(deps)).toEqual({ expired: 0, rounds: 0, lapsed: 0 });
    expect((await offers()).map(([, status]) => status)).toEqual(['gone']);
  });

  it('an entry whose last day has passed is ended and says so on its page', async () => {
    const soon = await join(1, { untilDate: '2026-12-01' });
    const later = await join(2, { untilDate: '2026-12-02' });
    now = at('23:59', '2026-12-01');
    expect(await sweepWaitlist(deps)).toMatchObject({ lapsed: 0 });
    now = at('00:01', '2026-12-02');
    expect(await sweepWaitlist(deps)).toMatchObject({ lapsed: 1 });
    expect(await sweepWaitlist(deps)).toMatchObject({ lapsed: 0 });
    const ended = await file.store.db.select().from(waitlistEntries).orderBy(asc(waitlistEntries.id));
    expect(ended.map((e) => [e.patientName, e.endedReason, e.endedAt?.toISOString() ?? null])).toEqual([
      ['Patient 1', 'lapsed', now.toISOString()],
      ['Patient 2', null, null],
    ]);
    expect(await entryByToken(deps, soon.token)).toMatchObject({ entry: { endedReason: 'lapsed' }, position: null });
    expect(await entryByToken(deps, later.token)).toMatchObject({ entry: { endedReason: null }, position: 1 });
  });
});
