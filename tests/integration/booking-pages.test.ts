import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { appointments } from '../../server/booking/schema';
import { messages } from '../../server/messages/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { createPageCache } from '../../server/platform/page-cache';
import { unavailableStore, type Store } from '../../server/platform/db/store';
import { lagosMoment } from '../../shared/booking/time';
import { bookingDeps, bookingForm, NOW, useBookingStore, provenCookie, visitor } from '../support/booking';
import { makeTestApp } from '../support/test-app';
import { textOf } from '../support/page-text';
import { one, parseIcs } from '../support/ical';
import { pageEngines } from '../support/test-store';

// The visitor's booking pages through the app: the GET steps, the booking POST (success, bad
// input, conflict, database down, the same form twice), the manage link (cancel, move, the
// cancellation notice, a tampered link), and that the page cache never keeps free times.

const TUE = '2026-12-01';
const at = (date: string, time: string) => new Date(lagosMoment(date, time)).toISOString();
const choice = { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor' };
const stepUrl = (more: Record<string, string> = {}) => `/book?${new URLSearchParams({ ...choice, ...more }).toString()}`;
const keyOf = (html: string) => /name="key" value="([^"]+)"/.exec(html)?.[1] ?? '';
const times = (html: string) => [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!);

describe.each(pageEngines())('booking pages on %s', (engine) => {
  // Dr. Okafor on Tuesdays 09:00-12:00 only.
  const db = useBookingStore(engine, { alsoEmpty: ['rate_limits'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let store: Store;
  let booking: BookingService;
  let app: ReturnType<typeof makeTestApp>;
  beforeEach(() => {
    store = db.store;
    booking = createBookingService(bookingDeps(store));
    app = makeTestApp({ store, booking });
  });

  const book = (fields: Record<string, string>, url = stepUrl({ date: TUE })) =>
    request(app)
      .post(url)
      .type('form')
      // A browser that proved the phone (booking-abuse.test.ts tests the code itself).
      .set('Cookie', provenCookie())
      .send({ ...choice, name: 'Amina Bello', phone: '0803 123 4567', email: '', ...fields });

  it('step 1 without choices: the form, nothing computed, never stored by a cache', async () => {
    const res = await request(app).get('/book');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain('What is the visit for?');
    expect(res.text).toMatch(/<legend>Is this your first visit to the clinic\?<\/legend>/);
    expect(times(res.text)).toEqual([]);
  });

  it('the chosen day: a radio group of the week and the day’s free times as read in Abuja', async () => {
    const res = await request(app).get(stepUrl({ date: TUE }));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toMatch(/<legend>Day<\/legend>/);
    expect(res.text).toMatch(/name="date" checked="" value="2026-12-01"/);
    expect(res.text).toContain('Time on Tuesday 1 December');
    expect(times(res.text)[0]).toBe(at(TUE, '09:00'));
    expect(res.text).toMatch(/>09:00</);
    expect(keyOf(res.text)).toMatch(/^[\w-]{20,}$/);
  });

  it('a day with nothing free says so and offers the next free day; an empty week offers the call-back form', async () => {
    const res = await request(app).get(stepUrl({ date: '2026-12-02' }));
    expect(res.text).toContain('There is nothing free on Wednesday 2 December.');
    expect(res.text).toContain('The next free day is');
    expect(res.text).toMatch(/date=2026-12-08[^"]*">Tuesday 8 December/);
    const empty = await request(app).get(`/book?${new URLSearchParams({ service: '1', visit: 'first', practitioner: 'funmilayo-adeyemi' })}`);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('There is nothing free on these days.');
    expect(empty.text).toMatch(/href="\/appoinment\?service=1#book-heading">ask us to call you back/);
  });

  it('holds the whole week: another day\'s times are in the page, hidden and disabled (not sent), shown in place when that day is chosen', async () => {
    // From Wednesday 2 December (nothing free) to Tuesday 8 December (Dr. Okafor's morning).
    const res = await request(app).get(stepUrl({ date: '2026-12-02' }));
    expect(res.status).toBe(200);
    const html = res.text;
    const tue8 = /<fieldset[^>]*data-days="2026-12-08"[^>]*>/.exec(html)?.[0] ?? '';
    expect(tue8).toMatch(/\bhidden=""/);
    expect(tue8).toMatch(/\bdisabled=""/);
    expect(html).toContain('Time on Tuesday 8 December');
    expect(times(html)[0]).toBe(at('2026-12-08', '09:00'));
    // Wednesday's "nothing free" is the one shown; the booking step waits for a day with times.
    expect(html).toMatch(/<div class="form-notice booking-nothing" role="status" data-days="2026-12-02">/);
    expect(html).toMatch(/<div class="booking__panel" data-days="2026-12-08" hidden="">/);
    // Chosen by its address (the form without JavaScript), Tuesday's times are the ones shown and sent.
    const chosen = await request(app).get(stepUrl({ date: '2026-12-08', from: '2026-12-02' }));
    expect(/<fieldset[^>]*data-days="2026-12-08"[^>]*>/.exec(chosen.text)?.[0]).not.toMatch(/hidden|disabled/);
    expect(chosen.text).toMatch(/<div class="form-notice booking-nothing" role="status" data-days="2026-12-02" hidden="">/);
  });

  it('a refusal shows the day of the time that was sent, that time checked, whatever day the address names (chosen in place)', async () => {
    const page = await request(app).get(stepUrl({ date: '2026-12-02' }));
    const sent = at('2026-12-08', '09:00');
    const res = await book({ start: sent, name: '', key: keyOf(page.text) }, stepUrl({ date: '2026-12-02' }));
    expect(res.status).toBe(400);
    expect(/<fieldset[^>]*data-days="2026-12-08"[^>]*>/.exec(res.text)?.[0]).not.toMatch(/hidden|disabled/);
    expect(res.text).toContain(`name="start" checked="" value="${sent}"`);
    expect(res.text).toMatch(/<div class="form-notice booking-nothing" role="status" data-days="2026-12-02" hidden="">/);
  });

  it('a bad choice is a 400 with the message at its field', async () => {
    const res = await request(app).get('/book?service=99&visit=first');
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please choose a service from the list.');
    const wrong = await request(app).get('/book?service=5&practitioner=adaeze-okafor');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('does not give this service');
  });

  it('books: 302 to the manage link, whose page confirms with the reference, the time in words, the address and a calendar file', async () => {
    const page = await request(app).get(stepUrl({ date: TUE }));
    const res = await book({ start: at(TUE, '09:30'), key: keyOf(page.text) });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/booking\/manage\/[\w-]{20,40}\?booked=1$/);
    const confirm = await request(app).get(String(res.headers.location));
    expect(confirm.status).toBe(200);
    expect(confirm.headers['cache-control']).toBe('private, no-store');
    expect(confirm.text).toContain('<h1>Your visit is booked</h1>');
    expect(confirm.text).toMatch(/BK-[A-Z2-9]{5}/);
    expect(confirm.text).toContain('Tuesday 1 December 2026, 9:30 am to 10:00 am (Abuja time)');
    expect(confirm.text).toContain('Dr. Adaeze Okafor');
    expect(confirm.text).toContain('What to bring');
    expect(confirm.text).toContain('<meta name="robots" content="noindex, nofollow">');
    const ics = await request(app).get(`${String(res.headers.location).split('?')[0]}/visit.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.text).toContain('DTSTART');
    expect(times((await request(app).get(stepUrl({ date: TUE }))).text)).not.toContain(at(TUE, '09:30'));
  });

  it('the same form sent twice books once (its key)', async () => {
    const key = keyOf((await request(app).get(stepUrl({ date: TUE }))).text);
    const [a, b] = await Promise.all([book({ start: at(TUE, '10:00'), key }), book({ start: at(TUE, '10:00'), key })]);
    expect(a.status).toBe(302);
    expect(b.status).toBe(302);
    expect(b.headers.location).toBe(a.headers.location);
    const rows = await store.db.select().from(appointments);
    expect(rows).toHaveLength(1);
  });

  it('bad input: 400, the message at each field, everything typed kept', async () => {
    const res = await book({ start: at(TUE, '09:00'), key: 'k'.repeat(20), name: '', phone: '12', email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please enter your name.');
    expect(res.text).toContain('Please enter a Nigerian phone number');
    expect(res.text).toContain('Please enter a valid e-mail address');
    expect(res.text).toMatch(/name="phone"[^>]*value="12"|value="12"[^>]*name="phone"/);
    expect(res.text).toMatch(/value="not-an-address"/);
    expect(await store.db.select().from(appointments)).toHaveLength(0);
  });

  it('a time taken meanwhile: 409, details kept, the three nearest free times offered', async () => {
    await booking.book(bookingForm({ date: TUE, time: '10:00' }), visitor());
    const res = await book({ start: at(TUE, '10:00'), key: 'conflict-key-123', name: 'Chidi Obi' });
    expect(res.status).toBe(409);
    expect(res.text).toContain('someone has just booked that time');
    expect(res.text).toContain('The nearest free times');
    expect(times(res.text)).toHaveLength(3);
    expect(times(res.text)).not.toContain(at(TUE, '10:00'));
    expect(res.text).toContain('value="Chidi Obi"');
  });

  it('the database unreachable: 503 with everything typed and the clinic’s phone', async () => {
    const down = makeTestApp({ store, booking: createBookingService(bookingDeps(unavailableStore())) });
    const res = await request(down).post(stepUrl({ date: TUE })).type('form').send({ ...choice, start: at(TUE, '09:00'), name: 'Amina Bello', phone: '0803 123 4567', key: 'down-key-12345' });
    expect(res.status).toBe(503);
    expect(res.text).toContain('not answering');
    expect(res.text).toMatch(/\+234 \d{3} \d{3} \d{4}/);
    expect(res.text).toContain('value="Amina Bello"');
  });

  it('the same address trying too many bookings gets a 429 with Retry-After (the booking’s own limit per address)', async () => {
    const limited = makeTestApp({ store, booking, requests: { submit: async () => ({ reference: 'x', duplicate: false }) }, rateLimitStore: { hit: async () => ({ allowed: false, retryAfterSeconds: 120 }) } });
    const res = await request(limited).post(stepUrl({ date: TUE })).type('form').send({ ...choice, start: at(TUE, '09:00'), name: 'A', phone: '0803 123 4567', key: 'limited-key-123' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('120');
  });

  describe('the manage link', () => {
    const bookOne = async (time = '11:00') => {
      const res = await book({ start: at(TUE, time), key: `manage-${time.replace(':', '')}-${Math.random().toString(36).slice(2)}` });
      return String(res.headers.location).split('?')[0] as string;
    };

    it('cancels: the page says so and the time is free again', async () => {
      const link = await bookOne();
      expect(times((await request(app).get(stepUrl({ date: TUE }))).text)).not.toContain(at(TUE, '11:00'));
      const booked = parseIcs((await request(app).get(`${link}/visit.ics`)).text);
      expect(one(booked.calendar, 'method').value).toBe('PUBLISH');
      expect(one(booked.events[0]!, 'organizer').value).toMatch(/^mailto:/);
      expect(booked.events[0]!.attendee).toBeUndefined();
      expect(one(booked.events[0]!, 'description').value).toContain('To change or cancel: http');
      const res = await request(app).post(link).type('form').send({ intent: 'cancel' });
      expect(res.status).toBe(200);
      expect(res.text).toContain('Your visit is cancelled');
      expect((await request(app).get(link)).text).toContain('Your visit is cancelled');
      // The calendar file now removes the entry (RFC 5546 CANCEL: organizer, attendee, sequence) and offers no change.
      const cancelled = parseIcs((await request(app).get(`${link}/visit.ics`)).text);
      const event = cancelled.events[0]!;
      expect(one(cancelled.calendar, 'method').value).toBe('CANCEL');
      expect(one(event, 'status').value).toBe('CANCELLED');
      expect(one(event, 'organizer').value).toMatch(/^mailto:/);
      expect(one(event, 'attendee').value).toMatch(/^(mailto:\S+@\S+|tel:\+\d+)$/);
      expect(Number(one(event, 'sequence').value)).toBeGreaterThan(Number(booked.events[0]!.sequence?.[0]?.value ?? 0));
      expect(one(event, 'uid').value).toBe(one(booked.events[0]!, 'uid').value);
      expect(one(event, 'description').value).not.toMatch(/change or cancel/i);
      expect(one(event, 'description').value).toMatch(/To book another: http\S+\/book or call/);
      expect(times((await request(app).get(stepUrl({ date: TUE }))).text)).toContain(at(TUE, '11:00'));
    });

    it('moves with the same day and time choice; the old time is free again', async () => {
      const link = await bookOne('09:00');
      const page = await request(app).get(`${link}?move=1&date=${TUE}`);
      expect(page.text).toContain('New time on Tuesday 1 December');
      const res = await request(app).post(`${link}?move=1&date=${TUE}`).type('form').send({ intent: 'move', start: at(TUE, '11:15') });
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/\?moved=1$/);
      const moved = await request(app).get(String(res.headers.location));
      expect(moved.text).toContain('Your visit has moved');
      expect(moved.text).toContain('11:15 am');
      const free = times((await request(app).get(stepUrl({ date: TUE }))).text);
      expect(free).toContain(at(TUE, '09:00'));
      expect(free).not.toContain(at(TUE, '11:15'));
    });

    it('reminders changed from the link: a channel with consent plans the reminders (no second confirmation); stopping them cancels what has not gone (issue 32)', async () => {
      const link = await bookOne('10:00');
      expect((await request(app).get(link)).text).toContain('You get no reminders for this visit.');
      const refused = await request(app).post(link).type('form').send({ intent: 'reminders', reminders: 'whatsapp' });
      expect(refused.status).toBe(400);
      expect(textOf(refused.text)).toContain('Please tick the box to agree to reminders');
      const saved = await request(app).post(link).type('form').send({ intent: 'reminders', reminders: 'whatsapp', consent: 'yes' });
      expect(saved.status).toBe(200);
      expect(textOf(saved.text)).toContain('Saved: we will remind you by WhatsApp.');
      const [row] = await store.db.select().from(appointments);
      expect([row?.reminderChannel, row?.remindersConsentAt instanceof Date]).toEqual(['whatsapp', true]);
      const planned = await store.db.select({ kind: messages.kind, status: messages.status }).from(messages).where(eq(messages.appointmentId, row!.id));
      expect(planned.map((m) => m.kind).sort()).toEqual(['reminder_24h', 'reminder_2h']);
      expect(planned.every((m) => m.status === 'scheduled')).toBe(true);
      const stopped = await request(app).post(link).type('form').send({ intent: 'reminders', reminders: 'none' });
      expect(textOf(stopped.text)).toContain('Saved: we will not send you reminders for this visit.');
      const [after] = await store.db.select().from(appointments);
      expect([after?.reminderChannel, after?.remindersConsentAt]).toEqual(['none', null]);
      const left = await store.db.select({ status: messages.status }).from(messages).where(eq(messages.appointmentId, row!.id));
      expect(left.every((m) => m.status === 'cancelled')).toBe(true);
    });

    it('inside the cancellation notice: no buttons, and a cancel sent anyway is refused with the number to call', async () => {
      const link = await bookOne('09:00');
      const late = makeTestApp({ store, booking: createBookingService(bookingDeps(store, { now: () => new Date(lagosMoment(TUE, '07:00')) })) });
      const page = await request(late).get(link);
      expect(page.text).not.toContain('Cancel my visit');
      expect(page.text).toMatch(/can only be changed by phone/);
      const res = await request(late).post(link).type('form').send({ intent: 'cancel' });
      expect(res.status).toBe(409);
      expect(res.text).toMatch(/too late to change this visit online\. Please call the clinic on \+234/);
      expect((await store.db.select().from(appointments))[0]?.status).toBe('booked');
    });

    it('the short address messages use (/m/<token>) leads to the manage page; a tampered one to the same 403', async () => {
      const link = await bookOne();
      const token = link.split('/').at(-1)!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{20,40}$/);
      const short = await request(app).get(`/m/${token}`);
      expect(short.status).toBe(302);
      expect(short.headers.location).toBe(link);
      expect(short.headers['cache-control']).toBe('private, no-store');
      expect(short.headers['referrer-policy']).toBe('no-referrer');
      expect((await request(app).get(short.headers.location as string)).text).toContain('<h1>Your booking</h1>');
      const tampered = await request(app).get(`/m/${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
      expect(tampered.status).toBe(302);
      expect((await request(app).get(tampered.headers.location as string)).status).toBe(403);
      expect((await request(app).get('/m/not%20a%20token')).status).toBe(404);
    });

    it('a tampered or unknown link: a clear 403 page, and nothing changes', async () => {
      const link = await bookOne();
      const tampered = `${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      const res = await request(app).get(tampered);
      expect(res.status).toBe(403);
      expect(res.text).toContain('This link does not open a booking');
      expect(res.text).toContain('This link is not valid any more');
      expect((await request(app).post(tampered).type('form').send({ intent: 'cancel' })).status).toBe(403);
      expect((await request(app).get(`${tampered}/visit.ics`)).status).toBe(403);
      expect((await store.db.select().from(appointments))[0]?.status).toBe('booked');
    });
  });

  it('the page cache never keeps the booking steps: each visitor gets fresh times and a fresh key', async () => {
    const cached = makeTestApp({ store, booking, pageCache: createPageCache({ maxBytes: 5_000_000, buildId: 'test' }) });
    const first = await request(cached).get(stepUrl({ date: TUE }));
    await booking.book(bookingForm({ date: TUE, time: '09:00' }), visitor());
    const second = await request(cached).get(stepUrl({ date: TUE }));
    expect(times(first.text)).toContain(at(TUE, '09:00'));
    expect(times(second.text)).not.toContain(at(TUE, '09:00'));
    expect(keyOf(second.text)).not.toBe(keyOf(first.text));
  });

  it('a signed-in patient: name and phone remembered from their last booking, and their account lists upcoming and past visits', async () => {
    const patient = { uid: 'u-patient-1', displayName: 'Amina Bello', email: 'amina@example.com' };
    const signedIn = makeTestApp({ store, booking, getUser: async () => patient });
    const first = await request(signedIn).get(stepUrl({ date: TUE }));
    expect(first.text).toContain('value="Amina Bello"');
    expect(first.text).toContain('value="amina@example.com"');
    const res = await request(signedIn)
      .post(stepUrl({ date: TUE }))
      .type('form')
      .set('Cookie', provenCookie())
      .send({ ...choice, start: at(TUE, '09:45'), name: 'Amina Bello', phone: '0803 123 4567', key: keyOf(first.text) });
    expect(res.status).toBe(302);
    expect((await request(signedIn).get(stepUrl({ date: TUE }))).text).toContain('value="+2348031234567"');
    const account = await request(signedIn).get('/account');
    expect(account.status).toBe(200);
    expect(account.headers['cache-control']).toBe('private, no-store');
    expect(account.text).toContain('Upcoming visits');
    expect(account.text).toMatch(/Tuesday 1 December at 9:45 am/);
    expect(account.text).toContain('No past visits yet.');
    const signedOut = await request(app).get('/account');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.location).toBe('/login?returnTo=%2Faccount');
  });

  it('uses the service’s clock: NOW is Monday 30 November', () => {
    expect(booking.now()).toEqual(NOW);
  });
});
