import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book, sweepLapsedHolds } from '../../server/booking/book';
import { cancel } from '../../server/booking/changes';
import { createDepositService, createPaystackStandIn, paystackClient, type DepositService, type PaystackStandIn } from '../../server/booking/deposits';
import type { BookingDeps } from '../../server/booking/deps';
import { paymentRefunds, payments } from '../../server/booking/payments/schema';
import { signatureOf } from '../../server/booking/payments/paystack';
import { freeTimes } from '../../server/booking/repo';
import { appointmentEvents, appointments } from '../../server/booking/schema';
import type { TimeListener } from '../../server/booking/time-changes';
import { silentLogger } from '../../server/platform/http/logger';
import { outbox } from '../../server/platform/mail/outbox';
import type { Store } from '../../server/platform/db/store';
import { visitMessages } from '../../server/messages/queue';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { bookingDeps, bookingForm, NOW, ORIGIN, PHONE, useBookingStore, visitor } from '../support/booking';

// Deposits on both engines (issue 48): the hold, the payment through the Paystack stand-in
// (its documented API, in process), settlement from a verified payment only, exactly once,
// the late payment, refunds, reconciliation. Adaeze works Tuesdays 09:00–12:00; service 1
// takes a ₦5,000 deposit for every visit.

const TUE = '2026-12-01';
const at = (time: string) => new Date(lagosMoment(TUE, time));
const DEPOSIT = 500_000;
const visitorActor = { kind: 'visitor' as const, uid: null, provenPhone: PHONE };

describe.each(testEngines())('deposits on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['service_deposits'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let store: Store;
  let deps: BookingDeps;
  let deposits: DepositService;
  let standIn: PaystackStandIn;
  let now: Date;
  const webhookStatuses: number[] = [];

  beforeEach(async () => {
    store = db.store;
    now = NOW;
    const listeners: TimeListener[] = [visitMessages()];
    deps = bookingDeps(store, { listeners, now: () => now });
    standIn = createPaystackStandIn({ publicOrigin: ORIGIN });
    deposits = createDepositService({ booking: deps, paystack: paystackClient({ secretKey: standIn.secretKey, baseUrl: 'http://stand-in', fetch: standIn.fetch, kind: 'stand-in' }), logger: silentLogger });
    listeners.push(deposits.listener);
    webhookStatuses.length = 0;
    standIn.onWebhook(async (raw, signature) => {
      webhookStatuses.push(await deposits.webhook(raw, signature));
    });
    await deposits.setRule('1', { rule: 'every', amountKobo: DEPOSIT, policy: 'Refunded if you cancel 24 hours ahead.' }, 'admin-uid');
  });

  const free = async () => {
    const r = await freeTimes(store.db, { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', fromDate: TUE, toDate: TUE }, deps.rules, now);
    if (!r.ok) throw new Error(r.reason);
    return r.days[0]?.slots.map((s) => s.time) ?? [];
  };
  const startPaying = async (time = '09:30', overrides: Parameters<typeof bookingForm>[0] = {}) => {
    const started = await deposits.start(bookingForm({ time, ...overrides }), visitorActor, { name: 'Amina Bello', start: at(time).toISOString() });
    if (started.ok !== true) throw new Error(`expected a checkout, got ${JSON.stringify(started)}`);
    return started;
  };
  const paymentRow = async (reference: string) => (await store.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const mails = async () => (await store.db.select().from(outbox)).map((m) => m.subject);

  it('the rule: none by default, first visits or every visit, kobo as integers', async () => {
    expect(await deposits.ruleFor('2', 'first')).toBeNull();
    await deposits.setRule('2', { rule: 'first', amountKobo: 250_050, policy: 'Kept if you do not come.' }, 'admin-uid');
    expect(await deposits.ruleFor('2', 'first')).toMatchObject({ amountKobo: 250_050, rule: 'first' });
    expect(await deposits.ruleFor('2', 'follow_up')).toBeNull();
    expect(await deposits.ruleFor('1', 'follow_up')).toMatchObject({ amountKobo: DEPOSIT });
    await expect(deposits.setRule('2', { rule: 'first', amountKobo: 1.5, policy: 'x' }, 'admin-uid')).rejects.toThrow();
    await deposits.setRule('2', null, 'admin-uid');
    expect(await deposits.ruleFor('2', 'first')).toBeNull();
  });

  it('hold → pay → booked: the time is held while paying; the verified webhook books it with the receipt; the callback after it finds the same booking', async () => {
    const started = await startPaying();
    expect(started.authorizationUrl).toMatch(/\/paystack-standin\/checkout\//);
    expect(await free()).not.toContain('09:30');
    const [held] = await store.db.select().from(appointments);
    expect(held!.status).toBe('held');
    await standIn.complete(started.reference, 'success');
    expect(webhookStatuses).toEqual([200]);
    const [visit] = await store.db.select().from(appointments);
    expect(visit).toMatchObject({ id: held!.id, status: 'booked', patientName: 'Amina Bello', idempotencyKey: `pay-${started.reference}` });
    expect(await paymentRow(started.reference)).toMatchObject({ status: 'paid', outcome: 'booked', appointmentId: visit!.id, booking: null, channel: 'card' });
    const subjects = await mails();
    expect(subjects.filter((s) => s.startsWith('Receipt: deposit ₦5,000'))).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('Your visit on'))).toHaveLength(1);
    const back = await deposits.settle(started.reference);
    expect(back).toMatchObject({ kind: 'booked', late: false });
    expect(await mails()).toHaveLength(subjects.length);
    expect(await deposits.paymentOf(visit!.id)).toMatchObject({ status: 'paid', amountKobo: DEPOSIT, bookingReference: visit!.reference });
  });

  it('the callback never confirms on its own say-so: before Paystack reports the payment, nothing is booked', async () => {
    const started = await startPaying();
    const answer = await deposits.settle(started.reference);
    // Initialized, not paid: Paystack reports 'abandoned' (the patient came back without paying): the time is given back.
    expect(answer.kind).toBe('failed');
    expect(await store.db.select().from(appointments)).toHaveLength(0);
    expect(await free()).toContain('09:30');
    expect(answer.kind === 'failed' && answer.typed).toMatchObject({ name: 'Amina Bello' });
  });

  it('a failed payment: the hold goes at once, the time is free, what was typed comes back', async () => {
    const started = await startPaying();
    await standIn.complete(started.reference, 'failed');
    const answer = await deposits.settle(started.reference);
    expect(answer).toMatchObject({ kind: 'failed', typed: { name: 'Amina Bello' } });
    expect(await free()).toContain('09:30');
    expect(await paymentRow(started.reference)).toMatchObject({ status: 'failed', outcome: null });
  });

  it('the hold lapses: swept, the time is free again; a payment after it books the time if still free (late-booked)', async () => {
    const started = await startPaying();
    now = new Date(NOW.getTime() + (deps.rules.holdMinutes + 1) * 60_000);
    expect(await sweepLapsedHolds(deps)).toBe(1);
    expect(await free()).toContain('09:30');
    await standIn.complete(started.reference, 'success');
    const [visit] = await store.db.select().from(appointments);
    expect(visit).toMatchObject({ status: 'booked', idempotencyKey: `pay-${started.reference}` });
    expect(await paymentRow(started.reference)).toMatchObject({ status: 'paid', outcome: 'late-booked', appointmentId: visit!.id });
  });

  it('a payment after the time was taken: refunded at once, once, and the patient told; nothing booked twice', async () => {
    const started = await startPaying();
    now = new Date(NOW.getTime() + (deps.rules.holdMinutes + 1) * 60_000);
    const other = await book(deps, bookingForm({ time: '09:30', patient: { name: 'Someone Else', phone: '+2348039999999', email: null } }), visitor(null, '+2348039999999'));
    expect(other.ok).toBe(true);
    await standIn.complete(started.reference, 'success');
    await standIn.sendEvent('charge.success', { reference: started.reference, amount: DEPOSIT, currency: 'NGN', status: 'success' });
    expect(await deposits.settle(started.reference)).toMatchObject({ kind: 'late-refunded' });
    const booked = await store.db.select().from(appointments).where(eq(appointments.status, 'booked'));
    expect(booked.map((b) => b.patientName)).toEqual(['Someone Else']);
    expect(await paymentRow(started.reference)).toMatchObject({ status: 'refunded', outcome: 'late-refunded', appointmentId: null });
    const refunds = await store.db.select().from(paymentRefunds);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ reason: 'late', amountKobo: DEPOSIT, status: 'queued' });
    expect(standIn.transactions.get(started.reference)!.refunded).toBe(DEPOSIT);
    expect((await mails()).filter((s) => s.includes('is being refunded'))).toHaveLength(1);
  });

  it('50 webhooks for one payment at once, and the callback among them → one booking, one receipt', async () => {
    const started = await startPaying();
    const t = standIn.transactions.get(started.reference)!;
    t.status = 'success';
    t.paidAt = new Date().toISOString();
    const raw = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: started.reference, amount: DEPOSIT, currency: 'NGN', status: 'success' } }));
    const signature = signatureOf(standIn.secretKey, raw);
    const answers = await Promise.all([...Array.from({ length: 50 }, () => deposits.webhook(raw, signature)), deposits.settle(started.reference).then((r) => (r.kind === 'booked' ? 200 : 500))]);
    expect(answers.every((s) => s === 200)).toBe(true);
    const visits = await store.db.select().from(appointments);
    expect(visits).toHaveLength(1);
    expect(visits[0]!.status).toBe('booked');
    expect((await mails()).filter((s) => s.startsWith('Receipt'))).toHaveLength(1);
    expect(await store.db.select().from(appointmentEvents).where(eq(appointmentEvents.action, 'deposit-paid'))).toHaveLength(1);
  });

  it('webhook signatures: bad or missing → 401 and nothing changes; a replay changes nothing', async () => {
    const started = await startPaying();
    standIn.transactions.get(started.reference)!.status = 'success';
    const raw = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: started.reference } }));
    expect(await deposits.webhook(raw, undefined)).toBe(401);
    expect(await deposits.webhook(raw, signatureOf('sk_test_someone_else_000000', raw))).toBe(401);
    expect(await deposits.webhook(Buffer.from(raw.toString().replace('charge', 'Charge')), signatureOf(standIn.secretKey, raw))).toBe(401);
    expect((await store.db.select().from(appointments))[0]!.status).toBe('held');
    expect(await deposits.webhook(raw, signatureOf(standIn.secretKey, raw))).toBe(200);
    expect(await deposits.webhook(raw, signatureOf(standIn.secretKey, raw))).toBe(200);
    expect(await store.db.select().from(appointments)).toHaveLength(1);
    expect((await mails()).filter((s) => s.startsWith('Receipt'))).toHaveLength(1);
  });

  it('a tampered amount or another currency is refused: no booking, the time given back, the payment marked for staff', async () => {
    const started = await startPaying();
    const t = standIn.transactions.get(started.reference)!;
    t.status = 'success';
    t.amount = 100;
    const answer = await deposits.settle(started.reference);
    expect(answer.kind).toBe('refused');
    expect(await store.db.select().from(appointments)).toHaveLength(0);
    expect(await paymentRow(started.reference)).toMatchObject({ status: 'failed', outcome: 'refused' });
    const second = await startPaying('10:00');
    const t2 = standIn.transactions.get(second.reference)!;
    t2.status = 'success';
    t2.currency = 'USD';
    expect((await deposits.settle(second.reference)).kind).toBe('refused');
    expect((await deposits.reconcile()).paymentsWithoutBooking.map((p) => p.reference).sort()).toEqual([started.reference, second.reference].sort());
  });

  it('Paystack down: the patient is told, the time stays held until it lapses, nothing is booked', async () => {
    standIn.down = true;
    const started = await deposits.start(bookingForm({ time: '09:30' }), visitorActor, {});
    expect(started).toMatchObject({ ok: false, reason: 'paystack-down' });
    expect((await store.db.select().from(appointments))[0]!.status).toBe('held');
    standIn.down = false;
    // Trying again from the same form: the same hold, a new reference.
    const again = await startPaying('09:30', { idempotencyKey: (await store.db.select().from(payments))[0]!.formKey });
    expect(await store.db.select().from(appointments)).toHaveLength(1);
    expect((await store.db.select().from(payments)).map((p) => p.status).sort()).toEqual(['failed', 'pending']);
    expect(again.reference).not.toBe((await store.db.select().from(payments).where(eq(payments.status, 'failed')))[0]!.reference);
  });

  it('cancelled in time by the patient: the deposit refunded through Paystack once; inside the notice (staff): kept', async () => {
    const first = await startPaying('09:30');
    await standIn.complete(first.reference, 'success');
    const paid = await deposits.settle(first.reference);
    if (paid.kind !== 'booked') throw new Error(paid.kind);
    const cancelled = await cancel(deps, { as: 'patient', token: paid.manageToken });
    expect(cancelled.ok).toBe(true);
    await deposits.processRefunds();
    const view = (await deposits.paymentOf(paid.payment.appointmentId!))!;
    expect(view).toMatchObject({ status: 'refunded', refundedKobo: DEPOSIT });
    expect(view.refunds).toMatchObject([{ reason: 'cancelled', status: 'queued', amountKobo: DEPOSIT }]);
    expect(standIn.transactions.get(first.reference)!.refunded).toBe(DEPOSIT);
    expect(await cancel(deps, { as: 'patient', token: paid.manageToken })).toMatchObject({ ok: true });
    expect(await store.db.select().from(paymentRefunds)).toHaveLength(1);

    // Inside the notice: staff cancel an hour before the visit; the deposit is kept.
    const second = await startPaying('11:00');
    await standIn.complete(second.reference, 'success');
    const visit = (await store.db.select().from(appointments).where(eq(appointments.idempotencyKey, `pay-${second.reference}`)))[0]!;
    now = new Date(visit.startsAt.getTime() - 60 * 60_000);
    expect((await cancel(deps, { as: 'staff', appointmentId: visit.id, version: visit.version, uid: 'staff-uid', name: 'Ngozi' })).ok).toBe(true);
    expect(await deposits.processRefunds()).toBe(0);
    expect(await deposits.paymentOf(visit.id)).toMatchObject({ status: 'paid', refundedKobo: 0 });
  });

  it('staff refund by hand, in part then the rest; never more than was paid; a refusal by Paystack is said and recorded', async () => {
    const started = await startPaying();
    await standIn.complete(started.reference, 'success');
    const visit = (await store.db.select().from(appointments))[0]!;
    const part = await deposits.refundByHand({ appointmentId: visit.id, amountKobo: 200_000, key: 'form-1', by: 'staff-uid', name: 'Ngozi' });
    expect(part).toMatchObject({ ok: true, refund: { amountKobo: 200_000, status: 'queued' } });
    expect(await deposits.refundByHand({ appointmentId: visit.id, amountKobo: 200_000, key: 'form-1', by: 'staff-uid', name: 'Ngozi' })).toMatchObject({ ok: true });
    expect(await deposits.paymentOf(visit.id)).toMatchObject({ status: 'part-refunded', refundedKobo: 200_000 });
    expect(await deposits.refundByHand({ appointmentId: visit.id, amountKobo: 400_000, key: 'form-2', by: 'staff-uid', name: 'Ngozi' })).toMatchObject({ ok: false });
    standIn.refuseRefunds = 'Transaction has been fully reversed';
    const refused = await deposits.refundByHand({ appointmentId: visit.id, amountKobo: 300_000, key: 'form-3', by: 'staff-uid', name: 'Ngozi' });
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('Paystack refused the refund') });
    expect(await deposits.paymentOf(visit.id)).toMatchObject({ status: 'part-refunded', refundedKobo: 200_000 });
    expect(await store.db.select().from(appointmentEvents).where(and(eq(appointmentEvents.appointmentId, visit.id), eq(appointmentEvents.action, 'deposit-refund-refused')))).toHaveLength(1);
    expect((await deposits.reconcile()).refundsStuck).toHaveLength(1);
  });

  it('reconciliation: bookings without a payment, and a payment whose webhook never came settled now', async () => {
    // Booked online without paying (the rule applies): listed.
    const unpaid = await book(deps, bookingForm({ time: '09:00' }), visitor());
    expect(unpaid.ok).toBe(true);
    // Staff bookings waive it: not listed.
    await book(deps, bookingForm({ time: '10:30', patient: { name: 'Staff Booked', phone: '+2348035555555', email: null } }), { kind: 'staff', uid: 'staff-uid', name: 'Ngozi' });
    // Paid at Paystack, the webhook lost: reconciliation asks Paystack and books it.
    const lost = await startPaying('11:30');
    standIn.onWebhook(async () => {});
    await standIn.complete(lost.reference, 'success');
    now = new Date(NOW.getTime() + (deps.rules.holdMinutes + 1) * 60_000);
    const report = await deposits.reconcile();
    expect(report.settledNow).toBe(1);
    expect(report.bookingsWithoutPayment.map((b) => b.reference)).toEqual([unpaid.ok ? unpaid.appointment.reference : '']);
    expect(report.paymentsWithoutBooking).toEqual([]);
    // Its hold had lapsed but was still there (nobody needed the time): confirmed as it was (ADR 0029).
    expect(await paymentRow(lost.reference)).toMatchObject({ status: 'paid', outcome: 'booked' });
  });
});
