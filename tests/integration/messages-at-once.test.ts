import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book } from '../../server/booking/book';
import { cancel } from '../../server/booking/changes';
import { messages } from '../../server/messages/schema';
import type { Store } from '../../server/platform/db/store';
import { outbox } from '../../server/platform/mail/outbox';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { bookingDeps, bookingForm, ORIGIN, TEST_SECRET, useBookingStore, visitor } from '../support/booking';
import type { ChannelAdapter } from '../../server/messages/channel';
import { processMessages } from '../../server/messages/worker';
import { silentLogger } from '../../server/platform/http/logger';

// Confirmations at once (issue 46): a patient who has just booked, moved or cancelled is awake
// and waiting, so at 23:30 their confirmation goes at once on WhatsApp and by e-mail; the quiet
// hours (21:00–07:00) stay for what they did not just ask for (a change staff made), and SMS
// keeps the operators' window (20:00–08:00).

const at = (date: string, time: string) => new Date(lagosMoment(date, time));
const LATE = at('2026-11-30', '23:30');

describe.each(testEngines())('confirmations at once on %s', (engine) => {
  const db = useBookingStore(engine, { plans: [{ practitioner: 'adaeze-okafor', weekday: 3, starts: '09:00', ends: '12:00' }] });
  let store: Store;
  beforeEach(() => {
    store = db.store;
  });
  const deps = () => bookingDeps(store, { now: () => LATE });
  const due = async (appointmentId: number, kind: string) => (await store.db.select().from(messages).where(eq(messages.appointmentId, appointmentId))).find((m) => m.kind === kind)?.dueAt.toISOString();

  it('booked at 23:30: the WhatsApp confirmation is due at once, the mail is queued at once; by SMS it waits for 08:00', async () => {
    const whatsapp = await book(deps(), bookingForm({ date: '2026-12-02', time: '09:00' }), visitor());
    if (!whatsapp.ok) throw new Error(whatsapp.reason);
    expect(await due(whatsapp.appointment.id, 'confirmation')).toBe(LATE.toISOString());
    const mails = await store.db.select().from(outbox);
    expect(mails.filter((m) => m.to === 'amina@example.com' && m.status === 'pending')).toHaveLength(1);
    const sms = await book(deps(), bookingForm({ date: '2026-12-02', time: '10:00', reminders: { channel: 'sms', consent: true }, patient: { name: 'Bola', phone: '+2348030000002', email: null } }), visitor(null, '+2348030000002'));
    if (!sms.ok) throw new Error(sms.reason);
    expect(await due(sms.appointment.id, 'confirmation')).toBe(at('2026-12-01', '08:00').toISOString());
    // And the worker sends it then: at 23:30 the WhatsApp confirmation goes; the SMS one is not due.
    const went: string[] = [];
    const memory = (channel: 'whatsapp' | 'sms' | 'email'): ChannelAdapter => ({ channel, provider: 'memory', send: async (m) => (went.push(`${m.channel} ${m.kind}`), { outcome: 'sent', providerId: `mem-${went.length}` }) });
    const round = await processMessages({ store, channels: { whatsapp: memory('whatsapp'), sms: memory('sms'), email: memory('email') }, secret: TEST_SECRET, publicOrigin: ORIGIN, logger: silentLogger, now: () => LATE });
    expect(round).toMatchObject({ sent: 1, retried: 0 });
    expect(went).toEqual(['whatsapp confirmation']);
  });

  it('cancelled at 23:30 by the patient: the notice at once; by staff: at 07:00', async () => {
    const mine = await book(deps(), bookingForm({ date: '2026-12-02', time: '09:00' }), visitor());
    const theirs = await book(deps(), bookingForm({ date: '2026-12-02', time: '10:00', patient: { name: 'Bola', phone: '+2348030000002', email: null } }), visitor(null, '+2348030000002'));
    if (!mine.ok || !theirs.ok) throw new Error('not booked');
    expect((await cancel(deps(), { as: 'patient', token: mine.manageToken })).ok).toBe(true);
    expect(await due(mine.appointment.id, 'cancellation')).toBe(LATE.toISOString());
    expect((await cancel(deps(), { as: 'staff', appointmentId: theirs.appointment.id, version: theirs.appointment.version, uid: 'staff-1', name: 'Ngozi' })).ok).toBe(true);
    expect(await due(theirs.appointment.id, 'cancellation')).toBe(at('2026-12-01', '07:00').toISOString());
  });
});
