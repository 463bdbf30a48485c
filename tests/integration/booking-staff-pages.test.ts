import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments } from '../../server/booking/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import type { Store } from '../../server/platform/db/store';
import { requests } from '../../server/requests/schema';
import { lagosMoment } from '../../shared/booking/time';
import type { SessionUser } from '../../shared/platform/session';
import { addAppointments, bookingDeps, useBookingStore } from '../support/booking';
import { mainOf, textOf } from '../support/page-text';
import { one, parseIcs } from '../support/ical';
import { submit } from '../support/submit';
import { makeTestApp } from '../support/test-app';
import { pageEngines } from '../support/test-store';

// The clinic's side of booking through its pages (loaders and actions over HTTP): who may,
// the day and week lists, a phone booking, move, cancel, statuses, plans, exceptions,
// closures, and the calendar feed. The booking clock is Monday 30 November 2026, 05:00.

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const patient: SessionUser = { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' };
const TUE = '2026-12-01';
const at = (date: string, time: string) => new Date(lagosMoment(date, time)).toISOString();

describe.each(pageEngines())('the staff booking pages on %s', (engine) => {
  const db = useBookingStore(engine, {
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 1, starts: '08:00', ends: '12:00' },
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' },
      { practitioner: 'tunde-bakare', weekday: 3, starts: '09:00', ends: '12:00' },
    ],
  });
  let store: Store;
  let booking: BookingService;
  let user: SessionUser | null = staff;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(() => {
    store = db.store;
    booking = createBookingService(bookingDeps(store));
    app = makeTestApp({ store, requests: undefined, booking, getUser: async () => user });
  });
  beforeEach(() => {
    user = staff;
  });

  const post = (path: string, fields: Record<string, string | number>) => request(app).post(path).type('form').send(fields);
  const row = async (reference: string) => (await store.db.select().from(appointments).where(eq(appointments.reference, reference)))[0]!;
  const onlyRef = async () => (await store.db.select({ reference: appointments.reference }).from(appointments))[0]!.reference;
  const phoneBooking = async (time = '09:00', extra: Record<string, string> = {}) => {
    const res = await post('/staff/bookings/new', { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', start: at(TUE, time), name: 'Chidi Okafor', phone: '0803 123 4567', email: '', reminders: 'none', key: randomUUID(), ...extra });
    expect(res.status, res.text.slice(0, 300)).toBe(303);
    return /\/staff\/bookings\/(BK-[A-Z0-9]{5})\?done=booked$/.exec(String(res.headers.location))![1]!;
  };

  it('signed out: every page and form redirects to sign in and back; without the role: 403, and nothing changes', async () => {
    await addAppointments(store, [{ practitioner: 'adaeze-okafor', date: TUE, starts: '09:00', minutes: 30 }]);
    const ref = await onlyRef();
    const pages = ['/staff/calendar?view=week', '/staff/bookings/new', `/staff/bookings/${ref}`, '/staff/plans'];
    user = null;
    for (const path of pages) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
    }
    expect((await post(`/staff/bookings/${ref}`, { intent: 'cancel', version: 1, confirm: 'yes' })).status).toBe(302);
    user = patient;
    for (const path of pages) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(403);
      expect(res.text).not.toContain('Test Patient');
    }
    expect((await post(`/staff/bookings/${ref}`, { intent: 'cancel', version: 1, confirm: 'yes' })).status).toBe(403);
    expect((await post('/staff/plans', { intent: 'closure-add', date: '2026-12-24', name: 'Holiday' })).status).toBe(403);
    expect((await post('/staff/plans', { intent: 'feed-create', practitioner: 'adaeze-okafor' })).status).toBe(403);
    expect((await row(ref)).status).toBe('booked');
    expect(await booking.closuresBetween({ fromDate: '2026-12-24', toDate: '2026-12-24' })).toEqual([]);
  });

  it('the day and week lists: time, patient, service, status and practitioner, per practitioner or the whole clinic, with previous/next links', async () => {
    await addAppointments(store, [
      { practitioner: 'adaeze-okafor', date: TUE, starts: '09:00', minutes: 30 },
      { practitioner: 'adaeze-okafor', date: TUE, starts: '10:00', minutes: 30, status: 'cancelled' },
      { practitioner: 'tunde-bakare', date: '2026-12-02', starts: '11:00', minutes: 30 },
    ]);
    const day = await request(app).get(`/staff/calendar?view=day&date=${TUE}`);
    expect(day.status).toBe(200);
    expect(day.headers['cache-control']).toMatch(/no-store|private/);
    const text = textOf(mainOf(day.text));
    expect(text).toContain('Tuesday 1 December');
    expect(text).toMatch(/9:00 am.*9:30 am.*Test Patient.*Booked.*Chiropractic Therapy.*Dr\. Adaeze Okafor/s);
    expect(text).toContain('Cancelled');
    expect(text).not.toContain('Tunde Bakare'.toUpperCase());
    expect(day.text).toContain('href="/staff/calendar?view=day&amp;date=2026-11-30"');
    expect(day.text).toContain('href="/staff/calendar?view=day&amp;date=2026-12-02"');

    const week = await request(app).get(`/staff/calendar?view=week&date=${TUE}`);
    const weekText = textOf(mainOf(week.text));
    expect(weekText).toContain('Week of Monday 30 November 2026');
    expect(weekText).toContain('3 visits');
    expect(weekText).toMatch(/Wednesday 2 December.*11:00 am.*Tunde Bakare/s);
    expect(week.text).toContain('href="/staff/calendar?view=week&amp;date=2026-12-08"');

    const one = await request(app).get(`/staff/calendar?view=week&date=${TUE}&practitioner=tunde-bakare`);
    expect(textOf(mainOf(one.text))).toContain('1 visit');
  });

  it('a phone booking: free times without the online notice, the booking with the staff member as its author, errors at the field with the input kept', async () => {
    const choose = await request(app).get(`/staff/bookings/new?service=1&visit=follow_up&practitioner=adaeze-okafor&date=2026-11-30`);
    expect(choose.status).toBe(200);
    // 05:00 now, the 08:00 start is inside the visitors' two-hour notice: staff may book it.
    expect(choose.text).toContain(`value="${at('2026-11-30', '08:00')}"`);
    // Without JavaScript the booking form posts to the page with its choices, so a refusal shows the free times again.
    expect(choose.text).toMatch(/<form[^>]*action="\/staff\/bookings\/new\?service=1&amp;visit=follow_up&amp;practitioner=adaeze-okafor&amp;date=2026-11-30"[^>]*method="post"/);

    // The form posts to the page's URL with its choices (as a browser does), so the free times show again.
    const bad = await post('/staff/bookings/new?service=1&visit=follow_up&practitioner=adaeze-okafor&date=2026-12-01', { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', start: at(TUE, '09:00'), name: '', phone: '0803 123 4567', reminders: 'none', key: randomUUID() });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('aria-invalid="true"');
    expect(bad.text).toContain('value="0803 123 4567"');

    const ref = await phoneBooking('09:00');
    const r = await row(ref);
    expect([r.status, r.createdBy, r.patientName, r.startsAt.toISOString()]).toEqual(['booked', 'u-staff', 'Chidi Okafor', at(TUE, '09:00')]);
    const page = await request(app).get(`/staff/bookings/${ref}?done=booked`);
    expect(textOf(mainOf(page.text))).toMatch(/Booked\. .*Chidi Okafor.*History.*Booked by Ngozi Eze/s);

    const taken = await post('/staff/bookings/new', { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', start: at(TUE, '09:00'), name: 'Someone Else', phone: '0803 765 4321', reminders: 'none', key: randomUUID() });
    expect(taken.status).toBe(409);
    expect(textOf(taken.text)).toContain('someone has just booked that time');
    expect(taken.text).toContain('value="Someone Else"');
  });

  it('a call-back request becomes a booking from its page: the form is filled in, the request is marked booked and links to it', async () => {
    const { reference } = await submit(store, { kind: 'appointment', idempotencyKey: randomUUID(), name: 'Halima Yusuf', phone: '+2348051112222', email: 'halima@example.com', payload: {}, notify: null });
    const requestPage = await request(app).get(`/staff/requests/${reference}`);
    expect(requestPage.text).toContain(`href="/staff/bookings/new?request=${reference}"`);
    const form = await request(app).get(`/staff/bookings/new?request=${reference}&service=1&visit=follow_up&practitioner=adaeze-okafor&date=${TUE}`);
    expect(form.text).toContain('value="Halima Yusuf"');
    expect(form.text).toContain(`name="request" value="${reference}"`);
    const ref = await phoneBooking('10:00', { request: reference, name: 'Halima Yusuf', phone: '+2348051112222' });
    const [req] = await store.db.select().from(requests).where(eq(requests.reference, reference));
    expect(req!.status).toBe('booked');
    expect((await row(ref)).requestId).toBe(req!.id);
    expect((await request(app).get(`/staff/requests/${reference}`)).text).toContain(`href="/staff/bookings/${ref}"`);
  });

  it('move to another free time (its own time counts as free), a taken time refused with alternatives, cancel only when confirmed', async () => {
    const ref = await phoneBooking('09:00');
    await addAppointments(store, [{ practitioner: 'adaeze-okafor', date: TUE, starts: '11:00', minutes: 30 }]);
    const find = await request(app).get(`/staff/bookings/${ref}?moveDate=${TUE}`);
    expect(find.text).toContain(`value="${at(TUE, '09:00')}"`);
    expect(find.text).toContain(`value="${at(TUE, '10:15')}"`);
    expect(find.text).not.toContain(`value="${at(TUE, '11:00')}"`);

    const taken = await post(`/staff/bookings/${ref}`, { intent: 'move', version: 1, start: at(TUE, '11:00'), practitioner: 'adaeze-okafor' });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('role="alert"');
    const moved = await post(`/staff/bookings/${ref}`, { intent: 'move', version: 1, start: at(TUE, '10:15'), practitioner: 'adaeze-okafor' });
    expect(moved.status).toBe(303);
    expect(moved.headers.location).toBe(`/staff/bookings/${ref}?done=moved`);
    expect((await row(ref)).startsAt.toISOString()).toBe(at(TUE, '10:15'));
    // The version seen before the move is stale now.
    expect((await post(`/staff/bookings/${ref}`, { intent: 'cancel', version: 1, confirm: 'yes' })).status).toBe(409);

    const unconfirmed = await post(`/staff/bookings/${ref}`, { intent: 'cancel', version: 2 });
    expect(unconfirmed.status).toBe(422);
    expect((await row(ref)).status).toBe('booked');
    expect((await post(`/staff/bookings/${ref}`, { intent: 'cancel', version: 2, confirm: 'yes' })).status).toBe(303);
    expect((await row(ref)).status).toBe('cancelled');
    const page = textOf(mainOf((await request(app).get(`/staff/bookings/${ref}?done=cancelled`)).text));
    expect(page).toMatch(/Cancelled\. The time is free again\..*Moved to Tuesday 1 December at 10:15 am.*Cancelled by Ngozi Eze/s);
  });

  it('statuses: arrived on the day, completed, a no-show not before the visit, back to booked; manage links revoked', async () => {
    await addAppointments(store, [
      { practitioner: 'adaeze-okafor', date: '2026-11-30', starts: '08:00', minutes: 30 },
      { practitioner: 'adaeze-okafor', date: TUE, starts: '09:00', minutes: 30 },
    ]);
    const rows = await store.db.select().from(appointments).orderBy(appointments.startsAt);
    const today = rows[0]!.reference;
    const tomorrow = rows[1]!.reference;
    // The inbox says how many visits are booked today and links to the calendar.
    const inbox = await request(app).get('/staff');
    expect(textOf(mainOf(inbox.text))).toContain('1 visit booked today.');
    expect(inbox.text).toContain('href="/staff/calendar"');
    // ...and lists them, each linking to its booking page.
    expect(inbox.text).toContain(`href="/staff/bookings/${today}"`);
    expect(inbox.text).not.toContain(`href="/staff/bookings/${tomorrow}"`);
    const early = await post(`/staff/bookings/${tomorrow}`, { intent: 'status', version: 1, status: 'arrived' });
    expect(early.status).toBe(409);
    expect(textOf(early.text)).toContain('once the visit has started');
    const arrived = await post(`/staff/bookings/${today}`, { intent: 'status', version: 1, status: 'arrived' });
    expect(arrived.headers.location).toBe(`/staff/bookings/${today}?done=status&status=arrived`);
    expect((await row(today)).status).toBe('arrived');
    expect(textOf(mainOf((await request(app).get(String(arrived.headers.location))).text))).toMatch(/Marked arrived\..*Status Booked → Arrived by Ngozi Eze/s);
    expect((await post(`/staff/bookings/${today}`, { intent: 'status', version: 2, status: 'booked' })).status).toBe(303);
    expect((await post(`/staff/bookings/${today}`, { intent: 'status', version: 3, status: 'held' })).status).toBe(422);
    const before = (await row(tomorrow)).manageVersion;
    expect((await post(`/staff/bookings/${tomorrow}`, { intent: 'revoke', version: 1 })).headers.location).toBe(`/staff/bookings/${tomorrow}?done=revoked`);
    expect((await row(tomorrow)).manageVersion).toBe(before + 1);
    expect((await request(app).get('/staff/bookings/BK-ZZZZZ')).status).toBe(404);
  });

  it('plans: a new week from a date (with a break), its history; errors at the day with the input kept', async () => {
    const outside = await post('/staff/plans', { intent: 'week', practitioner: 'adaeze-okafor', validFrom: '2026-11-30', location: 'abuja', d2_start: '07:00', d2_end: '12:00' });
    expect(outside.status).toBe(422);
    expect(outside.text).toContain('outside the location');
    expect(outside.text).toMatch(/name="d2_start"[^>]*value="07:00"|value="07:00"[^>]*name="d2_start"/);
    expect(outside.text).toMatch(/id="[^"]+-error">Day 2: 07:00–12:00 is outside/);
    const half = await post('/staff/plans', { intent: 'week', practitioner: 'adaeze-okafor', validFrom: '2026-11-30', d3_start: '09:00' });
    expect(half.status).toBe(422);

    const saved = await post('/staff/plans', { intent: 'week', practitioner: 'adaeze-okafor', validFrom: '2026-12-01', location: 'abuja', d2_start: '09:00', d2_end: '13:00', d2_break_start: '11:00', d2_break_end: '11:30', d4_start: '14:00', d4_end: '18:00' });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toMatch(/^\/staff\/plans\?practitioner=adaeze-okafor&done=week/);
    const week = await booking.weekOn('adaeze-okafor', '2026-12-01');
    expect(week.map((w) => [w.weekday, w.starts, w.ends, w.breaks])).toEqual([
      [2, '09:00', '13:00', [{ start: '11:00', end: '11:30' }]],
      [4, '14:00', '18:00', []],
    ]);
    const page = textOf(mainOf((await request(app).get('/staff/plans?practitioner=adaeze-okafor&done=week')).text));
    expect(page).toContain('The new week is saved');
    expect(page).toMatch(/History of the week.*from 2026-12-01 \(in force\).*from 2026-01-01 to 2026-12-01/s);
  });

  it('exceptions and closures: added, shown in the calendar, removed; a closure needs a name', async () => {
    const off = await post('/staff/plans', { intent: 'exception-add', practitioner: 'adaeze-okafor', date: TUE, kind: 'time_off', note: 'Conference' });
    expect(off.status).toBe(303);
    const [exception] = await booking.exceptionsBetween({ fromDate: TUE, toDate: TUE });
    expect(exception!.kind).toBe('time_off');
    const extraBad = await post('/staff/plans', { intent: 'exception-add', practitioner: 'adaeze-okafor', date: TUE, kind: 'extra_hours', starts: '15:00' });
    expect(extraBad.status).toBe(422);

    const unnamed = await post('/staff/plans', { intent: 'closure-add', date: '2026-12-24', name: '' });
    expect(unnamed.status).toBe(422);
    expect(unnamed.text).toContain('Please name the closure');
    expect(unnamed.text).toContain('value="2026-12-24"');
    expect((await post('/staff/plans', { intent: 'closure-add', date: '2026-12-24', name: 'Christmas Eve', starts: '13:00', ends: '22:00' })).status).toBe(303);
    const cal = textOf(mainOf((await request(app).get('/staff/calendar?view=week&date=2026-12-24')).text));
    expect(cal).toContain('Closed 1:00 pm–10:00 pm: Christmas Eve (All locations)');
    const [closure] = await booking.closuresBetween({ fromDate: '2026-12-24', toDate: '2026-12-24' });

    expect((await post('/staff/plans', { intent: 'exception-remove', practitioner: 'adaeze-okafor', id: exception!.id })).status).toBe(303);
    expect((await post('/staff/plans', { intent: 'closure-remove', id: closure!.id })).headers.location).toMatch(/done=closure-removed/);
    expect(await booking.exceptionsBetween({ fromDate: TUE, toDate: TUE })).toEqual([]);
    expect(await booking.closuresBetween({ fromDate: '2026-12-24', toDate: '2026-12-24' })).toEqual([]);
    expect((await post('/staff/plans', { intent: 'closure-remove', id: closure!.id })).status).toBe(409);
  });

  it('the calendar feed: made once (its address shown in that answer only), served as text/calendar, no-store, 404 once revoked or unknown', async () => {
    await addAppointments(store, [{ practitioner: 'adaeze-okafor', date: TUE, starts: '09:00', minutes: 30 }]);
    const made = await post('/staff/plans', { intent: 'feed-create', practitioner: 'adaeze-okafor' });
    expect(made.status).toBe(200);
    const url = /https?:\/\/[^<"\s]+\/staff\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(made.text)![0];
    const path = new URL(url).pathname;
    expect((await request(app).get('/staff/plans?practitioner=adaeze-okafor')).text).not.toContain(path);

    user = null; // calendar apps do not sign in
    const feed = await request(app).get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.headers['cache-control']).toBe('no-store');
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    expect(feed.text).not.toContain('Test Patient');
    // Read as a calendar app does: how often to fetch again (RFC 7986; Outlook's X-PUBLISHED-TTL).
    const parsed = parseIcs(feed.text);
    expect(one(parsed.calendar, 'refresh-interval')).toMatchObject({ value: 'PT30M', type: 'duration' });
    expect(one(parsed.calendar, 'x-published-ttl').value).toBe('PT30M');
    for (const event of parsed.events) expect(one(event, 'organizer').value).toMatch(/^mailto:/);
    expect((await request(app).get(path)).status).toBe(200);
    expect((await request(app).get('/staff/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);

    user = staff;
    expect((await post('/staff/plans', { intent: 'feed-revoke', practitioner: 'adaeze-okafor' })).headers.location).toMatch(/done=feed-revoked/);
    user = null;
    const gone = await request(app).get(path);
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
  });
});
