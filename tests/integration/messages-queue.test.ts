import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book, confirmHold, hold } from '../../server/booking/book';
import { cancel, proveEmail, reschedule, setStatus } from '../../server/booking/changes';
import { emailProof } from '../../server/booking/phone-proof';
import type { BookingDeps, Changer } from '../../server/booking/deps';
import { appointments } from '../../server/booking/schema';
import type { Channel, ChannelAdapter, OutgoingMessage, SendResult } from '../../server/messages/channel';
import { processMessages, type MessagesWorkerOptions } from '../../server/messages/worker';
import { messageOptOuts, messages } from '../../server/messages/schema';
import type { Store } from '../../server/platform/db/store';
import { silentLogger } from '../../server/platform/http/logger';
import type { BookResult } from '../../shared/booking/results';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { addPlans, bookingDeps, bookingForm, clearBooking, newKey, ORIGIN, TEST_SECRET, useBookingStore, visitor } from '../support/booking';

// The message rows written with the booking, and the worker that sends them, on both engines,
// with a clock the tests move. Adaeze works Tuesdays and Wednesdays 09:00–17:00.

const at = (date: string, time: string) => new Date(lagosMoment(date, time));
/** Monday 30 November 2026, 10:00 in Abuja (outside the quiet hours). */
const NOW = new Date(lagosMoment('2026-11-30', '10:00'));

function ok(result: BookResult) {
  if (!result.ok) throw new Error(`expected ok, got ${result.reason}`);
  return result;
}

/** A fake channel: answers from a script (default 'sent'), records what it was given. */
function fakeChannel(channel: Channel, answers: SendResult[] = [], delayMs = 0): ChannelAdapter & { sent: OutgoingMessage[]; calls: number } {
  const fake = {
    channel,
    provider: `fake-${channel}`,
    sent: [] as OutgoingMessage[],
    calls: 0,
    async send(message: OutgoingMessage): Promise<SendResult> {
      fake.calls++;
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const answer = answers.shift() ?? { outcome: 'sent', providerId: `${channel}-${fake.calls}` };
      if (answer.outcome === 'sent') fake.sent.push(message);
      return answer;
    },
  };
  return fake;
}

describe.each(testEngines())('patient messages on %s', (engine) => {
  const db = useBookingStore(engine, {
    alsoEmpty: ['message_opt_outs'],
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '17:00' },
      { practitioner: 'adaeze-okafor', weekday: 3, starts: '09:00', ends: '17:00' },
    ],
  });
  let store: Store;
  let deps: BookingDeps;
  let clock: Date;
  beforeEach(() => {
    store = db.store;
    clock = NOW;
    deps = bookingDeps(store, { now: () => clock });
  });

  const rows = () => store.db.select().from(messages).orderBy(asc(messages.dueAt), asc(messages.id));
  const byKind = async () => Object.fromEntries((await rows()).map((r) => [r.kind, r]));
  const staff = (appointmentId: number, version: number): Extract<Changer, { as: 'staff' }> => ({ as: 'staff', appointmentId, version, uid: 'staff-1', name: 'Ngozi Nwosu' });
  const worker = (channels: Partial<Record<Channel, ChannelAdapter>>, extra: Partial<MessagesWorkerOptions> = {}): MessagesWorkerOptions => ({
    store,
    channels: { whatsapp: fakeChannel('whatsapp'), sms: fakeChannel('sms'), email: fakeChannel('email'), ...channels },
    secret: TEST_SECRET,
    publicOrigin: ORIGIN,
    logger: silentLogger,
    now: () => clock,
    backoffMs: () => 60_000,
    ...extra,
  });

  it('booking writes the confirmation (due now) and reminders at T-24 h and T-2 h in the same transaction', async () => {
    const r = ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    const k = await byKind();
    expect(Object.keys(k).sort()).toEqual(['confirmation', 'reminder_24h', 'reminder_2h']);
    expect(k.confirmation).toMatchObject({ appointmentId: r.appointment.id, channel: 'whatsapp', destination: '+2348031234567', status: 'scheduled', attempts: 0 });
    expect(k.confirmation!.dueAt.toISOString()).toBe(NOW.toISOString());
    expect(k.reminder_24h!.dueAt.toISOString()).toBe(at('2026-11-30', '14:00').toISOString());
    expect(k.reminder_2h!.dueAt.toISOString()).toBe(at('2026-12-01', '12:00').toISOString());
  });

  it('a hold writes nothing; confirming it writes the messages with the booking', async () => {
    const held = await hold(deps, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', startsAt: at('2026-12-01', '14:00'), holdKey: newKey('hold') }, visitor());
    if (!held.ok) throw new Error(held.reason);
    expect(await rows()).toEqual([]);
    ok(await confirmHold(deps, held.holdToken, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    expect(Object.keys(await byKind()).sort()).toEqual(['confirmation', 'reminder_24h', 'reminder_2h']);
  });

  it('a booking that fails writes no message (the same transaction)', async () => {
    ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    const lost = await book(deps, bookingForm({ date: '2026-12-01', time: '14:00', patient: { name: 'Bola Ade', phone: '+2348030000002', email: null } }), visitor(null, '+2348030000002'));
    expect(lost.ok).toBe(false);
    expect(await rows()).toHaveLength(3);
  });

  it('no consent, no message rows (the booking core still mails what the patient asked for)', async () => {
    ok(await book(deps, bookingForm({ time: '14:00', reminders: { channel: 'whatsapp', consent: false } }), visitor()));
    expect(await rows()).toEqual([]);
  });

  it('e-mail reminders: none until the patient proves the address (the confirmation’s link, issue 44); then only the reminders (the confirmation is the booking core’s mail)', async () => {
    const r = ok(await book(deps, bookingForm({ time: '14:00', reminders: { channel: 'email', consent: true } }), visitor()));
    expect(await rows()).toEqual([]);
    const proven = await proveEmail(deps, r.manageToken, emailProof(TEST_SECRET, r.appointment.id, r.appointment.patientEmail!));
    expect(proven.ok).toBe(true);
    expect(Object.keys(await byKind()).sort()).toEqual(['reminder_24h', 'reminder_2h']);
  });

  it('one row per appointment and kind: the unique key refuses a second', async () => {
    const r = ok(await book(deps, bookingForm({ time: '14:00' }), visitor()));
    await expect(
      store.db.insert(messages).values({ appointmentId: r.appointment.id, kind: 'reminder_24h', channel: 'sms', destination: '+2348031234567', status: 'scheduled', dueAt: NOW, nextAttemptAt: NOW }),
    ).rejects.toThrow();
    expect(await rows()).toHaveLength(3);
  });

  it('quiet hours: a reminder that would fall at night goes earlier, at 20:59 the evening before', async () => {
    // Visit 09:00 Tuesday: T-24 h is 09:00 Monday (fine); T-2 h is 07:00 Tuesday → inside 21:00–07:00? No: 07:00 is the end.
    // Visit 08:30 Wednesday: T-2 h = 06:30 (quiet) → 20:59 Tuesday.
    ok(await book(deps, bookingForm({ date: '2026-12-02', time: '09:00' }), visitor()));
    const k = await byKind();
    expect(k.reminder_2h!.dueAt.toISOString()).toBe(at('2026-12-02', '07:00').toISOString());
    await clearBooking(store);
    await addPlans(store, [{ practitioner: 'adaeze-okafor', weekday: 3, starts: '08:00', ends: '17:00' }]);
    ok(await book(deps, bookingForm({ date: '2026-12-02', time: '08:30' }), visitor()));
    const m = await byKind();
    expect(m.reminder_2h!.dueAt.toISOString()).toBe(at('2026-12-01', '20:59').toISOString());
    // SMS: never 20:00–08:00, so 19:59.
    await clearBooking(store);
    await addPlans(store, [{ practitioner: 'adaeze-okafor', weekday: 3, starts: '08:00', ends: '17:00' }]);
    ok(await book(deps, bookingForm({ date: '2026-12-02', time: '09:00', reminders: { channel: 'sms', consent: true } }), visitor()));
    const s = await byKind();
    expect(s.reminder_2h!.dueAt.toISOString()).toBe(at('2026-12-01', '19:59').toISOString());
  });

  it('reschedule moves the reminders and queues a change notice; cancel cancels what is unsent and queues the cancellation', async () => {
    const r = ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    const moved = await reschedule(deps, staff(r.appointment.id, r.appointment.version), { startsAt: at('2026-12-02', '15:00') });
    expect(moved.ok).toBe(true);
    let k = await byKind();
    expect(k.reminder_24h!.dueAt.toISOString()).toBe(at('2026-12-01', '15:00').toISOString());
    expect(k.reminder_2h!.dueAt.toISOString()).toBe(at('2026-12-02', '13:00').toISOString());
    expect(k.change).toMatchObject({ status: 'scheduled', channel: 'whatsapp' });
    const [row] = await store.db.select().from(appointments).where(eq(appointments.id, r.appointment.id));
    expect((await cancel(deps, staff(row!.id, row!.version))).ok).toBe(true);
    k = await byKind();
    for (const kind of ['confirmation', 'change', 'reminder_24h', 'reminder_2h']) expect(k[kind]!.status).toBe('cancelled');
    expect(k.cancellation).toMatchObject({ status: 'scheduled' });
    expect(k.cancellation!.dueAt.toISOString()).toBe(NOW.toISOString());
  });

  it('no-show: a follow-up inviting to book again, 3 h after the visit; taken back, it does not go', async () => {
    const r = ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    clock = at('2026-12-01', '14:30');
    const marked = await setStatus(deps, staff(r.appointment.id, r.appointment.version), 'no_show');
    if (!marked.ok) throw new Error(marked.reason);
    expect((await byKind()).no_show).toMatchObject({ status: 'scheduled', channel: 'whatsapp' });
    expect((await byKind()).no_show!.dueAt.toISOString()).toBe(at('2026-12-01', '17:00').toISOString());
    await setStatus(deps, staff(r.appointment.id, marked.appointment.version), 'booked');
    expect((await byKind()).no_show!.status).toBe('cancelled');
  });

  it('the worker sends what is due with the manage link and no health detail; not before', async () => {
    ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    const wa = fakeChannel('whatsapp');
    clock = new Date(NOW.getTime() + 60_000);
    expect(await processMessages(worker({ whatsapp: wa }))).toMatchObject({ claimed: 1, sent: 1 });
    expect(wa.sent[0]).toMatchObject({ channel: 'whatsapp', to: '+2348031234567', kind: 'confirmation' });
    expect(wa.sent[0]!.variables.manageLink).toMatch(new RegExp(`^${ORIGIN}/m/[A-Za-z0-9_-]{20,40}$`));
    expect(wa.sent[0]!.variables.firstName).toBe('Amina');
    expect(JSON.stringify(wa.sent[0])).not.toMatch(/Chiropractic|Therapy|Massage/i);
    expect((await byKind()).confirmation).toMatchObject({ status: 'sent', provider: 'fake-whatsapp', providerId: 'whatsapp-1' });
    expect(await processMessages(worker({ whatsapp: wa }))).toMatchObject({ claimed: 0 });
    clock = at('2026-11-30', '14:00');
    expect(await processMessages(worker({ whatsapp: wa }))).toMatchObject({ claimed: 1, sent: 1 });
    expect(wa.sent.map((m) => m.kind)).toEqual(['confirmation', 'reminder']);
  });

  it('two workers in parallel send each message once', async () => {
    for (let i = 0; i < 12; i++) {
      const form = bookingForm({ date: i < 6 ? '2026-12-01' : '2026-12-02', time: `${String(9 + (i % 6)).padStart(2, '0')}:00`, patient: { name: `Patient ${i}`, phone: `+23480312340${String(i).padStart(2, '0')}`, email: null } });
      ok(await book(deps, form, visitor(null, form.patient.phone)));
    }
    const wa = fakeChannel('whatsapp', [], 5);
    clock = at('2026-12-01', '08:00');
    const run = async () => {
      let total = 0;
      for (;;) {
        const r = await processMessages(worker({ whatsapp: wa }, { batchSize: 3 }));
        total += r.sent;
        if (r.claimed === 0) return total;
      }
    };
    const [a, b] = await Promise.all([run(), run()]);
    const all = await rows();
    const due = all.filter((r) => r.dueAt.getTime() <= clock.getTime()).length;
    expect(due).toBeGreaterThan(12);
    expect(a + b).toBe(due);
    expect(wa.calls).toBe(due);
    expect(new Set(wa.sent.map((m) => m.id)).size).toBe(due);
    expect(all.filter((r) => r.status === 'sent')).toHaveLength(due);
  });

  it('a provider down: retries with back-off on 5xx and timeouts, then the next channel', async () => {
    ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    await store.db.delete(messages).where(sql`${messages.kind} <> 'confirmation'`);
    const down: SendResult = { outcome: 'retry', reason: 'HTTP 503 provider error', code: 'http-503' };
    const timeout: SendResult = { outcome: 'retry', reason: 'timeout: no answer in time' };
    const wa = fakeChannel('whatsapp', [down, timeout, down]);
    const sms = fakeChannel('sms');
    const w = () => worker({ whatsapp: wa, sms }, { maxAttempts: 3 });
    clock = new Date(NOW.getTime() + 60_000);
    expect(await processMessages(w())).toMatchObject({ retried: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'scheduled', channel: 'whatsapp', attempts: 1, lastError: 'retry on whatsapp: http-503' });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);
    expect(await processMessages(w())).toMatchObject({ claimed: 0 }); // not before the back-off
    clock = new Date(clock.getTime() + 60_000);
    expect(await processMessages(w())).toMatchObject({ retried: 1 });
    clock = new Date(clock.getTime() + 60_000);
    expect(await processMessages(w())).toMatchObject({ fellBack: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'scheduled', channel: 'sms', attempts: 0, destination: '+2348031234567' });
    expect(await processMessages(w())).toMatchObject({ sent: 1 });
    expect(wa.calls).toBe(3);
    expect(sms.sent).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', channel: 'sms', provider: 'fake-sms' });
  });

  it('a permanent refusal is not retried: the next channel at once; none left → failed', async () => {
    ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    // The address proven (the confirmation's link): the reminder may fall back to it.
    await store.db.update(appointments).set({ emailProvenAt: NOW });
    await store.db.delete(messages).where(sql`${messages.kind} <> 'reminder_24h'`);
    const refused: SendResult = { outcome: 'refused', reason: 'undeliverable', code: '131026' };
    const wa = fakeChannel('whatsapp', [refused]);
    const sms = fakeChannel('sms', [{ outcome: 'refused', reason: 'HTTP 400', code: 'http-400' }]);
    const email = fakeChannel('email');
    clock = at('2026-11-30', '14:00');
    expect(await processMessages(worker({ whatsapp: wa, sms, email }))).toMatchObject({ fellBack: 1 });
    expect(await processMessages(worker({ whatsapp: wa, sms, email }))).toMatchObject({ fellBack: 1 });
    expect(await processMessages(worker({ whatsapp: wa, sms, email }))).toMatchObject({ sent: 1 });
    expect([wa.calls, sms.calls, email.calls]).toEqual([1, 1, 1]);
    expect(email.sent[0]).toMatchObject({ to: 'amina@example.com', kind: 'reminder' });
    // A confirmation never falls back to e-mail (the booking core mailed it): failed.
    await store.db.execute(sql`TRUNCATE messages`);
    ok(await book(deps, bookingForm({ date: '2026-12-01', time: '15:00' }), visitor()));
    await store.db.delete(messages).where(sql`${messages.kind} <> 'confirmation'`);
    const wa2 = fakeChannel('whatsapp', [refused]);
    const sms2 = fakeChannel('sms', [{ outcome: 'refused', reason: 'HTTP 400', code: 'http-400' }]);
    await processMessages(worker({ whatsapp: wa2, sms: sms2, email }));
    expect(await processMessages(worker({ whatsapp: wa2, sms: sms2, email }))).toMatchObject({ failed: 1 });
    expect((await rows())[0]).toMatchObject({ status: 'failed', lastError: 'refused on sms: http-400' });
  });

  it('an opt-out refusal is recorded for the number, and that channel is not used again', async () => {
    ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    clock = new Date(NOW.getTime() + 60_000);
    const wa = fakeChannel('whatsapp', [{ outcome: 'refused', reason: 'opted out', code: '131050', optedOut: true }]);
    const sms = fakeChannel('sms');
    await processMessages(worker({ whatsapp: wa, sms }));
    expect(await store.db.select().from(messageOptOuts)).toMatchObject([{ destination: '+2348031234567', channel: 'whatsapp', source: 'provider-refusal' }]);
    clock = at('2026-11-30', '14:00');
    await processMessages(worker({ whatsapp: wa, sms }));
    expect(wa.calls).toBe(1);
    expect(sms.sent.map((m) => m.kind).sort()).toEqual(['confirmation', 'reminder']);
  });

  it('a restart mid-send: the claim lapses and another worker sends it once', async () => {
    ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    await store.db.delete(messages).where(sql`${messages.kind} <> 'confirmation'`);
    clock = new Date(NOW.getTime() + 60_000);
    // The first worker claims the row and dies before sending (its process ended).
    await store.db.execute(sql`UPDATE messages SET status = 'sending', locked_until = ${new Date(clock.getTime() + 90_000).toISOString()}::timestamptz, attempts = 1`);
    const wa = fakeChannel('whatsapp');
    expect(await processMessages(worker({ whatsapp: wa }))).toMatchObject({ claimed: 0 }); // still claimed
    clock = new Date(clock.getTime() + 91_000);
    expect(await processMessages(worker({ whatsapp: wa }))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await processMessages(worker({ whatsapp: wa }))).toMatchObject({ claimed: 0 });
    expect(wa.calls).toBe(1);
  });

  it('a worker whose row was cancelled while it sent does not overwrite the cancellation', async () => {
    const r = ok(await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor()));
    await store.db.delete(messages).where(sql`${messages.kind} <> 'confirmation'`);
    clock = new Date(NOW.getTime() + 60_000);
    const slow: ChannelAdapter = {
      channel: 'whatsapp',
      provider: 'slow',
      send: async () => {
        await cancel(deps, staff(r.appointment.id, r.appointment.version));
        return { outcome: 'sent', providerId: 'late' };
      },
    };
    await processMessages(worker({ whatsapp: slow }));
    expect((await byKind()).confirmation).toMatchObject({ status: 'cancelled' });
  });
});
