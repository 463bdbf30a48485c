import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { pages } from '../../shared/app/routes';
import { lagosMoment } from '../../shared/booking/time';
import type { SessionUser } from '../../shared/platform/session';
import { addPlans, bookingDeps, bookingForm, clearBooking, visitor } from '../support/booking';
import { makeTestApp } from '../support/test-app';
import { openTestStore, pageEngines, type TestStore } from '../support/test-store';

// Issue 44: a crafted date, time or id is a 400 (or 422) at its field, never a 500 or 503. The
// same bad values go to every route that takes a date, a time, a moment or an id, as a page
// (the whole render: a RangeError there was a 500) and as a data request (the field's message).
// What pages answer, so on one engine (docs/conventions.md, "Which database engines"): the values
// are refused before any SQL, and the SQL behind these routes is checked on both engines by the
// store-level files (booking-book, booking-staff, booking-free-times, store, intake).

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const editor: SessionUser = { uid: 'u-editor', displayName: 'Chioma Obi', email: 'chioma@example.com', role: 'editor' };

const BAD_DAYS = ['x', '2026-13-01', '2026-13-45', '2026-02-30', '2026-1-1', '20261201', '0000-01-01', '9999-12-31', '2026-12-01T09:00', '٢٠٢٦-١٢-٠١'];
const BAD_TIMES = ['x', '25:00', '9:00', '12:60', '24:01', '12:00:00', '-1:00', '1200'];
const BAD_MOMENTS = ['x', '2026-13-01T09:00:00Z', '2026-12-01T25:00:00Z', '2026-02-30T09:00:00Z', '2026-12-01', '1798761600000', '2026-12-01T09:00:00+99:00', '+275760-09-13T00:00:00Z'];
const BAD_IDS = ['abc', '-1', '0', '1.5', '1e3', '99999999999999999999', '0x10', '12abc'];

type Kind = 'day' | 'time' | 'moment' | 'id';
const BAD: Record<Kind, readonly string[]> = { day: BAD_DAYS, time: BAD_TIMES, moment: BAD_MOMENTS, id: BAD_IDS };

/** One parameter of one route: how to send a bad value, the status it must answer, and where its message is in the data. */
interface Case {
  route: string;
  name: string;
  kind: Kind;
  send: (value: string) => { method: 'GET' | 'POST'; url: string; fields?: Record<string, string> };
  status: 400 | 422;
  /** The field's message in the data request's answer. */
  message: (data: Record<string, unknown>) => unknown;
}

const TUE = '2026-12-01';
const at = (date: string, time: string) => new Date(lagosMoment(date, time)).toISOString();
const errorsOf = (field: string) => (d: Record<string, unknown>) => (d.errors as Record<string, string> | undefined)?.[field];

/** The routes that take no date, time or id from a visitor or staff (their ids are in their paths: a 404 when unknown). */
const TAKE_NONE = new Set([
  '/', '/home', '/homeFour', '/servicesTwo', '/contact', '/privacy', '/newsletter/confirm', '/newsletter/unsubscribe', '/staff', '/staff/people', '/staff/booking-limits', '/staff/bookings/:reference/form', '/staff/content/new-patient-form',
  '/login', '/register', '/account', '/blogDetails', '/blogDetailsLeftSidebar', '/blogDetailsAudio', '/blogDetailsVideo', '/blogDetailsGallery',
  '/service-detail/:id', '/servicesDetails', '/shopDetails', '/shoppingCart', '/wishList', '/checkout',
  // Pages whose content is data (issue 45): the blog lists' `?page=` is a page's number, a 404 when there is no such page.
  '/homeTwo', '/homeThree', '/homeFive', '/blogs', '/blogLeftSideBar', '/blogNoSideBar', '/blogTwoColumn', '/blogTwoMasonry', '/blogThreeColumn', '/blogThreeColMasonry',
  '/portfolioTwoColumn', '/portfolioThreeColumn', '/portfolioSlider',
  // The site editor's home, its lists (a new item from its title) and the media library (a picture's id is its content hash).
  '/staff/content', '/staff/content/:kind', '/staff/content/media',
  // A course's own link (issue 46): its id is in its signed token.
  '/booking/course/:token',
  // A waitlist entry's and an offer's own links (issue 46): what they act on is in their tokens.
  '/waitlist/entry/:token', '/waitlist/offer/:token',
  // Deposits (issue 48): Paystack's return names a payment by its reference (unknown: 404); the
  // payments page takes a month, not a day (a bad one is a 400 beside its field: deposit-pages.test.ts).
  '/book/deposit', '/staff/payments',
]);

describe.each(pageEngines())('bad dates, times and ids on %s', (engine) => {
  let t: TestStore;
  let booking: BookingService;
  let app: ReturnType<typeof makeTestApp>;
  let token = '';
  let reference = '';
  let request_ = '';
  const cases: Case[] = [];

  beforeAll(async () => {
    t = await openTestStore(engine);
    await clearBooking(t.store);
    await addPlans(t.store, [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }]);
    booking = createBookingService(bookingDeps(t.store));
    // The front desk everywhere but the site editor's pages, which are the editor's.
    app = makeTestApp({ store: t.store, requests: undefined, booking, getUser: async (req) => (req.path.startsWith('/staff/content/') ? editor : staff) });
    const booked = await booking.book(bookingForm({ date: '2026-12-08' }), visitor());
    if (!booked.ok) throw new Error(booked.reason);
    token = booked.manageToken;
    reference = booked.appointment.reference;
    // A first visit: its new-patient form's gate takes a date of birth (day, month, year).
    const first = await booking.book(bookingForm({ date: '2026-12-08', time: '10:00', visitKind: 'first' }), visitor());
    if (!first.ok) throw new Error(first.reason);
    const formToken = first.manageToken;
    const contact = await request(app).post('/contact?_data=%2Fcontact').type('form').send({ name: 'Chidi Okafor', email: 'chidi@example.com', phone: '', subject: 'Hours', message: 'Open on Sunday?' });
    request_ = contact.body.data.reference as string;

    const choice = 'service=1&visit=follow_up&practitioner=adaeze-okafor';
    const bookForm = { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', name: 'Amina Bello', phone: '0803 123 4567', email: '', reminders: 'none' };
    cases.push(
      { route: '/book', name: 'date', kind: 'day', send: (v) => ({ method: 'GET', url: `/book?${choice}&date=${encodeURIComponent(v)}` }), status: 400, message: errorsOf('date') },
      { route: '/book', name: 'from', kind: 'day', send: (v) => ({ method: 'GET', url: `/book?${choice}&from=${encodeURIComponent(v)}` }), status: 400, message: errorsOf('date') },
      { route: '/book', name: 'start', kind: 'moment', send: (v) => ({ method: 'POST', url: '/book', fields: { ...bookForm, start: v, key: randomUUID() } }), status: 400, message: errorsOf('start') },
      { route: '/booking/manage/:token', name: 'date', kind: 'day', send: (v) => ({ method: 'GET', url: `/booking/manage/${token}?move=1&date=${encodeURIComponent(v)}` }), status: 400, message: (d) => d.moveError },
      { route: '/booking/manage/:token', name: 'from', kind: 'day', send: (v) => ({ method: 'GET', url: `/booking/manage/${token}?move=1&from=${encodeURIComponent(v)}` }), status: 400, message: (d) => d.moveError },
      { route: '/booking/manage/:token', name: 'start', kind: 'moment', send: (v) => ({ method: 'POST', url: `/booking/manage/${token}`, fields: { intent: 'move', start: v, practitioner: 'adaeze-okafor' } }), status: 400, message: errorsOf('start') },
      { route: '/staff/calendar', name: 'date', kind: 'day', send: (v) => ({ method: 'GET', url: `/staff/calendar?view=week&date=${encodeURIComponent(v)}` }), status: 400, message: errorsOf('date') },
      { route: '/staff/bookings/new', name: 'date', kind: 'day', send: (v) => ({ method: 'GET', url: `/staff/bookings/new?service=1&visit=first&practitioner=any&date=${encodeURIComponent(v)}` }), status: 400, message: errorsOf('date') },
      { route: '/staff/bookings/new', name: 'start', kind: 'moment', send: (v) => ({ method: 'POST', url: '/staff/bookings/new', fields: { ...bookForm, start: v, key: randomUUID() } }), status: 422, message: errorsOf('start') },
      { route: '/staff/bookings/:reference', name: 'moveDate', kind: 'day', send: (v) => ({ method: 'GET', url: `/staff/bookings/${reference}?moveDate=${encodeURIComponent(v)}` }), status: 400, message: (d) => d.moveError },
      { route: '/staff/bookings/:reference', name: 'start', kind: 'moment', send: (v) => ({ method: 'POST', url: `/staff/bookings/${reference}`, fields: { intent: 'move', version: '1', start: v, practitioner: 'adaeze-okafor' } }), status: 422, message: errorsOf('start') },
      { route: '/staff/bookings/:reference', name: 'version', kind: 'id', send: (v) => ({ method: 'POST', url: `/staff/bookings/${reference}`, fields: { intent: 'status', version: v, status: 'arrived' } }), status: 422, message: (d) => d.message },
      { route: '/staff/plans', name: 'id (exception)', kind: 'id', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'exception-remove', practitioner: 'adaeze-okafor', id: v } }), status: 422, message: errorsOf('id') },
      { route: '/staff/plans', name: 'id (closure)', kind: 'id', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'closure-remove', id: v } }), status: 422, message: errorsOf('id') },
      { route: '/staff/plans', name: 'date (exception)', kind: 'day', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'exception-add', practitioner: 'adaeze-okafor', kind: 'time_off', date: v } }), status: 422, message: errorsOf('date') },
      { route: '/staff/plans', name: 'starts (exception)', kind: 'time', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'exception-add', practitioner: 'adaeze-okafor', kind: 'extra_hours', location: 'abuja', date: TUE, starts: v, ends: '12:00' } }), status: 422, message: errorsOf('starts') },
      { route: '/staff/plans', name: 'date (closure)', kind: 'day', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'closure-add', date: v, name: 'Training' } }), status: 422, message: errorsOf('date') },
      { route: '/staff/plans', name: 'starts (closure)', kind: 'time', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'closure-add', date: TUE, starts: v, name: 'Training' } }), status: 422, message: errorsOf('starts') },
      { route: '/staff/plans', name: 'validFrom', kind: 'day', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'week', practitioner: 'adaeze-okafor', validFrom: v, d1_start: '09:00', d1_end: '17:00' } }), status: 422, message: errorsOf('validFrom') },
      { route: '/staff/plans', name: 'd1_start', kind: 'time', send: (v) => ({ method: 'POST', url: '/staff/plans', fields: { intent: 'week', practitioner: 'adaeze-okafor', validFrom: '2026-12-07', d1_start: v, d1_end: '17:00' } }), status: 422, message: errorsOf('d1_start') },
      { route: '/staff/requests/:reference', name: 'date', kind: 'day', send: (v) => ({ method: 'POST', url: `/staff/requests/${request_}`, fields: { intent: 'status', version: '1', status: 'booked', date: v, time: '10:30' } }), status: 422, message: errorsOf('date') },
      { route: '/staff/requests/:reference', name: 'time', kind: 'time', send: (v) => ({ method: 'POST', url: `/staff/requests/${request_}`, fields: { intent: 'status', version: '1', status: 'booked', date: TUE, time: v } }), status: 422, message: errorsOf('time') },
      { route: '/staff/requests/:reference', name: 'version', kind: 'id', send: (v) => ({ method: 'POST', url: `/staff/requests/${request_}`, fields: { intent: 'note', version: v, note: 'Called back' } }), status: 422, message: errorsOf('_form') },
      { route: '/appoinment', name: 'date', kind: 'day', send: (v) => ({ method: 'POST', url: '/appoinment', fields: { name: 'Ada Obi', phone: '0803 123 4567', date: v, time: '10:30' } }), status: 422, message: errorsOf('date') },
      { route: '/booking/manage/:token/form', name: 'dobYear', kind: 'day', send: (v) => ({ method: 'POST', url: `/booking/manage/${formToken}/form`, fields: { intent: 'gate', dobDay: '1', dobMonth: '2', dobYear: v } }), status: 422, message: errorsOf('dobYear') },
      { route: '/booking/manage/:token/form', name: 'dobDay', kind: 'id', send: (v) => ({ method: 'POST', url: `/booking/manage/${formToken}/form`, fields: { intent: 'gate', dobDay: v, dobMonth: '2', dobYear: '1985' } }), status: 422, message: errorsOf('dobDay') },
      // The site editor (issue 45): the version a form was made from, a time to publish, a revision restored.
      { route: '/staff/content/:kind/:id', name: 'version', kind: 'id', send: (v) => ({ method: 'POST', url: '/staff/content/faq/referral', fields: { intent: 'save', version: v, question: 'Do I need a referral?', answer: 'No.', order: '1' } }), status: 400, message: (d) => d.message },
      { route: '/staff/content/:kind/:id', name: 'scheduleAt', kind: 'moment', send: (v) => ({ method: 'POST', url: '/staff/content/faq/referral', fields: { intent: 'schedule', version: '1', scheduleAt: v, question: 'Do I need a referral?', answer: 'No.', order: '1' } }), status: 422, message: errorsOf('scheduleAt') },
      { route: '/staff/content/:kind/:id', name: 'scheduleAt (a day that is not)', kind: 'day', send: (v) => ({ method: 'POST', url: '/staff/content/faq/referral', fields: { intent: 'schedule', version: '1', scheduleAt: `${v}T09:00`, question: 'Do I need a referral?', answer: 'No.', order: '1' } }), status: 422, message: errorsOf('scheduleAt') },
      { route: '/staff/content/:kind/:id/revisions/:n', name: 'version', kind: 'id', send: (v) => ({ method: 'POST', url: '/staff/content/faq/referral/revisions/1', fields: { version: v } }), status: 400, message: (d) => d.message },
      // A course of visits (issue 46): its first day and time of day, and each visit's start.
      { route: '/booking/manage/:token/course', name: 'first', kind: 'day', send: (v) => ({ method: 'GET', url: `/booking/manage/${token}/course?visits=3&rhythm=weekly&time=09:00&first=${encodeURIComponent(v)}` }), status: 400, message: (d) => d.error },
      { route: '/booking/manage/:token/course', name: 'time', kind: 'time', send: (v) => ({ method: 'GET', url: `/booking/manage/${token}/course?visits=3&rhythm=weekly&first=2026-12-15&time=${encodeURIComponent(v)}` }), status: 400, message: (d) => d.error },
      { route: '/booking/manage/:token/course', name: 'at-1', kind: 'moment', send: (v) => ({ method: 'POST', url: `/booking/manage/${token}/course`, fields: { visits: '2', rhythm: 'weekly', first: '2026-12-15', time: '09:00', 'at-1': v, 'at-2': at('2026-12-22', '09:00'), key: randomUUID() } }), status: 400, message: (d) => d.message },
      { route: '/staff/bookings/:reference/course', name: 'first', kind: 'day', send: (v) => ({ method: 'GET', url: `/staff/bookings/${reference}/course?visits=3&rhythm=weekly&time=09:00&first=${encodeURIComponent(v)}` }), status: 400, message: (d) => d.error },
      // The waitlist (issue 46): the last day that suits; a time offered by hand, to an entry.
      { route: '/waitlist/join', name: 'until', kind: 'day', send: (v) => ({ method: 'POST', url: '/waitlist/join', fields: { service: '1', visit: 'first', practitioner: 'any', days: '2', parts: 'morning', until: v, name: 'Amina Bello', phone: '0803 123 4567', channel: 'whatsapp', consent: 'yes' } }), status: 400, message: errorsOf('until') },
      { route: '/staff/waitlist', name: 'date', kind: 'day', send: (v) => ({ method: 'POST', url: '/staff/waitlist', fields: { intent: 'offer', entry: '1', practitioner: 'adaeze-okafor', date: v, time: '09:00' } }), status: 400, message: (d) => d.message },
      { route: '/staff/waitlist', name: 'time', kind: 'time', send: (v) => ({ method: 'POST', url: '/staff/waitlist', fields: { intent: 'offer', entry: '1', practitioner: 'adaeze-okafor', date: TUE, time: v } }), status: 400, message: (d) => d.message },
      { route: '/staff/waitlist', name: 'entry', kind: 'id', send: (v) => ({ method: 'POST', url: '/staff/waitlist', fields: { intent: 'offer', entry: v, practitioner: 'adaeze-okafor', date: TUE, time: '09:00' } }), status: 400, message: (d) => d.message },
      { route: '/appoinment', name: 'time', kind: 'time', send: (v) => ({ method: 'POST', url: '/appoinment', fields: { name: 'Ada Obi', phone: '0803 123 4567', date: TUE, time: v } }), status: 422, message: errorsOf('time') },
    );
  });
  afterAll(() => t?.cleanup());

  it('every route with a server loader or action is either walked below or takes no date, time or id', () => {
    const walked = new Set(cases.map((c) => c.route));
    const served = pages.filter((p) => p.serverLoader || p.serverAction).map((p) => p.path);
    expect(served.filter((path) => !walked.has(path) && !TAKE_NONE.has(path))).toEqual([]);
  });

  it('each bad value is a 400 or 422 with a message at its field, as a page and as a data request', { timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    for (const c of cases) {
      for (const value of BAD[c.kind]) {
        // The forms' limit per address is not what is tested here.
        await t.store.db.execute(sql`TRUNCATE rate_limits`);
        const { method, url, fields } = c.send(value);
        const dataUrl = `${url}${url.includes('?') ? '&' : '?'}_data=${encodeURIComponent(c.route)}`;
        const [page, json] =
          method === 'GET'
            ? await Promise.all([request(app).get(url), request(app).get(dataUrl)])
            : [await request(app).post(url).type('form').send(fields!), await request(app).post(dataUrl).type('form').send(fields!)];
        const label = `${c.route} ${c.name}=${JSON.stringify(value)}`;
        if (page.status !== c.status) wrong.push(`${label}: page ${page.status}`);
        if (json.body?.status !== c.status) wrong.push(`${label}: data ${json.body?.status ?? json.status}`);
        const said = c.message((json.body?.data ?? {}) as Record<string, unknown>);
        if (typeof said !== 'string' || !said) wrong.push(`${label}: no message at its field (${JSON.stringify(json.body?.data).slice(0, 200)})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the values around them still work: a real day, time, moment and id are accepted', async () => {
    expect((await request(app).get(`/book?service=1&visit=follow_up&practitioner=adaeze-okafor&date=${TUE}`)).status).toBe(200);
    expect((await request(app).get(`/staff/calendar?date=${TUE}`)).status).toBe(200);
    expect((await request(app).get(`/staff/bookings/${reference}?moveDate=${TUE}`)).status).toBe(200);
    const moved = await request(app).post(`/booking/manage/${token}`).type('form').send({ intent: 'move', start: at(TUE, '10:00'), practitioner: 'adaeze-okafor' });
    expect(moved.status).toBe(302);
    const closed = await request(app).post('/staff/plans').type('form').send({ intent: 'closure-add', date: '2026-12-24', starts: '13:00', ends: '24:00', name: 'Christmas Eve afternoon' });
    expect(closed.status).toBe(303);
  });
});
