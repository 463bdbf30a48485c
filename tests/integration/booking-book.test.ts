import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book, bookFromRequest, confirmHold, hold, releaseHold } from '../../server/booking/book';
import { appointmentByToken, cancel, proveEmail, reschedule, revokeManageLinks, setStatus } from '../../server/booking/changes';
import { emailProof } from '../../server/booking/phone-proof';
import type { BookingDeps, Changer } from '../../server/booking/deps';
import { signToken } from '../../server/booking/manage-token';
import { freeTimes } from '../../server/booking/repo';
import { appointmentEvents, appointments } from '../../server/booking/schema';
import { outbox } from '../../server/platform/mail/outbox';
import { requestEvents, requests } from '../../server/requests/schema';
import type { Store } from '../../server/platform/db/store';
import { BOOKING_REFERENCE_PATTERN } from '../../shared/booking/reference';
import type { BookResult, ChangeResult } from '../../shared/booking/results';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { submit } from '../support/submit';
import { addAppointments, bookingDeps, bookingForm, INBOX, newKey, NOW, ORIGIN, TEST_SECRET, useBookingStore, visitor } from '../support/booking';

// The booking functions on both engines, through the real transactions. Adaeze and Funmilayo
// work Tuesdays 09:00–12:00 (both give service 1: 30-minute follow-ups, 10 minutes' buffer).

const TUE = '2026-12-01';
const at = (time: string, date = TUE) => new Date(lagosMoment(date, time));

function ok<T extends BookResult | ChangeResult>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${result.reason}`);
  return result as Extract<T, { ok: true }>;
}

describe.each(testEngines())('booking on %s', (engine) => {
  const db = useBookingStore(engine, {
    alsoEmpty: ['requests', 'request_events'],
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' },
      { practitioner: 'funmilayo-adeyemi', weekday: 2, starts: '09:00', ends: '12:00' },
    ],
  });
  let store: Store;
  let deps: BookingDeps;
  beforeEach(() => {
    store = db.store;
    deps = bookingDeps(store);
  });

  const rows = () => store.db.select().from(appointments).orderBy(appointments.id);
  const active = async () => (await rows()).filter((r) => r.status !== 'cancelled');
  const free = async (practitionerId = 'adaeze-okafor', now = NOW) => {
    const r = await freeTimes(store.db, { serviceId: '1', visitKind: 'follow_up', practitionerId, fromDate: TUE, toDate: TUE }, deps.rules, now);
    if (!r.ok) throw new Error(r.reason);
    return r.days[0]!.slots.map((s) => s.time);
  };
  const staff = (appointmentId: number, version: number): Extract<Changer, { as: 'staff' }> => ({ as: 'staff', appointmentId, version, uid: 'staff-uid-1', name: 'Ngozi Nwosu' });

  it('books a free time in one transaction: the row, its history, the clinic’s notice and the patient’s confirmation with a calendar file, none with a health detail', async () => {
    const result = ok(await book(deps, bookingForm({ time: '09:30' }), visitor('patient-uid')));
    expect(result.duplicate).toBe(false);
    expect(result.appointment).toMatchObject({ status: 'booked', practitionerId: 'adaeze-okafor', serviceId: '1', visitKind: 'follow_up', startsAt: at('09:30').toISOString(), endsAt: at('10:00').toISOString(), blockedUntil: at('10:10').toISOString(), patientUid: 'patient-uid', reminderChannel: 'whatsapp', createdBy: 'visitor' });
    expect(result.appointment.reference).toMatch(BOOKING_REFERENCE_PATTERN);
    expect(result.appointment.remindersConsentAt).toBe(NOW.toISOString());
    const [event] = await store.db.select().from(appointmentEvents);
    expect(event).toMatchObject({ appointmentId: result.appointment.id, actor: 'visitor', action: 'booked', toStatus: 'booked' });
    const mails = await store.db.select().from(outbox).orderBy(outbox.id);
    expect(mails.map((m) => m.to)).toEqual([INBOX, 'amina@example.com']);
    expect(mails[0]!.text).toContain(`${ORIGIN}/staff/bookings/${result.appointment.reference}`);
    const patientMail = mails[1]!;
    expect(patientMail.text).toContain('Tuesday 1 December 2026, 9:30 am to 10:00 am');
    expect(patientMail.text).toContain('Dr. Adaeze Okafor');
    expect(patientMail.text).toContain(`${ORIGIN}/booking/manage/${result.manageToken}`);
    const ics = Buffer.from(patientMail.attachments![0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('DTSTART;TZID=Africa/Lagos:20261201T093000');
    expect(ics).toContain('DTEND;TZID=Africa/Lagos:20261201T100000');
    expect(ics).toContain(`UID:${result.appointment.reference.toLowerCase()}@clinic.example`);
    for (const m of mails) for (const secret of ['Chiropractic', 'Therapy', 'spine', 'back']) expect(`${m.subject}\n${m.text}`).not.toContain(secret);
    expect(mails[0]!.text).not.toContain('Amina');
    // The time is no longer offered; the patient's manage link opens it.
    expect(await free()).not.toContain('09:30');
    expect(ok(await appointmentByToken(deps, result.manageToken)).appointment.id).toBe(result.appointment.id);
  });

  it('is idempotent: the same key books once, also when sent concurrently', async () => {
    const form = bookingForm({ time: '10:00' });
    const first = ok(await book(deps, form, visitor()));
    const again = ok(await book(deps, { ...form, patient: { ...form.patient, name: 'Sent Twice' } }, visitor()));
    expect(again).toMatchObject({ duplicate: true, appointment: { id: first.appointment.id, patientName: 'Amina Bello' } });
    const racing = bookingForm({ time: '11:00' });
    const results = await Promise.all(Array.from({ length: 10 }, () => book(deps, racing, visitor())));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.ok && r.appointment.id)).size).toBe(1);
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(await active()).toHaveLength(2);
    expect((await store.db.select({ n: count() }).from(outbox))[0]!.n).toBe(4); // two bookings, two mails each
  });

  it('200 attempts on one time through book(), ten racing at once (the pool’s connections): exactly one booking and 199 conflicts with alternatives', { timeout: 120_000 }, async () => {
    // As many racing in the database at once as the store has connections (PostgreSQL's pool: 10;
    // PGlite: one): the rest would only queue for a connection, and on a loaded machine that queue
    // outlasted the pool's 10 s wait ("timeout exceeded when trying to connect"), which is not
    // what this checks.
    // Two hundred people, each with their own proven phone (one phone's bookings queue behind a lock on it: caps.ts).
    const phoneOf = (i: number) => `+23480312${String(i).padStart(5, '0')}`;
    const attempt = (i: number) => book(deps, bookingForm({ time: '10:30', patient: { name: `Racer ${i}`, phone: phoneOf(i), email: null } }), visitor(null, phoneOf(i)));
    const results: BookResult[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = next++; i < 200; i = next++) results[i] = await attempt(i);
      }),
    );
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r): r is Extract<BookResult, { ok: false }> => !r.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(199);
    expect(new Set(lost.map((r) => r.reason))).toEqual(new Set(['conflict']));
    // Nearest to 10:30: 09:45 and 11:15 (45 min away), then 09:30 and 11:30 (an hour): the earlier on a tie.
    expect(lost[0]!.alternatives!.map((s) => s.time)).toEqual(['09:30', '09:45', '11:15']);
    expect(await active()).toHaveLength(1);
    expect((await store.db.select({ n: count() }).from(appointmentEvents))[0]!.n).toBe(1);
  });

  it('"any available" books whoever is still free: two practitioners, three racers, two bookings', async () => {
    const results = await Promise.all([0, 1, 2].map(() => book(deps, bookingForm({ time: '09:00', practitionerId: 'any' }), visitor())));
    expect(results.filter((r) => r.ok).map((r) => r.ok && r.appointment.practitionerId).sort()).toEqual(['adaeze-okafor', 'funmilayo-adeyemi']);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(['conflict']);
  });

  it('refuses what is not a free slot, past, too soon or too far, and a practitioner who does not give the service', async () => {
    const patient = visitor();
    const offGrid = await book(deps, bookingForm({ time: '09:10' }), patient);
    expect(offGrid).toMatchObject({ ok: false, reason: 'not-free' });
    expect(!offGrid.ok && offGrid.alternatives!.map((s) => s.time)).toEqual(['09:00', '09:15', '09:30']);
    expect(await book(deps, bookingForm({ time: '13:00' }), patient)).toMatchObject({ ok: false, reason: 'not-free' });
    expect(await book(deps, bookingForm({ date: '2026-11-24' }), patient)).toEqual({ ok: false, reason: 'past' });
    const soon = bookingDeps(store, { now: () => at('08:00') });
    expect(await book(soon, bookingForm({ time: '09:30' }), patient)).toEqual({ ok: false, reason: 'too-soon' });
    // Staff book a phone call's visit for later today.
    expect((await book(soon, bookingForm({ time: '09:30' }), { kind: 'staff', uid: 'staff-uid-1', name: 'Ngozi Nwosu' })).ok).toBe(true);
    expect(await book(deps, bookingForm({ date: '2027-02-02' }), patient)).toEqual({ ok: false, reason: 'too-far' });
    expect(await book(deps, bookingForm({ practitionerId: 'ibrahim-musa' }), patient)).toEqual({ ok: false, reason: 'service-not-given' });
    expect(await book(deps, bookingForm({ practitionerId: 'halima-bello' }), patient)).toEqual({ ok: false, reason: 'unknown-practitioner' });
    expect(await book(deps, bookingForm({ serviceId: 'x' }), patient)).toEqual({ ok: false, reason: 'unknown-service' });
  });

  it('a lapsed hold does not block: the next booking deletes it, and of two racers for its time only one wins', async () => {
    await addAppointments(store, [{ practitioner: 'adaeze-okafor', date: TUE, starts: '09:00', minutes: 30, status: 'held', holdExpiresAt: new Date(NOW.getTime() - 1000) }]);
    const results = await Promise.all([0, 1].map(() => book(deps, bookingForm({ time: '09:00' }), visitor())));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'conflict')).toHaveLength(1);
    expect((await rows()).map((r) => r.status)).toEqual(['booked']);
  });

  it('holds a time for the visitor: others cannot take it, the holder confirms it (even just after it lapsed), and a hold taken over answers a conflict', async () => {
    const patient = visitor();
    const held = await hold(deps, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', startsAt: at('09:00'), holdKey: newKey('hold') }, patient);
    if (!held.ok) throw new Error(held.reason);
    expect(held.expiresAt).toBe(new Date(NOW.getTime() + 7 * 60_000).toISOString());
    expect(await free()).not.toContain('09:00');
    expect(await book(deps, bookingForm({ time: '09:00' }), patient)).toMatchObject({ ok: false, reason: 'conflict' });
    // Eight minutes later the hold has lapsed but nobody needed the time: it is still the holder's.
    const later = bookingDeps(store, { now: () => new Date(NOW.getTime() + 8 * 60_000) });
    const confirmed = ok(await confirmHold(later, held.holdToken, bookingForm({ time: '09:00' }), patient));
    expect(confirmed.appointment).toMatchObject({ id: held.appointment.id, reference: held.appointment.reference, status: 'booked', holdExpiresAt: null });

    // Another hold lapses and someone else books its time: confirming it answers a conflict.
    const second = await hold(deps, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', startsAt: at('10:00'), holdKey: newKey('hold') }, patient);
    if (!second.ok) throw new Error(second.reason);
    ok(await book(later, bookingForm({ time: '10:00' }), patient));
    expect(await confirmHold(later, second.holdToken, bookingForm({ time: '10:00' }), patient)).toMatchObject({ ok: false, reason: 'conflict' });
    // A third is released: its time is free again.
    const third = await hold(deps, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', startsAt: at('11:00'), holdKey: newKey('hold') }, patient);
    if (!third.ok) throw new Error(third.reason);
    expect(await releaseHold(deps, third.holdToken)).toBe(true);
    expect(await free()).toContain('11:00');
    expect(await confirmHold(deps, `${held.holdToken}x`, bookingForm({ time: '11:30' }), patient)).toEqual({ ok: false, reason: 'bad-token' });
  });

  it('reschedules the same row: the old time is free at once, a move by a quarter hour overlapping itself works, a taken time answers a conflict', async () => {
    const visiting = visitor();
    const first = ok(await book(deps, bookingForm({ time: '09:00' }), visiting));
    const patient: Changer = { as: 'patient', token: first.manageToken };
    // The patient confirmed their address from the confirmation's link: word of each move goes there
    // (to an address nobody proved, nothing beyond the confirmation: booking-abuse.test.ts).
    const proven = ok(await proveEmail(deps, first.manageToken, emailProof(TEST_SECRET, first.appointment.id, first.appointment.patientEmail!)));
    const moved = ok(await reschedule(deps, patient, { startsAt: at('09:15') }));
    expect(moved.appointment).toMatchObject({ id: first.appointment.id, reference: first.appointment.reference, startsAt: at('09:15').toISOString(), version: proven.appointment.version + 1 });
    const far = ok(await reschedule(deps, patient, { startsAt: at('11:00') }));
    expect(far.appointment.startsAt).toBe(at('11:00').toISOString());
    // The old time is free: someone else books it.
    expect(await free()).toContain('09:15');
    ok(await book(deps, bookingForm({ time: '09:15' }), visiting));
    const taken = await reschedule(deps, patient, { startsAt: at('09:15') });
    expect(taken).toMatchObject({ ok: false, reason: 'conflict' });
    expect(!taken.ok && taken.alternatives!.length).toBe(3);
    const events = await store.db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, first.appointment.id));
    expect(events.map((e) => e.action)).toEqual(['booked', 'email-proven', 'moved', 'moved']);
    const movedMails = (await store.db.select().from(outbox)).filter((m) => m.subject.startsWith('Your visit has moved'));
    expect(movedMails).toHaveLength(2);
    // Staff move it to another practitioner.
    const row = (await rows()).find((r) => r.id === first.appointment.id)!;
    const other = ok(await reschedule(deps, staff(row.id, row.version), { startsAt: at('11:00'), practitionerId: 'funmilayo-adeyemi' }));
    expect(other.appointment.practitionerId).toBe('funmilayo-adeyemi');
    expect(await free('adaeze-okafor')).toContain('11:00');
  });

  it('the patient cancels up to the cancellation notice; inside it they are told to call, staff may still; the time is free again', async () => {
    const patient = visitor();
    const booked = ok(await book(deps, bookingForm({ time: '10:00' }), patient));
    const dayBefore = bookingDeps(store, { now: () => at('11:00', '2026-11-30') }); // 23 hours before
    expect(await cancel(dayBefore, { as: 'patient', token: booked.manageToken })).toEqual({ ok: false, reason: 'too-late' });
    expect(await reschedule(dayBefore, { as: 'patient', token: booked.manageToken }, { startsAt: at('11:00') })).toEqual({ ok: false, reason: 'too-late' });
    const byStaff = ok(await cancel(dayBefore, staff(booked.appointment.id, booked.appointment.version)));
    expect(byStaff.appointment.status).toBe('cancelled');
    expect(await free()).toContain('10:00');

    const second = ok(await book(deps, bookingForm({ time: '11:00' }), patient));
    ok(await proveEmail(deps, second.manageToken, emailProof(TEST_SECRET, second.appointment.id, second.appointment.patientEmail!)));
    const cancelled = ok(await cancel(deps, { as: 'patient', token: second.manageToken }));
    expect(cancelled.appointment).toMatchObject({ status: 'cancelled', cancelledAt: NOW.toISOString() });
    expect(ok(await cancel(deps, { as: 'patient', token: second.manageToken })).appointment.status).toBe('cancelled'); // again: nothing changes
    const mail = (await store.db.select().from(outbox)).find((m) => m.subject.includes('is cancelled'))!;
    expect(Buffer.from(mail.attachments![0]!.content, 'base64').toString('utf8')).toContain('METHOD:CANCEL');
    expect(await free()).toContain('11:00');
  });

  it('refuses a tampered, expired, revoked or wrong-purpose manage token', async () => {
    const booked = ok(await book(deps, bookingForm({ time: '10:00' }), visitor()));
    const token = booked.manageToken;
    // The next booking's numbers under this token's MAC (its last 12 bytes).
    const bytes = Buffer.from(token, 'base64url');
    const other = Buffer.from(signToken('another-secret-0123456789abcdef0123456789', { purpose: 'manage', appointmentId: booked.appointment.id + 1, version: 1, expiresAt: at('10:00', '2027-01-01') }), 'base64url');
    const otherId = Buffer.concat([other.subarray(0, -12), bytes.subarray(-12)]).toString('base64url');
    const alteredMac = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [otherId, alteredMac, `${token}x`, `x${token}`, '', 'not-a-token', `${token}.x`, `${token}.${token}`]) {
      expect(await appointmentByToken(deps, bad), bad).toEqual({ ok: false, reason: 'bad-token' });
    }
    const afterExpiry = bookingDeps(store, { now: () => new Date(at('10:00').getTime() + 31 * 86_400_000) });
    expect(await appointmentByToken(afterExpiry, token)).toEqual({ ok: false, reason: 'bad-token' });
    const signedElsewhere = signToken('another-secret-0123456789abcdef0123456789', { purpose: 'manage', appointmentId: booked.appointment.id, version: 1, expiresAt: at('10:00', '2027-01-01') });
    expect(await appointmentByToken(deps, signedElsewhere)).toEqual({ ok: false, reason: 'bad-token' });
    const holdPurpose = signToken(TEST_SECRET, { purpose: 'hold', appointmentId: booked.appointment.id, version: 1, expiresAt: at('10:00', '2027-01-01') });
    expect(await appointmentByToken(deps, holdPurpose)).toEqual({ ok: false, reason: 'bad-token' });
    const revoked = ok(await revokeManageLinks(deps, staff(booked.appointment.id, booked.appointment.version)));
    expect(await appointmentByToken(deps, token)).toEqual({ ok: false, reason: 'bad-token' });
    expect(await cancel(deps, { as: 'patient', token })).toEqual({ ok: false, reason: 'bad-token' });
    expect(ok(await appointmentByToken(deps, revoked.manageToken!)).appointment.id).toBe(booked.appointment.id);
  });

  it('staff record arrived, completed and no-show with history; stale versions and impossible steps are refused', async () => {
    const booked = ok(await book(deps, bookingForm({ time: '10:00' }), visitor()));
    const id = booked.appointment.id;
    expect(await setStatus(deps, staff(id, booked.appointment.version), 'no_show')).toEqual({ ok: false, reason: 'too-early' });
    expect(await setStatus(deps, staff(id, booked.appointment.version), 'arrived')).toEqual({ ok: false, reason: 'too-early' }); // the day before
    const onTheDay = bookingDeps(store, { now: () => at('10:05') });
    const arrived = ok(await setStatus(onTheDay, staff(id, booked.appointment.version), 'arrived'));
    expect(await setStatus(onTheDay, staff(id, booked.appointment.version), 'completed')).toEqual({ ok: false, reason: 'stale' });
    const completed = ok(await setStatus(onTheDay, staff(id, arrived.appointment.version), 'completed'));
    expect(completed.appointment.status).toBe('completed');
    expect(await cancel(onTheDay, staff(id, completed.appointment.version))).toEqual({ ok: false, reason: 'not-changeable' });
    expect(await setStatus(onTheDay, staff(id, completed.appointment.version), 'no_show')).toEqual({ ok: false, reason: 'not-changeable' });
    const history = await store.db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, id)).orderBy(appointmentEvents.id);
    expect(history.map((e) => [e.action, e.fromStatus, e.toStatus, e.actor])).toEqual([
      ['booked', null, 'booked', 'visitor'],
      ['status', 'booked', 'arrived', 'staff-uid-1'],
      ['status', 'arrived', 'completed', 'staff-uid-1'],
    ]);
    expect(history[1]!.detail).toEqual({ by: 'Ngozi Nwosu' });
    expect(await setStatus(deps, staff(9999, 1), 'arrived')).toEqual({ ok: false, reason: 'not-found' });
  });

  it('staff turn a call-back request into a booking: the request is booked in the same transaction; an unknown request books nothing', async () => {
    const request = await submit(store, { kind: 'appointment', idempotencyKey: newKey('req'), name: 'Chidi Obi', phone: '+2348031234567', payload: { message: 'Lower back pain' }, notify: null });
    const actor = { kind: 'staff' as const, uid: 'staff-uid-1', name: 'Ngozi Nwosu' };
    const booked = ok(await bookFromRequest(deps, request.reference, bookingForm({ time: '09:30', patient: { name: 'Chidi Obi', phone: '+2348031234567', email: null } }), actor));
    const [row] = await store.db.select().from(requests);
    expect(row).toMatchObject({ status: 'booked', visitAt: at('09:30'), version: 2 });
    expect(booked.appointment.requestId).toBe(row!.id);
    expect(booked.appointment.createdBy).toBe('staff-uid-1');
    const [event] = await store.db.select().from(requestEvents).where(eq(requestEvents.action, 'status'));
    expect(event).toMatchObject({ actor: 'staff-uid-1', fromStatus: 'new', toStatus: 'booked', detail: { by: 'Ngozi Nwosu', booking: booked.appointment.reference } });
    // Staff bookings send no notice to the clinic's inbox (staff made them) and no e-mail without an address.
    expect(await store.db.select().from(outbox)).toEqual([]);
    expect(await bookFromRequest(deps, 'APT-ZZZZZ', bookingForm({ time: '11:00' }), actor)).toEqual({ ok: false, reason: 'not-found' });
    expect(await active()).toHaveLength(1);
  });
});
