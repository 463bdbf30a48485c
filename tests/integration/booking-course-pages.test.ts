import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { book } from '../../server/booking/book';
import { appointments, courses } from '../../server/booking/schema';
import { createBookingService } from '../../server/booking/service';
import type { Store } from '../../server/platform/db/store';
import { lagosMoment } from '../../shared/booking/time';
import type { SessionUser } from '../../shared/platform/session';
import { bookingDeps, bookingForm, useBookingStore, visitor } from '../support/booking';
import { textOf } from '../support/page-text';
import { makeTestApp } from '../support/test-app';
import { pageEngines } from '../support/test-store';

// The course pages through the app (issue 46): the patient plans a course from a visit's manage
// link (no JavaScript: GET shows, POST books), the course's own link cancels the remaining visits,
// a visit taken meanwhile answers 409 with the course proposed again, bad input 400; staff book
// one for the patient and see "visit 3 of 6" on the visit's page and the calendar.

const at = (date: string, time: string) => new Date(lagosMoment(date, time)).toISOString();
const staffUser: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const selected = (html: string) => [...html.matchAll(/<select id="at-(\d+)" name="at-\d+"[^>]*>([\s\S]*?)<\/select>/g)].map((m) => /<option value="([^"]+)" selected=""/.exec(m[2]!)?.[1] ?? null);
const field = (html: string, name: string) => new RegExp(`type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

describe.each(pageEngines())('course pages on %s', (engine) => {
  const db = useBookingStore(engine, { plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let store: Store;
  let app: ReturnType<typeof makeTestApp>;
  let token: string;
  let reference: string;
  let user: SessionUser | null = null;
  beforeEach(async () => {
    store = db.store;
    const deps = bookingDeps(store);
    app = makeTestApp({ store, booking: createBookingService(deps), getUser: async () => user });
    user = null;
    const first = await book(deps, bookingForm({ time: '09:30' }), visitor('patient-uid'));
    if (!first.ok) throw new Error(first.reason);
    token = first.manageToken;
    reference = first.appointment.reference;
  });

  const plan = (query = '') => request(app).get(`/booking/manage/${token}/course${query}`);
  const bookForm = (html: string, override: Record<string, string> = {}) => {
    const fields: Record<string, string> = { visits: field(html, 'visits'), rhythm: field(html, 'rhythm'), first: field(html, 'first'), time: field(html, 'time'), key: field(html, 'key') };
    selected(html).forEach((v, i) => {
      if (v) fields[`at-${i + 1}`] = v;
    });
    return { ...fields, ...override };
  };

  it('the manage page offers a course; the plan shows six weekly visits at the visit’s time, each changeable, before anything is booked', async () => {
    const manage = await request(app).get(`/booking/manage/${token}`);
    expect(manage.text).toContain(`/booking/manage/${token}/course`);
    const res = await plan();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(selected(res.text)).toEqual(['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05', '2027-01-12'].map((d) => at(d, '09:30')));
    expect(textOf(res.text)).toContain('Your 6 visits (once a week)');
    expect(res.text).toMatch(/<input[^>]*name="day-3"/);
    expect(await store.db.select().from(courses)).toHaveLength(0);
  });

  it('bad input is a 400 that says what is wrong and keeps what was typed; an unknown link a 403', async () => {
    const res = await plan('?visits=40&rhythm=weekly&first=2026-12-08&time=09:30');
    expect(res.status).toBe(400);
    expect(textOf(res.text)).toContain('Please choose between 2 and 12 visits.');
    expect(res.text).toContain('value="2026-12-08"');
    const day = await plan('?visits=4&rhythm=weekly&first=2026-02-30&time=09:30');
    expect(day.status).toBe(400);
    expect(textOf(day.text)).toContain('Please give the first visit’s day as a date');
    const forged = await request(app).get('/booking/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAA/course');
    expect(forged.status).toBe(403);
    const course = await request(app).get('/booking/course/not-a-token');
    expect(course.status).toBe(403);
    const post = await request(app).post(`/booking/manage/${token}/course`).type('form').send({ visits: '3', rhythm: 'sometimes', first: '2026-12-08', time: '09:30' });
    expect(post.status).toBe(400);
    expect(textOf(post.text)).toContain('Please choose how often.');
  });

  it('books the course shown (303 to its own link), which lists each visit with its link and cancels the remaining ones', async () => {
    const page = await plan('?visits=6&rhythm=weekly&first=2026-12-08&time=10:00');
    const res = await request(app).post(`/booking/manage/${token}/course`).type('form').send(bookForm(page.text));
    expect(res.status).toBe(302);
    const link = String(res.headers.location);
    expect(link).toMatch(/^\/booking\/course\/[\w.-]+\?booked=1$/);
    const rows = (await store.db.select().from(appointments)).filter((r) => r.courseId !== null);
    expect(rows).toHaveLength(6);
    const course = await request(app).get(link);
    expect(course.status).toBe(200);
    const text = textOf(course.text);
    expect(text).toContain('Your 6 visits are booked');
    expect(text).toContain('Visit 3 of 6:');
    expect([...course.text.matchAll(/href="\/booking\/manage\/[\w-]+"/g)]).toHaveLength(6);
    // The same form again books nothing new.
    const again = await request(app).post(`/booking/manage/${token}/course`).type('form').send(bookForm(page.text));
    expect(again.status).toBe(302);
    expect((await store.db.select().from(appointments)).filter((r) => r.courseId !== null)).toHaveLength(6);
    // A visit's own page says its place and links the course.
    const visitPage = await request(app).get(`/booking/manage/${/href="\/booking\/manage\/([\w-]+)"/.exec(course.text)![1]}`);
    expect(textOf(visitPage.text)).toContain('This is visit 1 of 6 of your course.');
    const cancelled = await request(app).post(link.replace(/\?.*$/, '')).type('form').send({ intent: 'cancel-remaining' });
    expect(cancelled.status).toBe(200);
    expect(textOf(cancelled.text)).toContain('6 visits are cancelled');
    expect((await store.db.select().from(appointments)).filter((r) => r.courseId !== null && r.status === 'booked')).toHaveLength(0);
  });

  it('a visit taken between showing and booking: 409, nothing booked, the course shown again with that visit moved', async () => {
    const page = await plan('?visits=3&rhythm=weekly&first=2026-12-08&time=09:30');
    const taken = await book(bookingDeps(store), bookingForm({ date: '2026-12-15', time: '09:30', patient: { name: 'Other', phone: '+2348030000001', email: null } }), visitor(null, '+2348030000001'));
    expect(taken.ok).toBe(true);
    const res = await request(app).post(`/booking/manage/${token}/course`).type('form').send(bookForm(page.text));
    expect(res.status).toBe(409);
    expect(textOf(res.text)).toContain('Visit 2’s time was taken a moment ago, so nothing is booked yet.');
    expect(selected(res.text)).toEqual([at('2026-12-08', '09:30'), at('2026-12-15', '10:15'), at('2026-12-22', '09:30')]);
    expect(await store.db.select().from(courses)).toHaveLength(0);
    const retry = await request(app).post(`/booking/manage/${token}/course`).type('form').send(bookForm(res.text));
    expect(retry.status).toBe(302);
  });

  it('staff book a course on the patient’s behalf; the visit page says "Visit 3 of 6" and the calendar marks each visit', async () => {
    user = staffUser;
    const page = await request(app).get(`/staff/bookings/${reference}/course?visits=6&rhythm=weekly&first=2026-12-08&time=11:00`);
    expect(page.status).toBe(200);
    const res = await request(app).post(`/staff/bookings/${reference}/course`).type('form').send(bookForm(page.text));
    expect(res.status).toBe(302);
    expect(String(res.headers.location)).toMatch(new RegExp(`^/staff/bookings/${reference}\\?done=course&course=CR-`));
    const third = (await store.db.select().from(appointments).where(eq(appointments.courseSeq, 3)))[0]!;
    const visit = await request(app).get(`/staff/bookings/${third.reference}`);
    expect(textOf(visit.text)).toMatch(/Visit 3 of 6 \(CR-[0-9A-Z]{5}\)/);
    const calendar = await request(app).get('/staff/calendar?view=day&date=2026-12-22');
    expect(textOf(calendar.text)).toContain('Course: visit 3 of 6');
    user = null;
    const refused = await request(app).get(`/staff/bookings/${reference}/course`);
    expect([302, 303, 401, 403]).toContain(refused.status);
  });
});
