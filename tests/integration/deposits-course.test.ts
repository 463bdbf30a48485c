import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book, sweepLapsedHolds } from '../../server/booking/book';
import { cancel } from '../../server/booking/changes';
import { cancelRemaining, courseOfVisit } from '../../server/booking/course';
import { createDepositService, createPaystackStandIn, paystackClient, type DepositService, type PaystackStandIn } from '../../server/booking/deposits';
import type { BookingDeps } from '../../server/booking/deps';
import { paymentRefunds, payments } from '../../server/booking/payments/schema';
import { signatureOf } from '../../server/booking/payments/paystack';
import { appointmentEvents, appointments } from '../../server/booking/schema';
import type { TimeListener } from '../../server/booking/time-changes';
import { visitMessages } from '../../server/messages/queue';
import type { Store } from '../../server/platform/db/store';
import { silentLogger } from '../../server/platform/http/logger';
import { outbox } from '../../server/platform/mail/outbox';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { bookingDeps, bookingForm, NOW, ORIGIN, useBookingStore, visitor } from '../support/booking';

// One deposit for a course of care (issues 46 and 48, ADR 0048) on both engines: the patient,
// by the manage link of a visit already booked, books four weekly follow-ups of service 1, which
// takes a ₦5,000 deposit for every visit: the four visits are held together, ONE Paystack
// attempt for ₦5,000, paid → all four booked at once; failed or lapsed → all four free.

const at = (date: string, time: string) => new Date(lagosMoment(date, time));
const WEEKLY = ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29'];
const DEPOSIT = 500_000;

describe.each(testEngines())('one deposit for a course on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['service_deposits'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let store: Store;
  let deps: BookingDeps;
  let deposits: DepositService;
  let standIn: PaystackStandIn;
  let now: Date;
  let token: string;
  let anchorId: number;

  beforeEach(async () => {
    store = db.store;
    now = NOW;
    const listeners: TimeListener[] = [visitMessages()];
    deps = bookingDeps(store, { listeners, now: () => now });
    standIn = createPaystackStandIn({ publicOrigin: ORIGIN });
    deposits = createDepositService({ booking: deps, paystack: paystackClient({ secretKey: standIn.secretKey, baseUrl: 'http://stand-in', fetch: standIn.fetch, kind: 'stand-in' }), logger: silentLogger });
    listeners.push(deposits.listener);
    standIn.onWebhook(async (raw, signature) => {
      await deposits.webhook(raw, signature);
    });
    // The visit the course follows, booked before the rule (it took no deposit).
    const first = await book(deps, bookingForm({ time: '09:30' }), visitor('patient-uid'));
    if (!first.ok) throw new Error(first.reason);
    token = first.manageToken;
    anchorId = first.appointment.id;
    await deposits.setRule('1', { rule: 'every', amountKobo: DEPOSIT, policy: 'Refunded if you cancel 24 hours ahead.' }, 'admin-uid');
    await store.db.delete(outbox);
  });

  const courseVisits = () => store.db.select().from(appointments).where(isNotNull(appointments.courseId)).orderBy(appointments.courseSeq);
  const startCourse = async (key = 'course-form-1') => {
    const started = await deposits.startCourse(token, { rhythm: 'weekly', starts: WEEKLY.map((d) => at(d, '10:00')), idempotencyKey: key }, { visits: '4' });
    if (started.ok !== true) throw new Error(`expected a checkout, got ${JSON.stringify(started)}`);
    return started;
  };
  const paymentRows = () => store.db.select().from(payments);
  const subjects = async () => (await store.db.select().from(outbox)).map((m) => m.subject);

  it('the rule for a course is the follow-up rule: none for a first-visits-only deposit', async () => {
    expect(await deposits.courseRule('1')).toMatchObject({ amountKobo: DEPOSIT });
    await deposits.setRule('1', { rule: 'first', amountKobo: DEPOSIT, policy: 'x' }, 'admin-uid');
    expect(await deposits.courseRule('1')).toBeNull();
    expect(await deposits.startCourse(token, { rhythm: 'weekly', starts: WEEKLY.map((d) => at(d, '10:00')), idempotencyKey: 'k' }, {})).toEqual({ ok: false, reason: 'no-deposit' });
  });

  it('hold → pay → the whole course booked at once, for ONE deposit of the service’s amount, with one receipt', async () => {
    const started = await startCourse();
    const held = await courseVisits();
    expect(held.map((v) => v.status)).toEqual(['held', 'held', 'held', 'held']);
    expect(await paymentRows()).toHaveLength(1);
    expect(standIn.transactions.get(started.reference)).toMatchObject({ amount: DEPOSIT });
    await standIn.complete(started.reference, 'success');
    const booked = await courseVisits();
    expect(booked.map((v) => [v.id, v.status])).toEqual(held.map((v) => [v.id, 'booked']));
    const [p] = await paymentRows();
    expect(p).toMatchObject({ status: 'paid', outcome: 'booked', appointmentId: held[0]!.id, amountKobo: DEPOSIT });
    expect((await subjects()).filter((s) => s.startsWith('Receipt'))).toHaveLength(1);
    // Staff see it on every visit of the course: the one deposit, for the course.
    for (const v of booked) expect(await deposits.paymentOf(v.id)).toMatchObject({ reference: started.reference, amountKobo: DEPOSIT, course: expect.stringMatching(/\S/) });
    expect(await deposits.paymentOf(anchorId)).toBeNull();
    // The reconciliation counts the course's visits as paid by its one deposit.
    const reconciled = await deposits.reconcile();
    expect(reconciled.bookingsWithoutPayment.filter((b) => booked.some((v) => v.reference === b.reference))).toEqual([]);
    // The return page after the webhook: the same course, nothing twice.
    expect(await deposits.settle(started.reference)).toMatchObject({ kind: 'booked', late: false });
    expect(await courseVisits()).toHaveLength(4);
  });

  it('a failed payment: all four holds released at once; trying again holds them anew', async () => {
    const started = await startCourse();
    await standIn.complete(started.reference, 'failed');
    expect(await deposits.settle(started.reference)).toMatchObject({ kind: 'failed' });
    expect(await courseVisits()).toHaveLength(0);
    const again = await startCourse();
    expect(again.reference).not.toBe(started.reference);
    expect((await courseVisits()).map((v) => v.status)).toEqual(['held', 'held', 'held', 'held']);
  });

  it('the holds lapse: all four free; a payment after it is refunded at once, nothing booked', async () => {
    const started = await startCourse();
    now = new Date(NOW.getTime() + (deps.rules.holdMinutes + 1) * 60_000);
    expect(await sweepLapsedHolds(deps)).toBe(4);
    expect(await courseVisits()).toHaveLength(0);
    await standIn.complete(started.reference, 'success');
    expect(await courseVisits()).toHaveLength(0);
    const [p] = await paymentRows();
    expect(p).toMatchObject({ outcome: 'late-refunded', status: 'refunded' });
    expect(await store.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, p!.id))).toHaveLength(1);
  });

  it('10 webhooks for the course’s payment at once, and the return page among them → one course, one receipt', async () => {
    const started = await startCourse();
    const t = standIn.transactions.get(started.reference)!;
    t.status = 'success';
    t.paidAt = new Date().toISOString();
    const raw = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: started.reference, amount: DEPOSIT, currency: 'NGN', status: 'success' } }));
    const signature = signatureOf(standIn.secretKey, raw);
    const answers = await Promise.all([...Array.from({ length: 10 }, () => deposits.webhook(raw, signature)), deposits.settle(started.reference).then((r) => (r.kind === 'booked' ? 200 : 500))]);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect((await courseVisits()).map((v) => v.status)).toEqual(['booked', 'booked', 'booked', 'booked']);
    expect((await subjects()).filter((s) => s.startsWith('Receipt'))).toHaveLength(1);
    expect(await store.db.select().from(appointmentEvents).where(eq(appointmentEvents.action, 'deposit-paid'))).toHaveLength(1);
    expect(await store.db.select().from(appointmentEvents).where(and(eq(appointmentEvents.action, 'booked'), eq(appointmentEvents.fromStatus, 'held')))).toHaveLength(4);
  });

  it('cancelling one visit of the course keeps the deposit; cancelling the remaining visits in time refunds it once', async () => {
    const started = await startCourse();
    await standIn.complete(started.reference, 'success');
    const visits = await courseVisits();
    const one = await cancel(deps, { as: 'staff', appointmentId: visits[1]!.id, version: visits[1]!.version, uid: 'staff-uid', name: 'Reception' });
    expect(one.ok).toBe(true);
    expect(await store.db.select().from(paymentRefunds)).toHaveLength(0);
    const course = await courseOfVisit(deps, visits[0]!.courseId!);
    const rest = await cancelRemaining(deps, course!.token);
    expect(rest).toMatchObject({ ok: true, cancelled: 3 });
    const refunds = await store.db.select().from(paymentRefunds);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ reason: 'cancelled', amountKobo: DEPOSIT });
  });
});
