import { createHmac } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book } from '../../server/booking/book';
import { appointmentEvents, appointments } from '../../server/booking/schema';
import type { BookingDeps } from '../../server/booking/deps';
import type { SmsConfig, WhatsAppConfig } from '../../server/messages/config';
import { messageOptOuts, messages, webhookEvents } from '../../server/messages/schema';
import { setReminders } from '../../server/booking/changes';
import type { Store } from '../../server/platform/db/store';
import type { App } from '../../server/app/app';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { makeTestApp } from '../support/test-app';
import { bookingDeps, bookingForm, useBookingStore, visitor } from '../support/booking';
import { createBookingService } from '../../server/booking/service';

// The providers' webhooks through the app, on both engines: a valid signature updates the
// message; a bad one is 401 and changes nothing; STOP withdraws the patient's consent.

const APP_SECRET = 'whatsapp-app-secret-0123456789';
const VERIFY = 'verify-token-abc';
const TERMII_SECRET = 'termii-webhook-secret-0123456789';
const PHONE = '+2348031234567';
const whatsapp: WhatsAppConfig = { provider: 'whatsapp-cloud', accessToken: 'x'.repeat(30), phoneNumberId: '123456789', appSecret: APP_SECRET, verifyToken: VERIFY, apiBase: 'http://127.0.0.1:9', apiVersion: 'v26.0', language: 'en', codeTemplate: 'verification_code' };
const sms: SmsConfig = { provider: 'termii', apiKey: 'k'.repeat(20), senderId: 'Clinic', apiBase: 'http://127.0.0.1:9', webhookSecret: TERMII_SECRET };

const sign256 = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const sign512 = (body: string, secret = TERMII_SECRET) => createHmac('sha512', secret).update(body).digest('hex');

const statusPayload = (wamid: string, status: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id: wamid, status, timestamp: '1764500000', recipient_id: '2348031234567', ...extra }] } }] }],
  });
/** Monday 30 November 2026, 12:00 in Abuja: after the consent given at the booking (10:00). */
const AFTER_CONSENT = '1796036400';
/** 09:00 that morning: before it. */
const BEFORE_CONSENT = '1796025600';
const inboundPayload = (text: string, { id = 'wamid.in1', at = AFTER_CONSENT } = {}) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ id, from: '2348031234567', timestamp: at, type: 'text', text: { body: text } }] } }] }],
  });

describe.each(testEngines())('messages webhooks on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['message_opt_outs', 'webhook_events'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '17:00' }] });
  let store: Store;
  let deps: BookingDeps;
  let app: App;
  beforeAll(() => {
    store = db.store;
    // The app's booking on the file's clock: a failed message's fallback is judged by it (the visit not started yet), on any real date.
    app = makeTestApp({ store, messaging: { whatsapp, sms }, booking: createBookingService(bookingDeps(store, { now: () => new Date(lagosMoment('2026-11-30', '12:00')) })) });
  });
  beforeEach(async () => {
    deps = bookingDeps(store, { now: () => new Date(lagosMoment('2026-11-30', '10:00')) });
    const r = await book(deps, bookingForm({ date: '2026-12-01', time: '14:00' }), visitor());
    if (!r.ok) throw new Error(r.reason);
    // The confirmation went out on WhatsApp as wamid.A, the 24 h reminder by SMS as 9001.
    await store.db.execute(sql`UPDATE messages SET status = 'sent', provider_id = 'wamid.A', sent_at = now() WHERE kind = 'confirmation'`);
    await store.db.execute(sql`UPDATE messages SET status = 'sent', channel = 'sms', provider_id = '9001', sent_at = now() WHERE kind = 'reminder_24h'`);
  });

  const byKind = async () => Object.fromEntries((await store.db.select().from(messages).orderBy(asc(messages.id))).map((r) => [r.kind, r]));

  it('answers the verification challenge for our verify token only', async () => {
    const good = await request(app).get('/webhooks/whatsapp').query({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '1158201444' });
    expect(good.status).toBe(200);
    expect(good.text).toBe('1158201444');
    const bad = await request(app).get('/webhooks/whatsapp').query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'nope-nope', 'hub.challenge': '1' });
    expect(bad.status).toBe(403);
  });

  it('a validly signed status update moves the message to delivered, then read (never back)', async () => {
    const delivered = statusPayload('wamid.A', 'delivered');
    expect((await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(delivered)).send(delivered)).status).toBe(200);
    expect((await byKind()).confirmation).toMatchObject({ status: 'delivered' });
    const read = statusPayload('wamid.A', 'read');
    await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(read)).send(read);
    await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(delivered)).send(delivered);
    const row = (await byKind()).confirmation!;
    expect(row.status).toBe('read');
    expect(row.readAt).not.toBeNull();
  });

  it('a bad or missing signature is 401 and changes nothing', async () => {
    const body = statusPayload('wamid.A', 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    const before = await byKind();
    expect((await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(body, 'another-secret-0123456')).send(body)).status).toBe(401);
    expect((await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').send(body)).status).toBe(401);
    const stop = inboundPayload('STOP');
    expect((await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(stop + ' ')).send(stop)).status).toBe(401);
    expect(await byKind()).toEqual(before);
    expect(await store.db.select().from(messageOptOuts)).toEqual([]);
    const report = JSON.stringify({ type: 'outbound', id: 'x', message_id: '9001', receiver: '2348031234567', status: 'Delivered', sent_at: '2026-11-30 14:00:05' });
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(report, 'wrong-secret-0123456789')).send(report)).status).toBe(401);
    expect(await byKind()).toEqual(before);
  });

  it('a failed status is recorded with its class, and the message goes again on the next channel', async () => {
    const body = statusPayload('wamid.A', 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expect((await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(body)).send(body)).status).toBe(200);
    expect((await byKind()).confirmation).toMatchObject({ status: 'scheduled', channel: 'sms', destination: PHONE, attempts: 0, providerId: null, lastError: 'failed on whatsapp: 131026' });
    // An SMS reported failed with no channel left (confirmations do not fall back to e-mail): failed.
    const report = JSON.stringify({ type: 'outbound', id: 'x', message_id: '9002', receiver: '2348031234567', status: 'DND Active on Phone Number', sent_at: '2026-11-30 14:00:05' });
    await store.db.execute(sql`UPDATE messages SET status = 'sent', provider_id = '9002' WHERE kind = 'confirmation'`);
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(report)).send(report)).status).toBe(200);
    expect((await byKind()).confirmation).toMatchObject({ status: 'failed', channel: 'sms', lastError: 'failed on sms: DND Active on Phone Number' });
  });

  it('a signed Termii delivery report marks the SMS delivered', async () => {
    const report = JSON.stringify({ type: 'outbound', id: 'x', message_id: '9001', receiver: '2348031234567', status: 'Delivered', sent_at: '2026-11-30 14:00:05' });
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(report)).send(report)).status).toBe(200);
    expect((await byKind()).reminder_24h).toMatchObject({ status: 'delivered' });
  });

  it('STOP withdraws the consent for that phone: unsent messages cancelled, opt-out kept, a history line', async () => {
    const stop = inboundPayload('Stop');
    expect((await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(stop)).send(stop)).status).toBe(200);
    const [appointment] = await store.db.select().from(appointments);
    expect(appointment).toMatchObject({ reminderChannel: 'none', remindersConsentAt: null });
    const k = await byKind();
    expect(k.reminder_2h).toMatchObject({ status: 'cancelled', lastError: 'opted out (STOP)' });
    expect(k.confirmation).toMatchObject({ status: 'sent' });
    expect((await store.db.select().from(messageOptOuts)).map((o) => [o.destination, o.channel]).sort()).toEqual([
      [PHONE, 'sms'],
      [PHONE, 'whatsapp'],
    ]);
    expect((await store.db.select().from(appointmentEvents)).map((e) => e.action)).toContain('reminders-stopped');
    // "stop" inside a sentence is not an opt-out.
    await store.db.execute(sql`TRUNCATE message_opt_outs`);
    const chat = inboundPayload('Please do not stop my visit');
    await request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(chat)).send(chat);
    expect(await store.db.select().from(messageOptOuts)).toEqual([]);
  });

  it('an SMS STOP (Termii inbound) withdraws the consent the same way; a bad signature changes nothing', async () => {
    const inbound = (message: string) =>
      JSON.stringify({ type: 'inbound', id: '1', message_id: '2', receiver: '2348000000000', sender: '2348031234567', message, received_at: '2026-11-30T09:30:00.000000Z', status: 'Received', channel: 'dnd' });
    const stop = inbound('STOP');
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(stop, 'wrong-secret-0123456789')).send(stop)).status).toBe(401);
    expect(await store.db.select().from(messageOptOuts)).toEqual([]);
    const chat = inbound('Thank you, I will come');
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(chat)).send(chat)).status).toBe(200);
    expect(await store.db.select().from(messageOptOuts)).toEqual([]);
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(stop)).send(stop)).status).toBe(200);
    const [appointment] = await store.db.select().from(appointments);
    expect(appointment).toMatchObject({ reminderChannel: 'none', remindersConsentAt: null });
    expect((await byKind()).reminder_2h).toMatchObject({ status: 'cancelled', lastError: 'opted out (STOP)' });
    expect((await store.db.select().from(messageOptOuts)).map((o) => [o.destination, o.channel, o.source]).sort()).toEqual([
      [PHONE, 'sms', 'sms-inbound'],
      [PHONE, 'whatsapp', 'sms-inbound'],
    ]);
    expect((await store.db.select().from(appointmentEvents)).filter((e) => e.action === 'reminders-stopped').map((e) => e.detail)).toEqual([{ source: 'sms-inbound' }]);
  });

  const postWhatsApp = (body: string) => request(app).post('/webhooks/whatsapp').set('content-type', 'application/json').set('x-hub-signature-256', sign256(body)).send(body);

  it('a STOP replayed after the patient consented again changes nothing: the same event is applied once', async () => {
    const stop = inboundPayload('STOP', { id: 'wamid.stop1' });
    expect((await postWhatsApp(stop)).status).toBe(200);
    expect((await store.db.select().from(appointments))[0]).toMatchObject({ reminderChannel: 'none', remindersConsentAt: null });
    // The patient switches reminders on again from the manage link, after the STOP.
    const [row] = await store.db.select().from(appointments);
    const later = bookingDeps(store, { now: () => new Date(lagosMoment('2026-11-30', '13:00')) });
    const again = await setReminders(later, { as: 'staff', appointmentId: row!.id, version: row!.version, uid: 'u-staff', name: 'Ngozi Eze' }, { channel: 'whatsapp', consent: true });
    expect(again.ok).toBe(true);
    const reminders = await byKind();
    // The same signed STOP, delivered again (a retry, or someone replaying it): answered 200, applied never.
    expect((await postWhatsApp(stop)).status).toBe(200);
    expect((await store.db.select().from(appointments))[0]).toMatchObject({ reminderChannel: 'whatsapp', remindersConsentAt: new Date(lagosMoment('2026-11-30', '13:00')) });
    expect(await byKind()).toEqual(reminders);
    expect((await store.db.select().from(appointmentEvents)).filter((e) => e.action === 'reminders-stopped')).toHaveLength(1);
  });

  it('an opt-out older than the consent it would withdraw changes nothing; a newer one withdraws it', async () => {
    const old = inboundPayload('STOP', { id: 'wamid.old', at: BEFORE_CONSENT });
    expect((await postWhatsApp(old)).status).toBe(200);
    expect((await store.db.select().from(appointments))[0]).toMatchObject({ reminderChannel: 'whatsapp' });
    expect((await byKind()).reminder_2h).toMatchObject({ status: 'scheduled' });
    // The opt-out is kept, but with its own time: the worker reads it against each consent's time.
    expect((await store.db.select().from(messageOptOuts)).map((o) => o.at)).toEqual([new Date(Number(BEFORE_CONSENT) * 1000), new Date(Number(BEFORE_CONSENT) * 1000)]);
    const fresh = inboundPayload('STOP', { id: 'wamid.new', at: AFTER_CONSENT });
    await postWhatsApp(fresh);
    expect((await store.db.select().from(appointments))[0]).toMatchObject({ reminderChannel: 'none', remindersConsentAt: null });
    expect((await byKind()).reminder_2h).toMatchObject({ status: 'cancelled' });
    // A late delivery of the older STOP does not move the opt-out's time back.
    await postWhatsApp(inboundPayload('STOP', { id: 'wamid.older-still', at: BEFORE_CONSENT }));
    expect((await store.db.select().from(messageOptOuts)).map((o) => o.at)).toEqual([new Date(Number(AFTER_CONSENT) * 1000), new Date(Number(AFTER_CONSENT) * 1000)]);
  });

  it('an SMS STOP replayed (Termii, same message id) after a new consent changes nothing', async () => {
    const stop = JSON.stringify({ type: 'inbound', id: '1', message_id: 'sms-stop-7', receiver: '2348000000000', sender: '2348031234567', message: 'STOP', received_at: '2026-11-30T09:30:00.000000Z', status: 'Received', channel: 'dnd' });
    const post = () => request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(stop)).send(stop);
    expect((await post()).status).toBe(200);
    const [row] = await store.db.select().from(appointments);
    const later = bookingDeps(store, { now: () => new Date(lagosMoment('2026-11-30', '13:00')) });
    expect((await setReminders(later, { as: 'staff', appointmentId: row!.id, version: row!.version, uid: 'u-staff', name: 'Ngozi Eze' }, { channel: 'sms', consent: true })).ok).toBe(true);
    expect((await post()).status).toBe(200);
    expect((await store.db.select().from(appointments))[0]).toMatchObject({ reminderChannel: 'sms' });
    expect(await store.db.select().from(webhookEvents)).toHaveLength(1);
  });

  it('without a provider configured (the local sink) the webhooks answer 404', async () => {
    const sinkApp = makeTestApp({ store });
    expect((await request(sinkApp).get('/webhooks/whatsapp').query({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '1' })).status).toBe(404);
    expect((await request(sinkApp).post('/webhooks/termii').send('{}')).status).toBe(404);
  });
});
