import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book } from '../../server/booking/book';
import { cancel } from '../../server/booking/changes';
import { bookCourse, cancelRemaining, courseByToken, proposeCourse, type CourseBooker } from '../../server/booking/course';
import type { BookingDeps } from '../../server/booking/deps';
import { eraseAppointmentsOf } from '../../server/booking/erase';
import { appointments, courses } from '../../server/booking/schema';
import { messages } from '../../server/messages/schema';
import type { Store } from '../../server/platform/db/store';
import { outbox } from '../../server/platform/mail/outbox';
import { DEFAULT_BOOKING_LIMITS } from '../../shared/booking/limits';
import type { BookResult } from '../../shared/booking/results';
import { lagosMoment, lagosTime } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { bookingDeps, bookingForm, INBOX, newKey, useBookingStore, visitor } from '../support/booking';

// A course of visits (issue 46) on both engines, with the tests' fixed clock (Monday 30 November
// 2026, 05:00 in Abuja). Adaeze works Tuesdays 09:00–12:00 (service 1: 30-minute follow-ups and
// 10 minutes' buffer); the course follows a visit on Tuesday 1 December at 09:30.

const at = (date: string, time: string) => new Date(lagosMoment(date, time));
const WEEKLY = ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05', '2027-01-12'];

function ok<T extends BookResult>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${result.reason}`);
  return result as Extract<T, { ok: true }>;
}

describe.each(testEngines())('a course of visits on %s', (engine) => {
  const db = useBookingStore(engine, { plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let store: Store;
  let deps: BookingDeps;
  let patient: CourseBooker;
  let anchorId: number;
  beforeEach(async () => {
    store = db.store;
    deps = bookingDeps(store);
    const first = ok(await book(deps, bookingForm({ time: '09:30' }), visitor('patient-uid')));
    patient = { as: 'patient', token: first.manageToken };
    anchorId = first.appointment.id;
    await store.db.delete(outbox);
  });

  const anchor = async () => (await store.db.select().from(appointments).where(eq(appointments.id, anchorId)))[0]!;
  const courseRows = () => store.db.select().from(appointments).where(eq(appointments.createdBy, 'visitor')).then((rows) => rows.filter((r) => r.courseId !== null).sort((a, b) => a.courseSeq! - b.courseSeq!));
  const starts = (time = '09:30', dates = WEEKLY) => dates.map((d) => at(d, time));

  it('proposes the same time where it is free, the nearest free time that day where it is taken, and says which days have none or lie beyond the horizon', async () => {
    await book(deps, bookingForm({ date: '2026-12-15', time: '09:30', patient: { name: 'Other', phone: '+2348030000001', email: null } }), visitor(null, '+2348030000001'));
    const weekly = await proposeCourse(deps, await anchor(), { visits: 6, rhythm: 'weekly', first: '2026-12-08', time: '09:30' }, false);
    expect(weekly.proposed.map((v) => [v.date, v.time, v.moved, v.problem])).toEqual([
      ['2026-12-08', '09:30', false, null],
      ['2026-12-15', '10:15', true, null], // 09:30 taken (to 10:10 with its buffer): 10:15 is the nearest free time
      ['2026-12-22', '09:30', false, null],
      ['2026-12-29', '09:30', false, null],
      ['2027-01-05', '09:30', false, null],
      ['2027-01-12', '09:30', false, null],
    ]);
    // Twice a week: the Fridays have no hours at all.
    const twice = await proposeCourse(deps, await anchor(), { visits: 4, rhythm: 'twice-weekly', first: '2026-12-08', time: '09:30' }, false);
    expect(twice.proposed.map((v) => [v.date, v.problem])).toEqual([
      ['2026-12-08', null],
      ['2026-12-11', 'none-free'],
      ['2026-12-15', null],
      ['2026-12-18', 'none-free'],
    ]);
    // Every two weeks for twelve visits runs past the 60-day horizon (29 January).
    const long = await proposeCourse(deps, await anchor(), { visits: 12, rhythm: 'fortnightly', first: '2026-12-08', time: '09:30' }, false);
    expect(long.lastDate).toBe('2027-01-29');
    expect(long.proposed.filter((v) => v.problem === 'too-far').map((v) => v.date)[0]).toBe('2027-02-02');
    // A visit's day and time changed on the page are kept.
    const changed = await proposeCourse(deps, await anchor(), { visits: 2, rhythm: 'weekly', first: '2026-12-08', time: '09:30', chosen: { 1: at('2026-12-08', '11:00').toISOString() }, days: { 2: '2026-12-22' } }, false);
    expect(changed.proposed.map((v) => [v.date, v.time])).toEqual([
      ['2026-12-08', '11:00'],
      ['2026-12-22', '09:30'],
    ]);
  });

  it('books six visits in one transaction, each its own appointment with its place, one mail listing every date, one confirmation message and reminders per visit', async () => {
    const result = await bookCourse(deps, patient, { rhythm: 'weekly', starts: starts(), idempotencyKey: newKey('course') });
    if (!result.ok) throw new Error(result.reason);
    expect(result.course.reference).toMatch(/^CR-[0-9A-Z]{5}$/);
    const rows = await courseRows();
    expect(rows.map((r) => [lagosTime(r.startsAt), r.courseSeq, r.courseSize, r.status, r.practitionerId, r.visitKind])).toEqual(WEEKLY.map((_, i) => ['09:30', i + 1, 6, 'booked', 'adaeze-okafor', 'follow_up']));
    expect(new Set(rows.map((r) => r.reference)).size).toBe(6);
    // The patient's details, consent and proven phone come from the visit the course follows.
    const a = await anchor();
    for (const r of rows) expect(r).toMatchObject({ patientPhone: a.patientPhone, patientEmail: a.patientEmail, patientUid: 'patient-uid', reminderChannel: 'whatsapp', remindersConsentAt: a.remindersConsentAt, phoneProvenAt: expect.any(Date) });
    const mails = await store.db.select().from(outbox).orderBy(outbox.id);
    expect(mails.map((m) => m.to)).toEqual([INBOX, 'amina@example.com']);
    const patientMail = mails[1]!;
    expect(patientMail.subject).toContain('6 visits');
    for (const r of rows) expect(patientMail.text).toContain(r.reference);
    expect(patientMail.text).toContain('Tuesday 12 January 2027');
    expect(patientMail.text).toContain('/booking/course/');
    expect(patientMail.attachments).toHaveLength(6);
    const sent = await store.db.select().from(messages);
    expect(sent.filter((m) => m.kind === 'confirmation' && m.appointmentId !== anchorId).map((m) => m.appointmentId)).toEqual([rows[0]!.id]);
    for (const r of rows) expect(sent.some((m) => m.appointmentId === r.id && m.kind.startsWith('reminder_'))).toBe(true);
    // The course's page lists every visit with its own manage link.
    const page = await courseByToken(deps, result.token);
    if (!page.ok) throw new Error(page.reason);
    expect(page.course.visits.map((v) => v.courseSeq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(page.course.visits.every((v) => v.manageToken && v.changeable)).toBe(true);
  });

  it('the same course sent twice books once', async () => {
    const key = newKey('course');
    const [a, b] = await Promise.all([bookCourse(deps, patient, { rhythm: 'weekly', starts: starts(), idempotencyKey: key }), bookCourse(deps, patient, { rhythm: 'weekly', starts: starts(), idempotencyKey: key })]);
    expect(a.ok && b.ok).toBe(true);
    expect([a, b].map((r) => r.ok && r.duplicate).sort()).toEqual([false, true]);
    expect(await courseRows()).toHaveLength(6);
    expect(await store.db.select().from(courses)).toHaveLength(1);
  });

  it('all or nothing: a visit taken meanwhile books none of them and names it; under a real race for that time exactly one side wins it', { timeout: 120_000 }, async () => {
    const other = (time: string, date = '2026-12-22') => bookingForm({ date, time, patient: { name: 'Other', phone: '+2348030000001', email: null } });
    ok(await book(deps, other('09:30'), visitor(null, '+2348030000001')));
    const lost = await bookCourse(deps, patient, { rhythm: 'weekly', starts: starts(), idempotencyKey: newKey('course') });
    expect(lost).toMatchObject({ ok: false, reason: 'conflict', seq: 3 });
    expect(await courseRows()).toHaveLength(0);
    expect(await store.db.select().from(courses)).toHaveLength(0);
    expect((await store.db.select().from(outbox)).filter((m) => m.to === 'amina@example.com')).toHaveLength(0);
    // Proposed again, visit 3 moves to the nearest free time that day; the rest keep theirs.
    const again = await proposeCourse(deps, await anchor(), { visits: 6, rhythm: 'weekly', first: '2026-12-08', time: '09:30', chosen: Object.fromEntries(starts().map((s, i) => [i + 1, s.toISOString()]).filter(([seq]) => seq !== 3)) }, false);
    expect(again.proposed.map((v) => v.time)).toEqual(['09:30', '09:30', '10:15', '09:30', '09:30', '09:30']);

    // Ten rounds of a race: the course and another patient's booking of visit 5's time, sent at once.
    for (let round = 0; round < 10; round++) {
      const time = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00', '11:15'][round]!;
      const dates = ['2026-12-08', '2026-12-15', '2026-12-29', '2027-01-05', '2027-01-12'];
      const [course, single] = await Promise.all([
        bookCourse(deps, patient, { rhythm: 'weekly', starts: starts(time, dates), idempotencyKey: newKey('race') }),
        book(deps, other(time, '2027-01-12'), visitor(null, '+2348030000001')),
      ]);
      expect(course.ok !== single.ok).toBe(true);
      const taken = await store.db.select().from(appointments).where(and(eq(appointments.startsAt, at('2027-01-12', time)), eq(appointments.status, 'booked')));
      expect(taken).toHaveLength(1);
      // Each round starts from free times again.
      if (single.ok) await cancel(deps, { as: 'patient', token: single.manageToken });
      if (course.ok) {
        await cancelRemaining(deps, course.token);
      } else {
        expect(course).toMatchObject({ reason: 'conflict', seq: 5 });
        expect((await courseRows()).filter((r) => r.status === 'booked')).toHaveLength(0);
      }
    }
  });

  it('cancelling one visit of a course leaves the others; "cancel the remaining visits" cancels those outside the notice in one go, with one mail', async () => {
    const result = await bookCourse(deps, patient, { rhythm: 'weekly', starts: starts(), idempotencyKey: newKey('course') });
    if (!result.ok) throw new Error(result.reason);
    const second = result.course.visits[1]!;
    const cancelled = await cancel(deps, { as: 'patient', token: second.manageToken });
    expect(cancelled.ok).toBe(true);
    expect((await courseRows()).map((r) => r.status)).toEqual(['cancelled', 'booked', 'booked', 'booked', 'booked', 'booked'].map((s, i) => (i === 1 ? 'cancelled' : i === 0 ? 'booked' : s)));
    await store.db.delete(outbox);
    // A week later the first visit is inside the 24-hour notice: it stays.
    const later = bookingDeps(store, { now: () => at('2026-12-07', '12:00') });
    const rest = await cancelRemaining(later, result.token);
    expect(rest).toEqual({ ok: true, cancelled: 4, insideNotice: 1 });
    expect((await courseRows()).map((r) => r.status)).toEqual(['booked', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    const mails = (await store.db.select().from(outbox)).filter((m) => m.to === 'amina@example.com');
    // The address is not proven yet: no mail beyond the confirmation goes there (issue 44).
    expect(mails).toHaveLength(0);
    // The cancelled visits' reminders will not go; the first's still will.
    const rows = await courseRows();
    const unsent = await store.db.select().from(messages).where(eq(messages.status, 'scheduled'));
    expect(new Set(unsent.filter((m) => m.kind.startsWith('reminder_')).map((m) => m.appointmentId))).toEqual(new Set([anchorId, rows[0]!.id]));
    // One cancellation notice for the visit cancelled alone, one for the four cancelled at once.
    expect(unsent.filter((m) => m.kind === 'cancellation').map((m) => m.appointmentId)).toEqual([rows[1]!.id, rows[2]!.id]);
    expect(await cancelRemaining(later, result.token)).toEqual({ ok: true, cancelled: 0, insideNotice: 1 });
    expect(await cancelRemaining(later, `${result.token}x`)).toMatchObject({ ok: false, reason: 'bad-token' });
  });

  it('counts a course as one visit against the caps per phone, and refuses a link that is not one', async () => {
    const capped = bookingDeps(store, { limits: { ...DEFAULT_BOOKING_LIMITS, futureVisitsPerPhone: 2 } });
    const result = await bookCourse(capped, patient, { rhythm: 'weekly', starts: starts(), idempotencyKey: newKey('course') });
    expect(result.ok).toBe(true);
    // The visit and the course: two, the most this phone may hold.
    expect(await book(capped, bookingForm({ date: '2026-12-01', time: '11:00' }), visitor('patient-uid'))).toMatchObject({ ok: false, reason: 'too-many-visits' });
    expect(await bookCourse(capped, patient, { rhythm: 'weekly', starts: starts('11:00'), idempotencyKey: newKey('course') })).toMatchObject({ ok: false, reason: 'too-many-visits' });
    expect(await bookCourse(deps, { as: 'patient', token: 'not-a-token' }, { rhythm: 'weekly', starts: starts('11:00'), idempotencyKey: newKey('course') })).toMatchObject({ ok: false, reason: 'bad-token' });
    // Out of order, or one visit: refused before anything is read.
    expect(await bookCourse(deps, patient, { rhythm: 'weekly', starts: [...starts('11:00')].reverse(), idempotencyKey: newKey('course') })).toMatchObject({ ok: false, reason: 'not-free' });
    expect(await bookCourse(deps, patient, { rhythm: 'weekly', starts: starts('11:00').slice(0, 1), idempotencyKey: newKey('course') })).toMatchObject({ ok: false, reason: 'not-free' });
    // Beyond the horizon: nothing booked.
    const far = await bookCourse(deps, patient, { rhythm: 'weekly', starts: [at('2027-01-26', '11:00'), at('2027-02-02', '11:00')], idempotencyKey: newKey('course') });
    expect(far).toMatchObject({ ok: false, reason: 'too-far', seq: 2 });
  });

  it('erasing the person takes their courses with their visits, and says every time freed', async () => {
    const result = await bookCourse(deps, patient, { rhythm: 'weekly', starts: starts(), idempotencyKey: newKey('course') });
    expect(result.ok).toBe(true);
    const erased = await store.db.transaction((tx) => eraseAppointmentsOf(tx, deps, { emails: ['amina@example.com'], phone: null }));
    expect(erased).toBe(7);
    expect(await store.db.select().from(courses)).toHaveLength(0);
  });

  it('staff book a course for the patient (no caps, no horizon), and the visits say "visit 3 of 6"', async () => {
    const staff: CourseBooker = { as: 'staff', appointmentId: anchorId, uid: 'staff-uid-1', name: 'Ngozi Nwosu' };
    const far = [...WEEKLY.slice(1), '2027-01-19', '2027-02-02'].map((d) => at(d, '10:00'));
    const result = await bookCourse(bookingDeps(store, { limits: { ...DEFAULT_BOOKING_LIMITS, futureVisitsPerPhone: 1 } }), staff, { rhythm: 'weekly', starts: far, idempotencyKey: newKey('course') });
    if (!result.ok) throw new Error(result.reason);
    expect(result.course.visits.map((v) => `${v.courseSeq}/${v.courseSize} ${v.createdBy}`)).toEqual(['1/7 staff-uid-1', '2/7 staff-uid-1', '3/7 staff-uid-1', '4/7 staff-uid-1', '5/7 staff-uid-1', '6/7 staff-uid-1', '7/7 staff-uid-1']);
  });
});
