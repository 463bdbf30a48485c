import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/app/config';
import { proveEmail, reschedule } from '../../server/booking/changes';
import { emailProof } from '../../server/booking/phone-proof';
import { appointmentEvents, appointments, bookingRefusals, phoneCodes } from '../../server/booking/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { messages } from '../../server/messages/schema';
import type { Store } from '../../server/platform/db/store';
import { outbox } from '../../server/platform/mail/outbox';
import { DEFAULT_BOOKING_LIMITS } from '../../shared/booking/limits';
import type { BookResult } from '../../shared/booking/results';
import { lagosMoment } from '../../shared/booking/time';
import { site } from '../../shared/content/site';
import type { SessionUser } from '../../shared/platform/session';
import { bookingDeps, bookingForm, memoryCodes, PHONE, provenCookie, TEST_SECRET, useBookingStore, visitor } from '../support/booking';
import { textOf } from '../support/page-text';
import { makeTestApp, TEST_RENDER_TIMEOUT_MS } from '../support/test-app';
import { testEngines } from '../support/test-store';

// Issue 44 on both engines, through the pages as a browser (or a script) would use them: the
// hoarding replay (one phone, a new client address per request, as fast as it can) against the
// caps; the phone proven with a code (WhatsApp first, SMS, three wrong tries, no code at all);
// moves that keep the practitioner, a move to the same time that changes nothing, fifty moves at
// once, the same move posted ten times; nothing to an address or a phone nobody proved; and the
// staff's list of who hit a limit. The limits are the defaults (.env.example).

const TUE = '2026-12-01';
const WED = '2026-12-02';
const at = (date: string, time: string) => new Date(lagosMoment(date, time)).toISOString();
const STRANGER = '+2348035550144';
const choice = { service: '1', visit: 'follow_up' };
const staffUser: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const times = (html: string) => [...new Set([...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!))];
const codeTokenOf = (html: string) => /name="codeToken" value="([^"]*)"/.exec(html)?.[1] ?? '';
let lastAddress = 0;
/** A new public-looking client address per request: a botnet, or a carrier's NAT pool. */
const nextAddress = () => {
  lastAddress += 1;
  return `41.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${(lastAddress & 255) || 1}`;
};
const ok = (r: BookResult) => {
  if (!r.ok) throw new Error(r.reason);
  return r;
};

describe.each(testEngines())('booking nobody can hoard or misuse on %s', (engine) => {
  // Dr. Okafor and Dr. Adeyemi, Monday to Friday 09:00–12:00: a week of times to hoard.
  const db = useBookingStore(engine, {
    alsoEmpty: ['rate_limits', 'phone_codes', 'patient_phones', 'booking_refusals'],
    plans: [1, 2, 3, 4, 5].flatMap((weekday) => [
      { practitioner: 'adaeze-okafor', weekday, starts: '09:00', ends: '12:00' },
      { practitioner: 'funmilayo-adeyemi', weekday, starts: '09:00', ends: '12:00' },
    ]),
  });
  let store: Store;
  let codes: ReturnType<typeof memoryCodes>;
  let booking: BookingService;
  let app: ReturnType<typeof makeTestApp>;
  const config = loadConfig({ NODE_ENV: 'test', RENDER_TIMEOUT_MS: TEST_RENDER_TIMEOUT_MS, TRUST_PROXY: '1' });

  beforeEach(() => {
    store = db.store;
    codes = memoryCodes();
    booking = createBookingService(bookingDeps(store, { limits: DEFAULT_BOOKING_LIMITS, codes }));
    // The store's own counters (requests: undefined), as in production.
    app = makeTestApp({ config, store, booking, requests: undefined, getUser: async () => staffUser });
  });

  /** A booking form as the page posts it, from a new client address each time. */
  const post = (fields: Record<string, string>, cookie?: string, address = nextAddress()) => {
    // To the step's address, as the page's form posts it (the page shows the step with what came back).
    const step = `/book?${new URLSearchParams({ ...choice, practitioner: fields.practitioner ?? 'any', date: TUE })}`;
    const r = request(app).post(step).type('form').set('X-Forwarded-For', address);
    if (cookie) r.set('Cookie', cookie);
    return r.send({ ...choice, practitioner: 'any', name: 'Amina Bello', phone: '0803 123 4567', email: '', reminders: 'sms', consent: 'yes', key: randomUUID(), ...fields });
  };
  const weekTimes = async (date: string, practitioner = 'any') => times((await request(app).get(`/book?${new URLSearchParams({ ...choice, practitioner, date })}`)).text);
  const rowsOf = (phone: string) => store.db.select().from(appointments).where(and(eq(appointments.patientPhone, phone), eq(appointments.status, 'booked')));
  const messagesTo = (phone: string) => store.db.select().from(messages).where(eq(messages.destination, phone));

  it('the hoarding replay: one proven phone, a new address per request, thirty bookings at once: the caps hold (2 future visits, 1 a day), the rest refused with the clinic’s number and nothing typed lost', { timeout: 180_000 }, async () => {
    const starts = (await weekTimes(TUE)).slice(0, 30);
    expect(starts.length).toBe(30);
    const answers = await Promise.all(starts.map((start) => post({ start, name: 'Hoarder Bello' }, provenCookie())));
    const booked = answers.filter((a) => a.status === 302);
    const refused = answers.filter((a) => a.status === 409);
    expect(booked).toHaveLength(DEFAULT_BOOKING_LIMITS.futureVisitsPerPhone);
    expect(refused).toHaveLength(30 - booked.length);
    for (const r of refused) {
      const text = textOf(r.text);
      expect(text).toMatch(/This phone number already has (2 visits booked online|a visit booked on that day)/);
      expect(text).toContain(site.phones[0].display);
      expect(r.text).toContain('value="Hoarder Bello"');
      expect(text).toContain('Ask us to call you back');
    }
    const held = await rowsOf(PHONE);
    expect(held).toHaveLength(2);
    // One a day: the two visits are on two days.
    expect(new Set(held.map((r) => r.startsAt.toISOString().slice(0, 10))).size).toBe(2);
    // Staff see who hit the limit.
    const refusals = await store.db.select().from(bookingRefusals).where(eq(bookingRefusals.phone, PHONE));
    expect(refusals.length).toBeGreaterThan(0);
    const page = await request(app).get('/staff/booking-limits');
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain('+234 803 123 4567');
    expect(textOf(page.text)).toMatch(/Future visits per phone|Visits a day per phone/);
  });

  it('the hoarding replay with someone else’s number: no booking, no message to it, at most three codes an hour (then the call-back request)', { timeout: 180_000 }, async () => {
    const starts = (await weekTimes(TUE)).slice(0, 30);
    const answers = await Promise.all(starts.map((start) => post({ start, phone: '0803 555 0144' })));
    const asked = answers.filter((a) => a.status === 200);
    const stopped = answers.filter((a) => a.status === 429);
    expect(asked).toHaveLength(DEFAULT_BOOKING_LIMITS.codesPerPhonePerHour);
    expect(stopped).toHaveLength(30 - asked.length);
    for (const a of asked) expect(textOf(a.text)).toContain('We sent a 6-digit code by SMS to +234 803 555 0144');
    for (const s of stopped) {
      expect(textOf(s.text)).toContain('We have sent several codes to +234 803 555 0144 in the last hour');
      expect(textOf(s.text)).toContain('Ask us to call you back');
    }
    expect(await rowsOf(STRANGER)).toEqual([]);
    expect(await messagesTo(STRANGER)).toEqual([]);
    expect(codes.sent.filter((m) => m.to === STRANGER)).toHaveLength(3);
    expect((await store.db.select().from(bookingRefusals).where(eq(bookingRefusals.cap, 'codes-per-phone'))).length).toBeGreaterThan(0);
  });

  it('one address may try ten bookings an hour, counted apart from the contact forms: the eleventh is a 429 with Retry-After, noted for staff', { timeout: 120_000 }, async () => {
    const starts = await weekTimes(TUE);
    for (let i = 0; i < DEFAULT_BOOKING_LIMITS.bookingsPerAddressPerHour; i++) {
      const res = await post({ start: starts[i]!, phone: `0803 000 00${String(i).padStart(2, '0')}` }, undefined, '41.1.2.3');
      expect(res.status).toBe(200); // each a code step: nothing booked yet
    }
    const over = await post({ start: starts[20]!, name: 'Kept Name' }, undefined, '41.1.2.3');
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(textOf(over.text)).toContain('Too many bookings were tried from your connection in the last hour');
    expect(over.text).toContain('value="Kept Name"');
    // The contact form from the same address is not refused by the booking's count.
    const contact = await request(app).post('/contact?_data=%2Fcontact').set('X-Forwarded-For', '41.1.2.3').type('form').send({ name: 'Chidi Okafor', email: 'chidi@example.com', phone: '', subject: 'Hours', message: 'Open on Sunday?' });
    expect(contact.status).toBe(200);
    expect(await store.db.select().from(bookingRefusals).where(eq(bookingRefusals.cap, 'per-address'))).toMatchObject([{ address: '41.1.2.3' }]);
  });

  it('a first booking asks for the code sent by WhatsApp; three wrong codes use it up; a new one by SMS books, and the browser is remembered', { timeout: 120_000 }, async () => {
    const [start, later] = [at(TUE, '09:00'), at(WED, '10:00')];
    const first = await post({ start, reminders: 'whatsapp' });
    expect(first.status).toBe(200);
    expect(textOf(first.text)).toContain('We sent a 6-digit code by WhatsApp to +234 803 123 4567');
    expect(first.text).toMatch(/autocomplete="one-time-code"/i);
    expect(codes.sent).toMatchObject([{ channel: 'whatsapp', to: PHONE }]);
    const right = codes.last()!;
    const wrong = right === '000000' ? '111111' : '000000';
    const token = codeTokenOf(first.text);
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await post({ start, reminders: 'whatsapp', intent: 'code', codeToken: token, codeChannel: 'whatsapp', code: wrong }));
    expect(tries.map((r) => r.status)).toEqual([422, 422, 422]);
    expect(textOf(tries[0]!.text)).toContain('That is not the code we sent. Please check it and try again (2 more tries).');
    expect(textOf(tries[1]!.text)).toContain('(one more try)');
    expect(textOf(tries[2]!.text)).toContain('That code can no longer be used');
    // Used up: even the right code no longer proves anything.
    expect((await post({ start, reminders: 'whatsapp', intent: 'code', codeToken: token, codeChannel: 'whatsapp', code: right })).status).toBe(422);
    expect(await rowsOf(PHONE)).toEqual([]);
    expect(await store.db.select().from(bookingRefusals).where(eq(bookingRefusals.cap, 'code-attempts'))).toHaveLength(1);
    // The codes are kept as a salted HMAC, never as typed.
    for (const row of await store.db.select().from(phoneCodes)) expect(row.codeHash).not.toContain(right);

    const bySms = await post({ start, reminders: 'whatsapp', intent: 'resend-sms' });
    expect(bySms.status).toBe(200);
    expect(textOf(bySms.text)).toContain('We sent a 6-digit code by SMS');
    expect(codes.sent.at(-1)).toMatchObject({ channel: 'sms', to: PHONE });
    const booked = await post({ start, reminders: 'whatsapp', intent: 'code', codeToken: codeTokenOf(bySms.text), codeChannel: 'sms', code: codes.last()! });
    expect(booked.status).toBe(302);
    expect(booked.headers.location).toMatch(/^\/booking\/manage\/[^?]+\?booked=1$/);
    const cookie = String(booked.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^phone-proof=/);
    expect(cookie).not.toContain('2348031234567');
    expect((await rowsOf(PHONE))[0]).toMatchObject({ phoneProvenAt: expect.any(Date) });
    // The same browser books again without a code.
    const sentBefore = codes.sent.length;
    expect((await post({ start: later }, cookie)).status).toBe(302);
    expect(codes.sent).toHaveLength(sentBefore);
  });

  it('when WhatsApp cannot take the code it goes by SMS; when nothing can, the call-back request and the clinic’s number, everything typed kept', async () => {
    codes = memoryCodes((m) => (m.channel === 'whatsapp' ? 'failed' : 'sent'));
    booking = createBookingService(bookingDeps(store, { limits: DEFAULT_BOOKING_LIMITS, codes }));
    app = makeTestApp({ config, store, booking, requests: undefined });
    const bySms = await post({ start: at(TUE, '09:00'), reminders: 'whatsapp' });
    expect(textOf(bySms.text)).toContain('We sent a 6-digit code by SMS');
    codes = memoryCodes(() => 'failed');
    app = makeTestApp({ config, store, booking: createBookingService(bookingDeps(store, { limits: DEFAULT_BOOKING_LIMITS, codes })), requests: undefined });
    const none = await post({ start: at(TUE, '09:00'), name: 'Typed Name' });
    expect(none.status).toBe(503);
    expect(textOf(none.text)).toContain('We could not send a code to +234 803 123 4567 by WhatsApp or SMS');
    expect(none.text).toMatch(/href="\/appoinment\?service=1#book-heading">Ask us to call you back/);
    expect(none.text).toContain('value="Typed Name"');
  });

  it('a signed-in patient who proved the phone once skips the code on any browser', async () => {
    const patient: SessionUser = { uid: 'u-patient-7', displayName: 'Amina Bello', email: 'amina@example.com' };
    app = makeTestApp({ config, store, booking, requests: undefined, getUser: async () => patient });
    const asked = await post({ start: at(TUE, '09:00') });
    expect(asked.status).toBe(200);
    expect((await post({ start: at(TUE, '09:00'), intent: 'code', codeToken: codeTokenOf(asked.text), codeChannel: 'sms', code: codes.last()! })).status).toBe(302);
    // Another browser (no cookie), the same account: no code.
    const sent = codes.sent.length;
    expect((await post({ start: at(WED, '09:00') })).status).toBe(302);
    expect(codes.sent).toHaveLength(sent);
  });

  it('nothing goes to a phone or an address nobody proved: a core booking without a proven phone is refused; the confirmation is the only mail to an unproven address', async () => {
    expect(await booking.book(bookingForm({ date: TUE, time: '09:00' }), { kind: 'visitor', uid: null })).toEqual({ ok: false, reason: 'unproven-phone' });
    expect(await booking.book(bookingForm({ date: TUE, time: '09:00' }), visitor(null, STRANGER))).toEqual({ ok: false, reason: 'unproven-phone' });
    const r = ok(await booking.book(bookingForm({ date: TUE, time: '09:00', reminders: { channel: 'email', consent: true } }), visitor()));
    const mails = async () => (await store.db.select().from(outbox)).filter((m) => m.to.includes('amina@example.com')).map((m) => m.subject);
    expect(await mails()).toHaveLength(1);
    expect((await store.db.select().from(outbox)).find((m) => m.to.includes('amina@example.com'))!.text).toContain('Confirm my e-mail address');
    expect(await store.db.select().from(messages).where(eq(messages.appointmentId, r.appointment.id))).toEqual([]);
    expect((await reschedule(bookingDeps(store, { limits: DEFAULT_BOOKING_LIMITS }), { as: 'patient', token: r.manageToken }, { startsAt: new Date(at(TUE, '10:00')) })).ok).toBe(true);
    expect(await mails()).toHaveLength(1);
    // Proven by the confirmation's link: the reminders are planned, and the next change is mailed.
    const page = await request(app).get(`/booking/manage/${r.manageToken}?proof=${emailProof(TEST_SECRET, r.appointment.id, 'amina@example.com')}`);
    expect(textOf(page.text)).toContain('Confirm my e-mail address');
    const confirmed = await request(app).post(`/booking/manage/${r.manageToken}`).type('form').send({ intent: 'confirm-email', proof: emailProof(TEST_SECRET, r.appointment.id, 'amina@example.com') });
    expect(confirmed.status).toBe(200);
    expect(textOf(confirmed.text)).toContain('amina@example.com is confirmed');
    expect((await store.db.select().from(messages).where(eq(messages.appointmentId, r.appointment.id))).map((m) => m.kind).sort()).toEqual(['reminder_24h', 'reminder_2h']);
    const wrong = await request(app).post(`/booking/manage/${r.manageToken}`).type('form').send({ intent: 'confirm-email', proof: 'x'.repeat(27) });
    expect(wrong.status).toBe(403);
  });

  describe('moves', () => {
    /** A visit with Dr. Okafor at 09:00 on Tuesday, its address proven, and its manage link. */
    const visit = async () => {
      const r = ok(await booking.book(bookingForm({ date: TUE, time: '09:00', practitionerId: 'adaeze-okafor' }), visitor()));
      const proven = await proveEmail(bookingDeps(store), r.manageToken, emailProof(TEST_SECRET, r.appointment.id, r.appointment.patientEmail!));
      expect(proven.ok).toBe(true);
      return { id: r.appointment.id, token: r.manageToken, link: `/booking/manage/${r.manageToken}` };
    };
    const movedEvents = (id: number) => store.db.select().from(appointmentEvents).where(and(eq(appointmentEvents.appointmentId, id), eq(appointmentEvents.action, 'moved')));
    const movedMails = async () => (await store.db.select().from(outbox)).filter((m) => m.subject.startsWith('Your visit has moved'));

    it('keep the practitioner: the manage page’s form carries it, and a move that names none stays with the visit’s own (never “any available”)', async () => {
      const v = await visit();
      const page = await request(app).get(`${v.link}?move=1&date=${TUE}`);
      expect(page.text).toMatch(/name="practitioner" value="adaeze-okafor"/);
      // Dr. Okafor is busy at 10:00 (another patient); Dr. Adeyemi is free.
      ok(await booking.book(bookingForm({ date: TUE, time: '10:00', practitionerId: 'adaeze-okafor', patient: { name: 'Bola Ade', phone: '+2348030000002', email: null } }), visitor(null, '+2348030000002')));
      const noChoice = await request(app).post(v.link).type('form').send({ intent: 'move', start: at(TUE, '10:00') });
      expect(noChoice.status).toBe(409);
      const asThePage = await request(app).post(v.link).type('form').send({ intent: 'move', start: at(TUE, '11:00'), practitioner: 'adaeze-okafor' });
      expect(asThePage.status).toBe(302);
      const [row] = await store.db.select().from(appointments).where(eq(appointments.id, v.id));
      expect(row).toMatchObject({ practitionerId: 'adaeze-okafor', startsAt: new Date(at(TUE, '11:00')) });
    });

    it('a move to the same time is a no-op: no event, no mail, the version unchanged', async () => {
      const v = await visit();
      const [before] = await store.db.select().from(appointments).where(eq(appointments.id, v.id));
      const same = await request(app).post(v.link).type('form').send({ intent: 'move', start: at(TUE, '09:00'), practitioner: 'adaeze-okafor' });
      expect(same.status).toBe(302);
      const [after] = await store.db.select().from(appointments).where(eq(appointments.id, v.id));
      expect(after!.version).toBe(before!.version);
      expect(await movedEvents(v.id)).toEqual([]);
      expect(await movedMails()).toEqual([]);
    });

    it('fifty moves of one visit at once: one visit at one time with its own practitioner, one event, one mail', { timeout: 120_000 }, async () => {
      const v = await visit();
      const results = await Promise.all(Array.from({ length: 50 }, () => reschedule(bookingDeps(store, { limits: DEFAULT_BOOKING_LIMITS }), { as: 'patient', token: v.token }, { startsAt: new Date(at(TUE, '11:00')) })));
      expect(results.every((r) => r.ok)).toBe(true);
      const mine = await store.db.select().from(appointments).where(eq(appointments.patientPhone, PHONE));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ practitionerId: 'adaeze-okafor', startsAt: new Date(at(TUE, '11:00')) });
      expect(await movedEvents(v.id)).toHaveLength(1);
      expect(await movedMails()).toHaveLength(1);
    });

    it('the same move posted ten times sends one mail; a fourth move in a day is refused with the clinic’s number and noted for staff', { timeout: 120_000 }, async () => {
      const v = await visit();
      const ten = await Promise.all(Array.from({ length: 10 }, () => request(app).post(v.link).type('form').send({ intent: 'move', start: at(TUE, '10:30'), practitioner: 'adaeze-okafor' })));
      expect(ten.every((r) => r.status === 302)).toBe(true);
      expect(await movedMails()).toHaveLength(1);
      expect(await movedEvents(v.id)).toHaveLength(1);
      for (const time of ['11:00', '11:30']) expect((await request(app).post(v.link).type('form').send({ intent: 'move', start: at(TUE, time), practitioner: 'adaeze-okafor' })).status).toBe(302);
      const fourth = await request(app).post(v.link).type('form').send({ intent: 'move', start: at(TUE, '09:30'), practitioner: 'adaeze-okafor' });
      expect(fourth.status).toBe(429);
      expect(textOf(fourth.text)).toContain('moved as often as we allow online in a day');
      expect(textOf(fourth.text)).toContain(site.phones[0].display);
      expect(await store.db.select().from(bookingRefusals).where(eq(bookingRefusals.cap, 'moves-a-day'))).toMatchObject([{ phone: PHONE, appointmentId: v.id }]);
      // Staff move it whenever they must.
      const [row] = await store.db.select().from(appointments).where(eq(appointments.id, v.id));
      const byStaff = await reschedule(bookingDeps(store, { limits: DEFAULT_BOOKING_LIMITS }), { as: 'staff', appointmentId: v.id, version: row!.version, uid: 'u-staff', name: 'Ngozi Eze' }, { startsAt: new Date(at(TUE, '09:30')) });
      expect(byStaff.ok).toBe(true);
    });
  });
});
