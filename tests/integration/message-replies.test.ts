import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../server/app/app';
import type { BookingDeps } from '../../server/booking/deps';
import { appointmentEvents, appointments, waitlistRounds } from '../../server/booking/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { joinWaitlist, waitlistListener } from '../../server/booking/waitlist';
import type { ChannelAdapter } from '../../server/messages/channel';
import type { SmsConfig, WhatsAppConfig } from '../../server/messages/config';
import { offerMessages } from '../../server/messages/offers';
import { visitMessages } from '../../server/messages/queue';
import { handleReply, type InboundReply, type ReplyDeps } from '../../server/messages/replies';
import { messageReplies, messages } from '../../server/messages/schema';
import { termiiAdapter } from '../../server/messages/termii';
import { whatsAppCloudAdapter } from '../../server/messages/whatsapp-cloud';
import { processMessages } from '../../server/messages/worker';
import { silentLogger } from '../../server/platform/http/logger';
import { requestEvents, requests } from '../../server/requests/schema';
import { DEFAULT_BOOKING_RULES } from '../../shared/booking/rules';
import { lagosMoment } from '../../shared/booking/time';
import { DEFAULT_WAITLIST } from '../../shared/booking/waitlist';
import { bookingDeps, bookingForm, ORIGIN, PHONE, TEST_SECRET, useBookingStore, visitor } from '../support/booking';
import { submit as submitRequest } from '../support/submit';
import { makeTestApp } from '../support/test-app';
import { testEngines } from '../support/test-store';
import type { SessionUser } from '../../shared/platform/session';

// Replies that do something (issue 46 part 3, ADR 0050), on both engines with a fixed clock: the
// reminder's Confirm and Cancel buttons and typed 1 / 2 (WhatsApp and SMS) act on the visit the
// message was about, once however often the provider delivers them; anything else reaches the
// staff inbox, linked to the visit; every reply is answered once. Then the webhooks' contract:
// Meta's `button` and `interactive` payloads with their reply context and Termii's inbound SMS,
// signed (good, bad, missing), and the answers and the reminder's buttons as the fake providers
// receive them.
//
// Adaeze works Tuesdays 09:00–17:00; Amina's visit is Tuesday 1 December at 14:00, booked on
// Monday at 10:00 with reminders on WhatsApp; the cancellation notice is 24 hours.

const at = (date: string, time: string) => new Date(lagosMoment(date, time));
const MONDAY = at('2026-11-30', '10:00');
const OTHER_PHONE = '+2348035550000';
const STRANGER = '+2348099999999';
const REMINDER_WAMID = 'wamid.REMINDER1';

let seq = 0;
const inbound = (over: Partial<InboundReply>): InboundReply => ({
  provider: 'whatsapp',
  channel: 'whatsapp',
  providerId: `wamid.IN${++seq}`,
  from: PHONE,
  at: MONDAY,
  text: null,
  payload: null,
  contextId: null,
  type: 'text',
  ...over,
});

describe.each(testEngines())('replies to reminders on %s', (engine) => {
  const file = useBookingStore(engine, {
    plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '17:00' }],
    alsoEmpty: ['waitlist_entries', 'waitlist_rounds', 'requests', 'webhook_events'],
  });
  let now: Date;
  let deps: BookingDeps;
  let booking: BookingService;
  let replies: ReplyDeps;
  let visitId: number;
  let reference: string;

  beforeEach(async () => {
    now = MONDAY;
    const base = bookingDeps(file.store, { now: () => now, rules: { ...DEFAULT_BOOKING_RULES } });
    const waitlist = { settings: { ...DEFAULT_WAITLIST }, messages: offerMessages() };
    deps = { ...base, waitlist, listeners: [visitMessages(), waitlistListener({ rules: base.rules, waitlist })] };
    booking = createBookingService(deps);
    replies = { store: file.store, booking, publicOrigin: ORIGIN, clinic: { name: 'Abuja Spine & Wellness Clinic', phone: '0803 123 4567' }, now: () => now };
    const booked = await booking.book(bookingForm({ date: '2026-12-01', time: '14:00' }), visitor());
    if (!booked.ok) throw new Error(booked.reason);
    visitId = booked.appointment.id;
    reference = booked.appointment.reference;
    // The day-before reminder went on WhatsApp: Meta answered with its wamid.
    await file.store.db.execute(sql`UPDATE messages SET status = 'sent', provider_id = ${REMINDER_WAMID}, sent_at = ${MONDAY.toISOString()}::timestamptz WHERE kind = 'reminder_24h'`);
  });

  const visit = async () => (await file.store.db.select().from(appointments).where(eq(appointments.id, visitId)))[0]!;
  const answers = () => file.store.db.select().from(messages).where(eq(messages.kind, 'reply')).orderBy(asc(messages.id));
  const replyRows = () => file.store.db.select().from(messageReplies).orderBy(asc(messageReplies.id));
  const inbox = () => file.store.db.select().from(requests).orderBy(asc(requests.id));
  const eventsOf = async () => (await file.store.db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, visitId)).orderBy(asc(appointmentEvents.id))).map((e) => [e.action, e.detail]);

  it('the Confirm button (its context, its payload) marks the visit confirmed and answers once', async () => {
    const done = await handleReply(replies, inbound({ type: 'button', text: 'Confirm', payload: `confirm:${reference}`, contextId: REMINDER_WAMID }));
    expect(done).toEqual({ applied: true, outcome: 'confirmed', appointmentId: visitId, requestReference: null });
    const v = await visit();
    expect(v.status).toBe('booked');
    expect(v.confirmedAt).toEqual(MONDAY);
    expect(await eventsOf()).toContainEqual(['confirmed', { via: 'whatsapp' }]);
    const [answer, ...more] = await answers();
    expect(more).toEqual([]);
    expect(answer).toMatchObject({ channel: 'whatsapp', destination: PHONE, status: 'scheduled', dueAt: MONDAY });
    const [row] = await replyRows();
    expect(row).toMatchObject({ intent: 'confirm', outcome: 'confirmed', appointmentId: visitId, requestId: null });
    expect(row!.answer).toContain('Tuesday 1 December at 2:00 pm');
    expect(row!.answer).toContain('is confirmed');
    expect(await inbox()).toEqual([]);
  });

  it('the same reply delivered twice changes nothing twice and answers once', async () => {
    const reply = inbound({ type: 'button', text: 'Cancel', payload: `cancel:${reference}`, contextId: REMINDER_WAMID });
    expect(await handleReply(replies, reply)).toMatchObject({ applied: true, outcome: 'cancelled' });
    const afterFirst = { events: await eventsOf(), rows: await replyRows(), answers: await answers(), rounds: await file.store.db.select().from(waitlistRounds) };
    expect(await handleReply(replies, reply)).toEqual({ applied: false, why: 'replayed' });
    // At once, side by side: still one.
    const twice = await Promise.all([handleReply(replies, reply), handleReply(replies, reply)]);
    expect(twice).toEqual([
      { applied: false, why: 'replayed' },
      { applied: false, why: 'replayed' },
    ]);
    expect({ events: await eventsOf(), rows: await replyRows(), answers: await answers(), rounds: await file.store.db.select().from(waitlistRounds) }).toEqual(afterFirst);
    expect(afterFirst.answers).toHaveLength(1);
  });

  it('typed 1 on WhatsApp confirms, typed 2 by SMS cancels the phone’s next visit (the manage page’s way)', async () => {
    expect(await handleReply(replies, inbound({ text: ' 1 ' }))).toMatchObject({ outcome: 'confirmed', appointmentId: visitId });
    expect(await handleReply(replies, inbound({ provider: 'termii', channel: 'sms', providerId: 'termii-77', text: '2' }))).toMatchObject({ outcome: 'cancelled', appointmentId: visitId });
    const v = await visit();
    expect(v.status).toBe('cancelled');
    expect(v.cancelledAt).toEqual(MONDAY);
    expect((await eventsOf()).map(([action]) => action)).toEqual(['booked', 'confirmed', 'cancelled']);
    expect(await eventsOf()).toContainEqual(['cancelled', { via: 'sms' }]);
    // The answer says it is cancelled: the change's own notice does not say it again.
    const [notice] = await file.store.db.select().from(messages).where(eq(messages.kind, 'cancellation'));
    expect(notice).toMatchObject({ status: 'cancelled', lastError: 'answered by the reply' });
    const sent = await answers();
    expect(sent.map((m) => [m.channel, m.destination])).toEqual([
      ['whatsapp', PHONE],
      ['sms', PHONE],
    ]);
    const smsAnswer = (await replyRows())[1]!.answer;
    expect(smsAnswer).toMatch(/^Your visit to Abuja Spine & Wellness Clinic on Tue 1 Dec, 2:00pm is cancelled\. To book again: https:\/\/clinic\.example\/m\/\S+ Call 0803 123 4567$/);
    // Every unsent reminder of the visit is cancelled with it.
    expect((await file.store.db.select().from(messages).where(eq(messages.appointmentId, visitId))).filter((m) => m.status === 'scheduled')).toEqual([]);
  });

  it('CANCEL and STOP by SMS are not replies that cancel: CANCEL reaches staff, the visit stays', async () => {
    expect(await handleReply(replies, inbound({ provider: 'termii', channel: 'sms', providerId: 'termii-1', text: 'CANCEL' }))).toMatchObject({ outcome: 'not-understood', appointmentId: visitId });
    expect((await visit()).status).toBe('booked');
    const [req] = await inbox();
    expect(req).toMatchObject({ kind: 'reply', status: 'new', phone: PHONE, name: 'Amina Bello' });
    expect(req!.payload).toMatchObject({ message: 'CANCEL', channel: 'SMS', visit: reference });
    const [created] = await file.store.db.select().from(requestEvents).where(eq(requestEvents.requestId, req!.id));
    expect(created).toMatchObject({ action: 'created', detail: { via: 'sms', booking: reference } });
  });

  it('cancelling by reply frees the time: one waitlist round offers it', async () => {
    const joined = await joinWaitlist(deps, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', days: 127, parts: 7, untilDate: '2026-12-31', name: 'Waiting Patient', phone: OTHER_PHONE, email: null, channel: 'whatsapp', holdingAppointmentId: null });
    if (!joined.ok) throw new Error(joined.reason);
    const before = await file.store.db.select().from(waitlistRounds);
    await handleReply(replies, inbound({ type: 'interactive', text: 'Cancel', payload: `cancel:${reference}`, contextId: REMINDER_WAMID }));
    const rounds = (await file.store.db.select().from(waitlistRounds)).slice(before.length);
    expect(rounds.map((r) => r.cause)).toEqual(['cancelled']);
    expect(rounds[0]!.offers).toBeGreaterThanOrEqual(1);
    const offered = await file.store.db.select().from(messages).where(eq(messages.kind, 'offer'));
    expect(offered.map((m) => m.destination)).toContain(OTHER_PHONE);
  });

  it('inside the cancellation notice: nothing changes, the answer gives the clinic’s number, staff are told', async () => {
    now = at('2026-12-01', '12:00');
    const done = await handleReply(replies, inbound({ type: 'button', text: 'Cancel', payload: `cancel:${reference}`, contextId: REMINDER_WAMID, at: now }));
    expect(done).toMatchObject({ applied: true, outcome: 'inside-notice', appointmentId: visitId, requestReference: expect.stringMatching(/^RPL-/) });
    expect((await visit()).status).toBe('booked');
    expect((await replyRows())[0]!.answer).toContain('Please call us on 0803 123 4567');
    expect(await answers()).toHaveLength(1);
    expect((await inbox())[0]!.payload).toMatchObject({ visit: reference });
  });

  it('a reply to a cancelled visit is answered plainly and changes nothing', async () => {
    const token = (await booking.appointmentByReference(reference))!;
    const cancelled = await booking.cancel({ as: 'staff', appointmentId: visitId, version: token.appointment.version, uid: 'staff-1', name: 'Ngozi' });
    expect(cancelled.ok).toBe(true);
    const events = await eventsOf();
    const done = await handleReply(replies, inbound({ type: 'button', text: 'Confirm', payload: `confirm:${reference}`, contextId: REMINDER_WAMID }));
    expect(done).toMatchObject({ outcome: 'not-open', appointmentId: visitId, requestReference: expect.stringMatching(/^RPL-/) });
    expect(await eventsOf()).toEqual(events);
    expect((await visit()).confirmedAt).toBeNull();
    expect((await replyRows())[0]!.answer).toContain('was already cancelled, so nothing has changed');
  });

  it('a reply from an unknown number reaches staff and is answered; another phone’s reference finds nothing', async () => {
    expect(await handleReply(replies, inbound({ from: STRANGER, text: '1' }))).toMatchObject({ outcome: 'unknown-number', appointmentId: null });
    const [req] = await inbox();
    expect(req).toMatchObject({ kind: 'reply', phone: STRANGER, name: null });
    expect((await replyRows())[0]!.answer).toContain('We have no visit booked with this number');
    // A patient with a visit of their own cannot confirm or cancel Amina's by naming it.
    const theirs = await booking.book(bookingForm({ date: '2026-12-01', time: '10:00', patient: { name: 'Bola Ade', phone: OTHER_PHONE, email: null } }), visitor(null, OTHER_PHONE));
    expect(theirs.ok).toBe(true);
    expect(await handleReply(replies, inbound({ from: OTHER_PHONE, type: 'button', text: 'Cancel', payload: `cancel:${reference}` }))).toMatchObject({ outcome: 'no-visit', appointmentId: null });
    expect(await handleReply(replies, inbound({ from: OTHER_PHONE, type: 'button', text: 'Cancel', payload: `cancel:${reference}`, contextId: REMINDER_WAMID }))).toMatchObject({ outcome: 'no-visit', appointmentId: null });
    expect((await visit()).status).toBe('booked');
  });

  it('other text and a picture reach the staff inbox as the patient’s message, linked to their visit', async () => {
    await handleReply(replies, inbound({ text: 'Can I come at 3 instead?' }));
    await handleReply(replies, inbound({ type: 'image' }));
    // An emoji reaction is not a message: nothing at all.
    expect(await handleReply(replies, inbound({ type: 'reaction' }))).toEqual({ applied: false, why: 'silent' });
    const rows = await inbox();
    expect(rows.map((r) => [r.payload.message, r.payload.visit])).toEqual([
      ['Can I come at 3 instead?', reference],
      ['(a WhatsApp image message: open WhatsApp to see it)', reference],
    ]);
    expect(await answers()).toHaveLength(2);
  });

  it('the answers go at once, quoting the reply on WhatsApp, as text by SMS (fake providers)', async () => {
    const fake = await fakeProvider();
    try {
      now = at('2026-11-30', '23:30');
      await handleReply(replies, inbound({ text: '1', at: now }));
      await handleReply(replies, inbound({ provider: 'termii', channel: 'sms', providerId: 'termii-5', text: 'Hello?', at: now }));
      const channels: Record<'whatsapp' | 'sms' | 'email', ChannelAdapter> = {
        whatsapp: whatsAppCloudAdapter({ accessToken: 't'.repeat(30), phoneNumberId: '555', apiBase: fake.url, apiVersion: 'v26.0' }),
        sms: termiiAdapter({ apiKey: 'k'.repeat(20), senderId: 'Clinic', apiBase: fake.url }),
        email: { channel: 'email', provider: 'none', send: async () => ({ outcome: 'refused', reason: 'not in this test' }) },
      };
      // Only the answers are due (the booking's own messages are out of the way).
      await file.store.db.execute(sql`UPDATE messages SET status = 'cancelled' WHERE kind <> 'reply'`);
      const round = await processMessages({ store: file.store, channels, secret: TEST_SECRET, publicOrigin: ORIGIN, logger: silentLogger, now: () => now });
      expect(round).toMatchObject({ claimed: 2, sent: 2 });
      // The two answers are sent side by side: the fake provider sees them in either order.
      expect(fake.requests).toHaveLength(2);
      const wa = fake.requests.find((r) => r.url.startsWith('/v26.0/'));
      const sms = fake.requests.find((r) => r.url === '/api/sms/send');
      const [firstReply] = await replyRows();
      expect(wa).toMatchObject({ url: '/v26.0/555/messages', body: { type: 'text', to: '2348031234567', context: { message_id: firstReply!.providerMessageId }, text: { body: firstReply!.answer } } });
      expect(sms).toMatchObject({ url: '/api/sms/send', body: { to: '2348031234567', channel: 'dnd', sms: expect.stringContaining('Reply 1 to confirm your next visit, 2 to cancel it') } });
      expect((await answers()).map((m) => m.status)).toEqual(['sent', 'sent']);
    } finally {
      await fake.close();
    }
  });
});

// --- The webhooks' contract: the providers' documented payloads, signed ----------------------------

const APP_SECRET = 'whatsapp-app-secret-0123456789';
const TERMII_SECRET = 'termii-webhook-secret-0123456789';
const whatsapp: WhatsAppConfig = { provider: 'whatsapp-cloud', accessToken: 'x'.repeat(30), phoneNumberId: '123456789', appSecret: APP_SECRET, verifyToken: 'verify-token-abc', apiBase: 'http://127.0.0.1:9', apiVersion: 'v26.0', language: 'en', codeTemplate: 'verification_code' };
const sms: SmsConfig = { provider: 'termii', apiKey: 'k'.repeat(20), senderId: 'Clinic', apiBase: 'http://127.0.0.1:9', webhookSecret: TERMII_SECRET };
const staffUser: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const sign256 = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const sign512 = (body: string, secret = TERMII_SECRET) => createHmac('sha512', secret).update(body).digest('hex');
/** Monday 30 November 2026, 10:00 in Abuja, as Meta's epoch seconds. */
const EPOCH = String(MONDAY.getTime() / 1000);

/** Meta's messages webhook (reference: messages/button and messages/interactive), one message. */
const metaPayload = (message: Record<string, unknown>) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '2348000000000', phone_number_id: '123456789' },
              contacts: [{ profile: { name: 'Amina' }, wa_id: '2348031234567' }],
              messages: [{ context: { from: '2348000000000', id: REMINDER_WAMID }, from: '2348031234567', timestamp: EPOCH, ...message }],
            },
          },
        ],
      },
    ],
  });

describe.each(testEngines())('the replies webhooks on %s', (engine) => {
  const file = useBookingStore(engine, { plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '17:00' }], alsoEmpty: ['requests', 'webhook_events'] });
  let app: App;
  let booking: BookingService;
  let reference: string;
  beforeAll(() => {
    booking = createBookingService(bookingDeps(file.store, { now: () => MONDAY }));
    app = makeTestApp({ store: file.store, messaging: { whatsapp, sms }, booking, getUser: async () => staffUser });
  });
  beforeEach(async () => {
    const booked = await booking.book(bookingForm({ date: '2026-12-01', time: '14:00' }), visitor());
    if (!booked.ok) throw new Error(booked.reason);
    reference = booked.appointment.reference;
    await file.store.db.execute(sql`UPDATE messages SET status = 'sent', provider_id = ${REMINDER_WAMID} WHERE kind = 'reminder_24h'`);
  });
  const visit = async () => (await file.store.db.select().from(appointments).where(eq(appointments.reference, reference)))[0]!;
  const postMeta = (body: string, signature: string | null = sign256(body)) => {
    const r = request(app).post('/webhooks/whatsapp').set('content-type', 'application/json');
    return signature === null ? r.send(body) : r.set('x-hub-signature-256', signature).send(body);
  };

  it('a template quick reply (`button`, with its context) confirms the visit', async () => {
    const body = metaPayload({ id: 'wamid.BTN1', type: 'button', button: { payload: `confirm:${reference}`, text: 'Confirm' } });
    expect((await postMeta(body)).status).toBe(200);
    expect((await visit()).confirmedAt).toEqual(MONDAY);
    expect(await file.store.db.select({ outcome: messageReplies.outcome, provider: messageReplies.provider }).from(messageReplies)).toEqual([{ outcome: 'confirmed', provider: 'whatsapp' }]);
    // Meta resends it: the same answer row, the same visit.
    expect((await postMeta(body)).status).toBe(200);
    expect(await file.store.db.select().from(messages).where(eq(messages.kind, 'reply'))).toHaveLength(1);
  });

  it('an interactive reply button (`interactive.button_reply`, with its context) cancels the visit', async () => {
    const body = metaPayload({ id: 'wamid.INT1', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: `cancel:${reference}`, title: 'Cancel' } } });
    expect((await postMeta(body)).status).toBe(200);
    expect((await visit()).status).toBe('cancelled');
  });

  it('staff see a confirmed visit as confirmed, and a reply the server did not act on in the inbox, linked to the visit', async () => {
    const confirm = metaPayload({ id: 'wamid.BTN2', type: 'button', button: { payload: `confirm:${reference}`, text: 'Confirm' } });
    expect((await postMeta(confirm)).status).toBe(200);
    const page = await request(app).get(`/staff/bookings/${reference}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirmed by the patient');
    expect(page.text).toContain('Confirmed (WhatsApp reply)');
    const calendar = await request(app).get('/staff/calendar?date=2026-12-01');
    expect(calendar.text).toContain('Confirmed by the patient');
    const question = metaPayload({ id: 'wamid.TXT1', type: 'text', text: { body: 'Is there parking?' } });
    expect((await postMeta(question)).status).toBe(200);
    const [row] = await file.store.db.select().from(requests);
    const inbox = await request(app).get('/staff');
    expect(inbox.text).toContain(row!.reference);
    const detail = await request(app).get(`/staff/requests/${row!.reference}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain('Is there parking?');
    expect(detail.text).toContain('Received as a reply by WhatsApp<');
    expect(detail.text).toContain(`href="/staff/bookings/${reference}"`);
  });

  /** The status form's controls: each `name="…"` of a select or input other than the hidden ones, and the select's options. */
  const statusForm = (html: string) => {
    const form = html.match(/<section[^>]*aria-labelledby="status-heading"[\s\S]*?<\/section>/)?.[0] ?? '';
    return {
      fields: [...form.matchAll(/<(?:select|input|textarea)(?![^>]*type="hidden")[^>]*name="([^"]+)"/g)].map((m) => m[1]),
      options: [...form.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1]),
      text: form,
    };
  };
  const replyOf = async (body: string) => {
    expect((await postMeta(metaPayload({ id: `wamid.Q${++seq}`, type: 'text', text: { body } }))).status).toBe(200);
    const [row] = await file.store.db.select().from(requests).orderBy(asc(requests.id));
    return row!;
  };

  it('a reply’s status form offers New, Contacted, Closed and Spam with no visit date or time, and says where a visit is changed; an appointment request keeps Booked with its date and time', async () => {
    const reply = await replyOf('Is there parking?');
    const form = statusForm((await request(app).get(`/staff/requests/${reply.reference}`)).text);
    expect(form.fields).toEqual(['status']);
    expect(form.options).toEqual(['new', 'contacted', 'closed', 'spam']);
    expect(form.text).toContain(`A reply is not booked: to move or cancel their visit, open visit ${reference}`);
    // The allowed statuses save as before.
    const saved = await request(app).post(`/staff/requests/${reply.reference}`).type('form').send({ intent: 'status', version: reply.version, status: 'contacted' });
    expect(saved.status).toBe(303);
    expect((await file.store.db.select().from(requests).where(eq(requests.id, reply.id)))[0]!.status).toBe('contacted');

    const { reference: apt } = await submitRequest(file.store, { kind: 'appointment', idempotencyKey: `apt-${++seq}`, name: 'Ada Obi', email: null, phone: '+2348031234567', payload: {}, notify: null });
    const aptForm = statusForm((await request(app).get(`/staff/requests/${apt}`)).text);
    expect(aptForm.fields).toEqual(['status', 'date', 'time']);
    expect(aptForm.options).toEqual(['new', 'contacted', 'booked', 'closed', 'spam']);
    expect(aptForm.text).not.toContain('A reply is not booked');
  });

  it('a crafted POST cannot make a reply Booked: 422 with the message at the status field, what was typed kept, nothing changed', async () => {
    const reply = await replyOf('Can I come at 3 instead?');
    const eventsBefore = await file.store.db.select().from(requestEvents).where(eq(requestEvents.requestId, reply.id));
    const res = await request(app).post(`/staff/requests/${reply.reference}`).type('form').send({ intent: 'status', version: reply.version, status: 'booked', date: '2026-12-01', time: '15:00' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('A patient’s reply cannot be Booked: change their visit on its own page (“Their visit”), or book one from the Calendar. Choose New, Contacted, Closed or Spam.');
    // The message sits at the status field (its error, described by the select), the form shows what was typed.
    const form = statusForm(res.text);
    expect(form.text).toMatch(/<select[^>]*name="status"[^>]*aria-invalid="true"|<select[^>]*aria-invalid="true"[^>]*name="status"/);
    expect(form.text).toMatch(/<option[^>]*value="booked"[^>]*selected|<option[^>]*selected[^>]*value="booked"/);
    const after = (await file.store.db.select().from(requests).where(eq(requests.id, reply.id)))[0]!;
    expect(after).toMatchObject({ status: 'new', version: reply.version, visitAt: null });
    expect(await file.store.db.select().from(requestEvents).where(eq(requestEvents.requestId, reply.id))).toEqual(eventsBefore);
    // The router's data request (how the hydrated page posts) is refused the same way, with the values back.
    const data = await request(app).post(`/staff/requests/${reply.reference}?_data=${encodeURIComponent('/staff/requests/:reference')}`).type('form').send({ intent: 'status', version: reply.version, status: 'booked' });
    expect(data.body).toMatchObject({ kind: 'data', status: 422, data: { outcome: 'invalid', values: { status: 'booked' }, errors: { status: expect.stringContaining('cannot be Booked') } } });
  });

  it('the history says which channel a reply came by: WhatsApp, SMS, or both when an older row does not say', async () => {
    await replyOf('Is there parking?');
    const termii = JSON.stringify({ type: 'inbound', id: '1', message_id: '3905204342778050001', receiver: '2348000000000', sender: '2348031234567', message: 'Running late', received_at: '2026-11-30T09:00:00.000000Z', cost: null, command: 'Received', status: 'Received', channel: null });
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(termii)).send(termii)).status).toBe(200);
    const [byWhatsApp, bySms] = await file.store.db.select().from(requests).orderBy(asc(requests.id));
    const line = async (ref: string) => (await request(app).get(`/staff/requests/${ref}`)).text.match(/Received as a reply by [^<]*/)?.[0];
    expect(await line(byWhatsApp!.reference)).toBe('Received as a reply by WhatsApp');
    expect(await line(bySms!.reference)).toBe('Received as a reply by SMS');
    // A reply recorded before the channel was kept.
    await file.store.db.execute(sql`UPDATE request_events SET detail = detail - 'via' WHERE request_id = ${bySms!.id} AND action = 'created'`);
    expect(await line(bySms!.reference)).toBe('Received as a reply by WhatsApp or SMS');
  });

  it('a bad or missing signature is 401 and nothing is read or done', async () => {
    const body = metaPayload({ id: 'wamid.BAD1', type: 'button', button: { payload: `cancel:${reference}`, text: 'Cancel' } });
    expect((await postMeta(body, sign256(body, 'another-secret-0123456'))).status).toBe(401);
    expect((await postMeta(body, null)).status).toBe(401);
    const termii = JSON.stringify({ type: 'inbound', id: '1', message_id: '3905204342778053556', receiver: '2348000000000', sender: '2348031234567', message: '2', received_at: '2026-11-30T09:00:00.000000Z', cost: null, command: 'Received', status: 'Received', channel: null });
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(termii, 'wrong-secret-0123456789')).send(termii)).status).toBe(401);
    expect((await request(app).post('/webhooks/termii').set('content-type', 'application/json').send(termii)).status).toBe(401);
    expect((await visit()).status).toBe('booked');
    expect(await file.store.db.select().from(messageReplies)).toEqual([]);
  });

  it('a signed Termii inbound SMS (its documented fields) with 1 confirms; the same message_id again changes nothing', async () => {
    const termii = JSON.stringify({ type: 'inbound', id: '8248611476370959318', message_id: '3905204342778053556', receiver: '2348000000000', sender: '2348031234567', message: '1', received_at: '2026-11-30T09:00:00.000000Z', cost: null, command: 'Received', status: 'Received', channel: null });
    const post = () => request(app).post('/webhooks/termii').set('content-type', 'application/json').set('x-termii-signature', sign512(termii)).send(termii);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect((await visit()).confirmedAt).toEqual(MONDAY);
    expect(await file.store.db.select({ id: messageReplies.providerMessageId, channel: messageReplies.channel, at: messageReplies.receivedAt }).from(messageReplies)).toEqual([{ id: '3905204342778053556', channel: 'sms', at: new Date('2026-11-30T09:00:00Z') }]);
  });
});

describe('the reminder’s template on WhatsApp (fake Cloud API)', () => {
  let fake: Awaited<ReturnType<typeof fakeProvider>>;
  beforeAll(async () => {
    fake = await fakeProvider();
  });
  afterAll(() => fake.close());

  it('carries Confirm and Cancel naming the visit, and the manage link’s token for Change time', async () => {
    const adapter = whatsAppCloudAdapter({ accessToken: 't'.repeat(30), phoneNumberId: '555', apiBase: fake.url, apiVersion: 'v26.0' });
    const variables = { firstName: 'Amina', clinicName: 'Abuja Spine & Wellness Clinic', when: 'Tuesday 1 December at 2:00 pm', whenShort: 'Tue 1 Dec, 2:00pm', practitioner: 'Dr Adaeze Okafor', manageLink: 'https://clinic.example/m/TOKEN123', clinicPhone: '0803 123 4567', reference: 'BK-7K3QX' };
    expect(await adapter.send({ id: 'msg-1', channel: 'whatsapp', to: PHONE, kind: 'reminder', variables })).toMatchObject({ outcome: 'sent' });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'appointment_reminder_reply',
        components: [
          { type: 'body' },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'confirm:BK-7K3QX' }] },
          { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'cancel:BK-7K3QX' }] },
          { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: 'TOKEN123' }] },
        ],
      },
    });
  });
});

/** A fake WhatsApp Cloud API and Termii on one local port: records each request, answers as they document success. */
async function fakeProvider(): Promise<{ url: string; requests: { url: string; body: Record<string, unknown> }[]; close: () => Promise<void> }> {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      n += 1;
      res.end(JSON.stringify(req.url?.startsWith('/api/sms') ? { code: 'ok', message_id: `${9000 + n}`, message: 'Successfully Sent', balance: 10, user: 'Clinic' } : { messaging_product: 'whatsapp', contacts: [{ input: '2348031234567', wa_id: '2348031234567' }], messages: [{ id: `wamid.OUT${n}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
