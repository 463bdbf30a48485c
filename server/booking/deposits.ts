/**
 * Deposits for visits, in naira through Paystack (issue 48, ADR 0048). The booking domain's
 * public surface for them: the rule per service (service_deposits), the patient's attempt to
 * pay (a hold on the time, a payment row, Paystack's checkout), its settlement from a verified
 * payment only, refunds (a visit cancelled in time, a payment that came too late, staff by hand),
 * the daily reconciliation, and staff's views.
 *
 * Exactly once, by the database:
 *  - one Paystack reference per attempt (payments.reference UNIQUE);
 *  - the booking it pays for has the idempotency key 'pay-' || reference (appointments'
 *    UNIQUE key, and the core's advisory lock on it): a webhook twice, a webhook and the
 *    callback together, fifty at once, all reach the same booking;
 *  - the payment's own row moves from pending (or failed) once (`WHERE status IN …`), and only
 *    that move writes the receipt or the late refund;
 *  - an automatic refund is one row per payment (a partial unique index), a staff refund one per
 *    form shown (its key), and the call to Paystack is made by whoever claims the row.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, notExists, sql } from 'drizzle-orm';
import type { DepositRule, PaymentView, RefundView } from '../../shared/booking/deposits';
import { ruleApplies } from '../../shared/booking/deposits';
import type { BookingFailure } from '../../shared/booking/results';
import { managePath } from '../../shared/booking/results';
import type { BookingForm } from '../../shared/booking/schemas';
import { MINUTE_MS } from '../../shared/booking/time';
import type { ReminderChannel, VisitKind } from '../../shared/booking/types';
import { BOOK_PATH } from '../../shared/clinic/book-link';
import { createContext } from 'react-router';
import express, { type Router } from 'express';
import type { Tx } from '../platform/db/db';
import type { Logger } from '../platform/http/logger';
import { queueMail } from '../platform/mail/outbox';
import { book, confirmHold, hold, releaseHold } from './book';
import { bookCourse, confirmCourseHold, courseAnchor, releaseCourseHold, type BookCourseInput, type CourseFailure } from './course';
import { clock, type BookingActor, type BookingDeps } from './deps';
import { manageTokenOf } from './manage-token';
import { lateRefundMail, receiptMail } from './payments/mails';
import { PaystackError, type PaystackClient, type VerifiedTransaction } from './payments/paystack';
import { paymentRefunds, payments, serviceDeposits, type PaymentRow, type RefundRow } from './payments/schema';
import { appointmentEvents, appointments, courses } from './schema';
import type { TimeListener } from './time-changes';

export { STAND_IN_CHECKOUT_ROUTE, createPaystackStandIn, type PaystackStandIn } from './payments/stand-in';
export { paystackClient, PaystackError, type PaystackClient } from './payments/paystack';

/** The page Paystack sends the patient back to (`?reference=`); see shared/booking/routes.ts. */
export const DEPOSIT_RETURN_PATH = '/book/deposit';
/** Where Paystack's webhooks come (the URL to set in Paystack's dashboard). */
export const PAYSTACK_WEBHOOK_PATH = '/webhooks/paystack';

/** What the form held, kept with the attempt until the booking is made from it. */
interface StoredBooking {
  form: { serviceId: string; visitKind: VisitKind; practitionerId: string; startsAt: string; name: string; phone: string; email: string | null; channel: ReminderChannel; consent: boolean; uid: string | null };
  /** Everything typed, as typed: the patient's "try again" gets it all back. */
  typed: Record<string, string>;
  /** A course's one deposit (ADR 0048): the course whose visits are held while it is paid. */
  course?: { id: number; reference: string };
}

export type StartResult =
  | { ok: true; authorizationUrl: string; reference: string; holdExpiresAt: string }
  /** This form's deposit was paid already: its booking. */
  | { ok: 'booked'; manageToken: string }
  | BookingFailure
  | { ok: false; reason: 'no-deposit' | 'email-needed' }
  /** Paystack did not answer: nothing charged, the time stays held until it lapses. */
  | { ok: false; reason: 'paystack-down'; holdExpiresAt: string };

export type CourseStartResult =
  | { ok: true; authorizationUrl: string; reference: string; holdExpiresAt: string }
  /** This course form's deposit was paid already: the course's first visit. */
  | { ok: 'booked'; manageToken: string }
  | CourseFailure
  | { ok: false; reason: 'no-deposit' | 'email-needed' }
  | { ok: false; reason: 'paystack-down'; holdExpiresAt: string };

export type SettleResult =
  | { kind: 'unknown' }
  | { kind: 'booked'; manageToken: string; late: boolean; payment: PaymentView }
  | { kind: 'late-refunded'; payment: PaymentView; startsAt: string; typed: Record<string, string> }
  | { kind: 'failed'; payment: PaymentView; typed: Record<string, string> }
  | { kind: 'refused'; payment: PaymentView; typed: Record<string, string> }
  | { kind: 'pending'; payment: PaymentView; holdExpiresAt: string | null }
  | { kind: 'unreachable'; payment: PaymentView; holdExpiresAt: string | null };

export interface Reconciliation {
  at: string;
  /** Money taken (verified) with no booking standing on it. */
  paymentsWithoutBooking: PaymentView[];
  /** Visits booked online whose service asked a deposit, with none paid. */
  bookingsWithoutPayment: { reference: string; startsAt: string; serviceId: string; visitKind: VisitKind }[];
  /** Refunds Paystack refused, or that have had no answer for an hour. */
  refundsStuck: (RefundView & { paymentReference: string })[];
  /** Attempts still pending whose payment the reconciliation found and settled now. */
  settledNow: number;
}

export interface DepositsDeps {
  booking: BookingDeps;
  paystack: PaystackClient;
  logger: Logger;
  /** Production: the stand-in takes no deposit (no money would move). */
  production?: boolean;
}

export interface DepositService {
  readonly provider: PaystackClient['kind'];
  /** Whether a deposit may be switched on: Paystack, or the stand-in outside production. */
  readonly takesPayments: boolean;
  rules(): Promise<DepositRule[]>;
  /** The deposit a visit of this service and kind takes, or null. */
  ruleFor(serviceId: string, visitKind: VisitKind): Promise<DepositRule | null>;
  /** An admin sets (or with null removes) a service's rule; it applies from the next booking. Throws DepositsOffError when payments cannot be taken. */
  setRule(serviceId: string, rule: Omit<DepositRule, 'serviceId'> | null, by: string): Promise<void>;
  start(form: BookingForm, actor: Extract<BookingActor, { kind: 'visitor' }>, typed: Record<string, string>): Promise<StartResult>;
  /** The deposit a course of this service takes (its visits are follow-ups), or null. */
  courseRule(serviceId: string): Promise<DepositRule | null>;
  /**
   * A course whose service takes a deposit (the patient, by a visit's manage link): ONE deposit
   * for the course, every visit held together, one Paystack attempt; paid → all booked at once.
   */
  startCourse(token: string, input: Omit<BookCourseInput, 'hold'>, typed: Record<string, string>): Promise<CourseStartResult>;
  settle(reference: string): Promise<SettleResult>;
  /** Paystack's webhook: the HTTP status to answer. */
  webhook(rawBody: Buffer, signature: string | undefined): Promise<number>;
  paymentOf(appointmentId: number): Promise<PaymentView | null>;
  /** Payments by the booking they paid for (the calendar's marks). */
  paymentsOf(appointmentIds: readonly number[]): Promise<Map<number, PaymentView>>;
  payments(range: { from: Date; to: Date }): Promise<PaymentView[]>;
  /** Sends the refunds due to Paystack; answers how many were sent. */
  processRefunds(): Promise<number>;
  refundByHand(input: { appointmentId: number; amountKobo: number; key: string; by: string; name: string }): Promise<{ ok: true; refund: RefundView } | { ok: false; message: string }>;
  reconcile(): Promise<Reconciliation>;
  /** Refunds the deposit of a visit cancelled at least the cancellation notice before it. */
  readonly listener: TimeListener;
}

/** A deposit switched on where no payment can be taken (production without PAYSTACK_SECRET_KEY). */
export class DepositsOffError extends Error {
  constructor() {
    super('PAYSTACK_SECRET_KEY is not set: production takes no deposit through the local stand-in');
    this.name = 'DepositsOffError';
  }
}

/** The payment for a visit: its own, or its course's one deposit (kept on the course's first visit). */
const paidFor = (appointmentId: number) =>
  sql`(${payments.appointmentId} = ${appointmentId} OR ${payments.appointmentId} IN (SELECT c.id FROM appointments c WHERE c.course_id = (SELECT v.course_id FROM appointments v WHERE v.id = ${appointmentId})))`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function refundView(r: RefundRow): RefundView {
  return { amountKobo: r.amountKobo, reason: r.reason, status: r.status, error: r.error, createdAt: r.createdAt.toISOString(), createdBy: r.createdBy };
}

function paymentView(p: PaymentRow, refunds: readonly RefundRow[], bookingReference: string | null): PaymentView {
  const mine = refunds.filter((r) => r.paymentId === p.id);
  return {
    id: p.id,
    reference: p.reference,
    status: p.status,
    outcome: p.outcome,
    amountKobo: p.amountKobo,
    refundedKobo: mine.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountKobo, 0),
    serviceId: p.serviceId,
    appointmentId: p.appointmentId,
    bookingReference,
    channel: p.channel,
    paidAt: iso(p.paidAt),
    createdAt: p.createdAt.toISOString(),
    note: p.note,
    refunds: mine.map(refundView),
    course: null,
  };
}

/** A new Paystack reference: letters, digits and '-' (Paystack's allowed set), unguessable. */
const newReference = () => `DEP-${randomBytes(10).toString('hex').toUpperCase()}`;

/** The status a payment has after its refunds (those Paystack refused do not count). */
async function restate(tx: Tx, paymentId: number, now: Date) {
  await tx.execute(sql`
    UPDATE payments p SET status = CASE
        WHEN r.total >= p.amount_kobo THEN 'refunded'
        WHEN r.total > 0 THEN 'part-refunded'
        WHEN p.status IN ('refunded', 'part-refunded') THEN 'paid'
        ELSE p.status END,
      updated_at = ${now.toISOString()}::timestamptz
    FROM (SELECT coalesce(sum(amount_kobo), 0) AS total FROM payment_refunds WHERE payment_id = ${paymentId} AND status <> 'failed') r
    WHERE p.id = ${paymentId} AND p.status IN ('paid', 'refunded', 'part-refunded')`);
}

async function refundable(tx: Tx, payment: PaymentRow): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amountKobo}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), ne(paymentRefunds.status, 'failed')));
  return payment.amountKobo - Number(row?.total ?? 0);
}

function formOf(stored: StoredBooking, reference: string): { form: BookingForm; actor: Extract<BookingActor, { kind: 'visitor' }> } {
  const f = stored.form;
  return {
    form: {
      serviceId: f.serviceId,
      visitKind: f.visitKind,
      practitionerId: f.practitionerId,
      startsAt: new Date(f.startsAt),
      patient: { name: f.name, phone: f.phone, email: f.email },
      reminders: { channel: f.channel, consent: f.consent },
      idempotencyKey: `pay-${reference}`,
    },
    // The phone was proven before the attempt began (the booking page asks first).
    actor: { kind: 'visitor', uid: f.uid, provenPhone: f.phone },
  };
}

export function createDepositService(deps: DepositsDeps): DepositService {
  const { booking, paystack, logger } = deps;
  const db = booking.store.db;
  const origin = booking.publicOrigin;

  async function viewsOf(rows: readonly PaymentRow[]): Promise<PaymentView[]> {
    if (!rows.length) return [];
    const ids = rows.map((p) => p.id);
    const refunds = await db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, ids)).orderBy(asc(paymentRefunds.id));
    const visitIds = rows.map((p) => p.appointmentId).filter((id): id is number => id !== null);
    const refs = visitIds.length
      ? await db.select({ id: appointments.id, reference: appointments.reference, course: courses.reference }).from(appointments).leftJoin(courses, eq(courses.id, appointments.courseId)).where(inArray(appointments.id, visitIds))
      : [];
    return rows.map((p) => {
      const visit = refs.find((r) => r.id === p.appointmentId);
      return { ...paymentView(p, refunds, visit?.reference ?? null), course: visit?.course ?? (p.booking as unknown as StoredBooking | null)?.course?.reference ?? null };
    });
  }
  const viewOf = async (p: PaymentRow) => (await viewsOf([p]))[0]!;

  async function ruleFor(serviceId: string, visitKind: VisitKind): Promise<DepositRule | null> {
    const [row] = await db.select().from(serviceDeposits).where(eq(serviceDeposits.serviceId, serviceId));
    return row && ruleApplies(row, visitKind) ? { serviceId: row.serviceId, rule: row.rule, amountKobo: row.amountKobo, policy: row.policy } : null;
  }

  async function holdOf(p: PaymentRow): Promise<string | null> {
    if (!p.holdId) return null;
    const [row] = await db.select({ until: appointments.holdExpiresAt }).from(appointments).where(and(eq(appointments.id, p.holdId), eq(appointments.status, 'held')));
    return iso(row?.until ?? null);
  }

  /** A verified payment: the booking (the hold confirmed, or booked anew if it lapsed and the time is free), or the refund at once. */
  async function bookPaid(p: PaymentRow, trx: VerifiedTransaction, now: Date): Promise<SettleResult> {
    const stored = p.booking as unknown as StoredBooking;
    const { form, actor } = formOf(stored, p.reference);
    // A course's deposit books its held visits all at once (or, lapsed, none: refunded below).
    let result = stored.course ? await confirmCourseHold(booking, stored.course.id) : p.holdToken ? await confirmHold(booking, p.holdToken, form, actor) : await book(booking, form, actor);
    // The hold's token outlived (an hour past the hold): booked anew if the time is free.
    if (!result.ok && result.reason === 'bad-token' && !stored.course) result = await book(booking, form, actor);
    const paidAt = trx.paidAt ? new Date(trx.paidAt) : now;
    const settled = { paystackId: trx.id || null, channel: trx.channel, paidAt, updatedAt: now };
    if (result.ok) {
      const visit = result.appointment;
      const late = visit.id !== p.holdId;
      const token = result.manageToken;
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(payments)
          .set({ ...settled, status: 'paid', outcome: late ? 'late-booked' : 'booked', appointmentId: visit.id, booking: null })
          .where(and(eq(payments.id, p.id), inArray(payments.status, ['pending', 'failed']), isNull(payments.outcome)))
          .returning();
        if (!row) return null;
        await tx.insert(appointmentEvents).values({ appointmentId: visit.id, actor: 'system', action: 'deposit-paid', detail: { reference: p.reference, amountKobo: p.amountKobo, channel: trx.channel, late, ...(stored.course ? { course: stored.course.reference } : {}) } });
        const rule = await tx.select({ policy: serviceDeposits.policy }).from(serviceDeposits).where(eq(serviceDeposits.serviceId, p.serviceId));
        await queueMail(tx, receiptMail({ to: p.email, name: form.patient.name, amountKobo: p.amountKobo, reference: p.reference, bookingReference: stored.course?.reference ?? visit.reference, startsAt: new Date(visit.startsAt), paidAt, channel: trx.channel, manageUrl: `${origin}${managePath(token)}`, policy: rule[0]?.policy ?? null }));
        return row;
      });
      if (moved) booking.wake?.();
      const [now2] = await db.select().from(payments).where(eq(payments.id, p.id));
      return { kind: 'booked', manageToken: token, late, payment: await viewOf(now2!) };
    }
    // Paid, but the time is gone (or the phone's caps were reached meanwhile): refunded at once.
    const refunded = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ ...settled, status: 'refunded', outcome: 'late-refunded', note: `Paid after the time was taken (${result.reason}): refunded at once.` })
        .where(and(eq(payments.id, p.id), inArray(payments.status, ['pending', 'failed']), isNull(payments.outcome)))
        .returning();
      if (!row) return null;
      // Its times are the booking's clock, as every refund's: reconcile() finds a refund stuck by that clock.
      await tx.insert(paymentRefunds).values({ paymentId: p.id, reason: 'late', key: `late-${p.id}`, amountKobo: p.amountKobo, status: 'pending', createdBy: 'system', createdAt: now, updatedAt: now }).onConflictDoNothing();
      await queueMail(tx, lateRefundMail({ to: p.email, name: form.patient.name, amountKobo: p.amountKobo, reference: p.reference, startsAt: form.startsAt, bookUrl: `${origin}${BOOK_PATH}` }));
      return row;
    });
    if (refunded) {
      booking.wake?.();
      await service.processRefunds();
    }
    const [after] = await db.select().from(payments).where(eq(payments.id, p.id));
    if (after!.outcome === 'booked' || after!.outcome === 'late-booked') {
      // Another delivery booked it first: its booking.
      const [visit] = await db.select().from(appointments).where(eq(appointments.id, after!.appointmentId!));
      return { kind: 'booked', manageToken: manageTokenOf(booking.secret, visit!), late: after!.outcome === 'late-booked', payment: await viewOf(after!) };
    }
    return { kind: 'late-refunded', payment: await viewOf(after!), startsAt: form.startsAt.toISOString(), typed: stored.typed };
  }

  /** The time an attempt held, given back (the payment failed, was abandoned or refused). */
  async function giveBack(p: PaymentRow) {
    const course = (p.booking as unknown as StoredBooking | null)?.course;
    if (course) await releaseCourseHold(booking, course.id);
    else if (p.holdToken) await releaseHold(booking, p.holdToken);
  }

  /** The booking this form's deposit paid for already (a second tab, the back button), never a second one. */
  async function paidAlready(formKey: string): Promise<string | null> {
    const [paid] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.formKey, formKey), inArray(payments.outcome, ['booked', 'late-booked'])));
    if (!paid?.appointmentId) return null;
    const [visit] = await db.select().from(appointments).where(eq(appointments.id, paid.appointmentId));
    return visit ? manageTokenOf(booking.secret, visit) : null;
  }

  /** Paystack's checkout for an attempt already written; Paystack down: the attempt marked failed, the hold kept until it lapses. */
  async function checkout(reference: string, email: string, amountKobo: number, metadata: Record<string, string>, holdExpiresAt: string) {
    const back = `${origin}${DEPOSIT_RETURN_PATH}`;
    try {
      const started = await paystack.initialize({ email, amountKobo, reference, callbackUrl: back, cancelUrl: `${back}?reference=${reference}&cancelled=1`, metadata });
      return { ok: true as const, authorizationUrl: started.authorizationUrl, reference, holdExpiresAt };
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      logger.error('paystack initialize failed', { reference, kind: error.kind, status: error.status, message: error.message });
      await db
        .update(payments)
        .set({ status: 'failed', note: `Checkout not started: ${error.message}`.slice(0, 300), updatedAt: clock(booking) })
        .where(eq(payments.reference, reference));
      return { ok: false as const, reason: 'paystack-down' as const, holdExpiresAt };
    }
  }

  const service: DepositService = {
    provider: paystack.kind,
    takesPayments: paystack.kind === 'paystack' || !deps.production,
    async rules() {
      const rows = await db.select().from(serviceDeposits).orderBy(asc(serviceDeposits.serviceId));
      return rows.map((r) => ({ serviceId: r.serviceId, rule: r.rule, amountKobo: r.amountKobo, policy: r.policy }));
    },
    ruleFor,
    async setRule(serviceId, rule, by) {
      if (!rule) {
        await db.delete(serviceDeposits).where(eq(serviceDeposits.serviceId, serviceId));
        return;
      }
      if (!service.takesPayments) throw new DepositsOffError();
      // The database's clock: reconciliation compares it with the bookings' creation (also the database's).
      const values = { rule: rule.rule, amountKobo: rule.amountKobo, policy: rule.policy, updatedAt: sql`now()`, updatedBy: by };
      await db
        .insert(serviceDeposits)
        .values({ serviceId, ...values })
        .onConflictDoUpdate({ target: serviceDeposits.serviceId, set: values });
    },

    async start(form, actor, typed) {
      const rule = await ruleFor(form.serviceId, form.visitKind);
      if (!rule) return { ok: false, reason: 'no-deposit' };
      if (!form.patient.email) return { ok: false, reason: 'email-needed' };
      const paid = await paidAlready(form.idempotencyKey);
      if (paid) return { ok: 'booked', manageToken: paid };
      const held = await hold(booking, { serviceId: form.serviceId, visitKind: form.visitKind, practitionerId: form.practitionerId, startsAt: form.startsAt, holdKey: `hold-${form.idempotencyKey}` }, actor);
      if (!held.ok) return held;
      const reference = newReference();
      const stored: StoredBooking = {
        form: {
          serviceId: form.serviceId,
          visitKind: form.visitKind,
          // The practitioner the hold took ('any' is decided now).
          practitionerId: held.appointment.practitionerId,
          startsAt: form.startsAt.toISOString(),
          name: form.patient.name,
          phone: form.patient.phone,
          email: form.patient.email,
          channel: form.reminders.channel,
          consent: form.reminders.consent,
          uid: actor.uid,
        },
        typed,
      };
      // Created at the booking's clock: reconciliation measures the hold by it (an attempt older than the hold is asked again).
      await db.insert(payments).values({ reference, formKey: form.idempotencyKey, holdId: held.appointment.id, holdToken: held.holdToken, serviceId: form.serviceId, amountKobo: rule.amountKobo, status: 'pending', email: form.patient.email, booking: stored as unknown as Record<string, string>, createdAt: clock(booking) });
      return checkout(reference, form.patient.email, rule.amountKobo, { booking: held.appointment.reference, service: form.serviceId }, held.expiresAt);
    },

    courseRule: (serviceId) => ruleFor(serviceId, 'follow_up'),

    async startCourse(token, input, typed) {
      const anchor = await courseAnchor(booking, { as: 'patient', token });
      if (!anchor.ok) return anchor;
      const a = anchor.appointment;
      const rule = await service.courseRule(a.serviceId);
      if (!rule) return { ok: false, reason: 'no-deposit' };
      if (!a.patientEmail) return { ok: false, reason: 'email-needed' };
      const paid = await paidAlready(input.idempotencyKey);
      if (paid) return { ok: 'booked', manageToken: paid };
      const reference = newReference();
      // The visits held together under the attempt's own key: a second attempt (after a failed one) holds anew.
      const held = await bookCourse(booking, { as: 'patient', token }, { ...input, idempotencyKey: `pay-${reference}`, hold: true });
      if (!held.ok) return held;
      const first = held.course.visits[0]!;
      const stored: StoredBooking = {
        form: { serviceId: a.serviceId, visitKind: 'follow_up', practitionerId: a.practitionerId, startsAt: first.startsAt, name: a.patientName!, phone: a.patientPhone!, email: a.patientEmail, channel: a.reminderChannel, consent: a.remindersConsentAt !== null, uid: a.patientUid },
        typed,
        course: { id: held.course.id, reference: held.course.reference },
      };
      await db.insert(payments).values({ reference, formKey: input.idempotencyKey, holdId: first.id, holdToken: null, serviceId: a.serviceId, amountKobo: rule.amountKobo, status: 'pending', email: a.patientEmail, booking: stored as unknown as Record<string, string>, createdAt: clock(booking) });
      const until = new Date(clock(booking).getTime() + booking.rules.holdMinutes * MINUTE_MS).toISOString();
      return checkout(reference, a.patientEmail, rule.amountKobo, { booking: held.course.reference, service: a.serviceId }, until);
    },

    async settle(reference) {
      const now = clock(booking);
      if (!/^[A-Za-z0-9.=-]{6,100}$/.test(reference)) return { kind: 'unknown' };
      const [p] = await db.select().from(payments).where(eq(payments.reference, reference));
      if (!p) return { kind: 'unknown' };
      const typed = (p.booking as unknown as StoredBooking | null)?.typed ?? {};
      if (p.outcome === 'booked' || p.outcome === 'late-booked') {
        const [visit] = p.appointmentId ? await db.select().from(appointments).where(eq(appointments.id, p.appointmentId)) : [];
        if (visit) return { kind: 'booked', manageToken: manageTokenOf(booking.secret, visit), late: p.outcome === 'late-booked', payment: await viewOf(p) };
        return { kind: 'refused', payment: await viewOf(p), typed };
      }
      if (p.outcome === 'late-refunded') return { kind: 'late-refunded', payment: await viewOf(p), startsAt: (p.booking as unknown as StoredBooking | null)?.form.startsAt ?? '', typed };
      if (p.outcome === 'refused') return { kind: 'refused', payment: await viewOf(p), typed };
      // Never on the caller's word: Paystack's own record of the transaction.
      let trx: VerifiedTransaction;
      try {
        trx = await paystack.verify(reference);
      } catch (error) {
        if (!(error instanceof PaystackError)) throw error;
        logger.error('paystack verify failed', { reference, kind: error.kind, status: error.status, message: error.message });
        return { kind: 'unreachable', payment: await viewOf(p), holdExpiresAt: await holdOf(p) };
      }
      if (trx.status === 'success') {
        if (trx.reference !== p.reference || trx.amount !== p.amountKobo || trx.currency !== 'NGN') {
          const note = `Refused: Paystack reports ${trx.amount} ${trx.currency} for ${trx.reference}; we asked ${p.amountKobo} NGN for ${p.reference}.`;
          logger.error('paystack payment refused', { reference, amount: trx.amount, currency: trx.currency });
          await db
            .update(payments)
            .set({ status: 'failed', outcome: 'refused', note, paystackId: trx.id || null, updatedAt: now })
            .where(and(eq(payments.id, p.id), isNull(payments.outcome)));
          await giveBack(p);
          const [after] = await db.select().from(payments).where(eq(payments.id, p.id));
          return { kind: 'refused', payment: await viewOf(after!), typed };
        }
        return bookPaid(p, trx, now);
      }
      if (trx.status === 'failed' || trx.status === 'abandoned' || trx.status === 'reversed') {
        // Not paid: the time is given back at once (a payment that still arrives is settled as late).
        await db.update(payments).set({ status: 'failed', note: `Paystack: ${trx.status}`, updatedAt: now }).where(and(eq(payments.id, p.id), eq(payments.status, 'pending')));
        await giveBack(p);
        const [after] = await db.select().from(payments).where(eq(payments.id, p.id));
        return { kind: 'failed', payment: await viewOf(after!), typed };
      }
      return { kind: 'pending', payment: await viewOf(p), holdExpiresAt: await holdOf(p) };
    },

    async webhook(rawBody, signature) {
      // The signature before anything in the body is read.
      if (!paystack.checkSignature(rawBody, signature)) return 401;
      let event: { event?: unknown; data?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        return 400;
      }
      const data = event.data && typeof event.data === 'object' ? event.data : {};
      if (event.event === 'charge.success' && typeof data.reference === 'string') {
        const settled = await service.settle(data.reference);
        // Paystack retries what is not answered 200: a verification that did not answer is tried again.
        return settled.kind === 'unreachable' ? 503 : 200;
      }
      if ((event.event === 'refund.processed' || event.event === 'refund.failed') && typeof data.transaction_reference === 'string') {
        const now = clock(booking);
        await db.transaction(async (tx) => {
          const [p] = await tx.select().from(payments).where(eq(payments.reference, String(data.transaction_reference))).for('update');
          if (!p) return;
          const open = await tx
            .select()
            .from(paymentRefunds)
            .where(and(eq(paymentRefunds.paymentId, p.id), inArray(paymentRefunds.status, ['sending', 'queued'])))
            .orderBy(asc(paymentRefunds.id));
          const match = open.find((r) => typeof data.id !== 'undefined' && r.paystackId === String(data.id)) ?? open.find((r) => r.amountKobo === Number(data.amount)) ?? open[0];
          if (!match) return;
          const failed = event.event === 'refund.failed';
          await tx
            .update(paymentRefunds)
            .set({ status: failed ? 'failed' : 'processed', error: failed ? 'Paystack could not complete the refund.' : null, updatedAt: now })
            .where(eq(paymentRefunds.id, match.id));
          if (p.appointmentId) await tx.insert(appointmentEvents).values({ appointmentId: p.appointmentId, actor: 'system', action: failed ? 'deposit-refund-failed' : 'deposit-refunded', detail: { reference: p.reference, amountKobo: match.amountKobo } });
          await restate(tx, p.id, now);
        });
      }
      return 200;
    },

    async paymentOf(appointmentId) {
      const rows = await db.select().from(payments).where(paidFor(appointmentId));
      return rows[0] ? viewOf(rows[0]) : null;
    },
    async paymentsOf(appointmentIds) {
      if (!appointmentIds.length) return new Map();
      const rows = await db.select().from(payments).where(inArray(payments.appointmentId, [...appointmentIds]));
      return new Map((await viewsOf(rows)).map((v) => [v.appointmentId!, v]));
    },
    async payments(range) {
      const rows = await db
        .select()
        .from(payments)
        .where(and(gte(payments.createdAt, range.from), lt(payments.createdAt, range.to)))
        .orderBy(desc(payments.createdAt))
        .limit(5000);
      return viewsOf(rows);
    },

    async processRefunds() {
      let sent = 0;
      for (;;) {
        const now = clock(booking);
        const claimed = await db.transaction(async (tx) => {
          const [r] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.status, 'pending')).orderBy(asc(paymentRefunds.id)).limit(1).for('update', { skipLocked: true });
          if (!r) return null;
          await tx.update(paymentRefunds).set({ status: 'sending', updatedAt: now }).where(eq(paymentRefunds.id, r.id));
          const [p] = await tx.select().from(payments).where(eq(payments.id, r.paymentId));
          return { r, p: p! };
        });
        if (!claimed) return sent;
        const { r, p } = claimed;
        let status: RefundRow['status'];
        let patch: Partial<RefundRow>;
        try {
          const answer = await paystack.refund({ reference: p.reference, amountKobo: r.amountKobo, merchantNote: `${r.reason} ${r.key}` });
          status = answer.status === 'processed' ? 'processed' : 'queued';
          patch = { paystackId: answer.id, expectedAt: answer.expectedAt ? new Date(answer.expectedAt) : null, error: null };
          sent += 1;
        } catch (error) {
          if (!(error instanceof PaystackError)) throw error;
          logger.error('paystack refund failed', { reference: p.reference, kind: error.kind, message: error.message });
          // Unreachable: tried again on the next round. Refused: staff are told (the visit's page and history).
          status = error.kind === 'unreachable' ? 'pending' : 'failed';
          patch = { error: error.message.slice(0, 300) };
        }
        await db.transaction(async (tx) => {
          await tx
            .update(paymentRefunds)
            .set({ ...patch, status, updatedAt: clock(booking) })
            .where(eq(paymentRefunds.id, r.id));
          if (p.appointmentId && status !== 'pending')
            await tx.insert(appointmentEvents).values({ appointmentId: p.appointmentId, actor: 'system', action: status === 'failed' ? 'deposit-refund-refused' : 'deposit-refund-sent', detail: { reference: p.reference, amountKobo: r.amountKobo, reason: r.reason, ...(patch.error ? { error: patch.error } : {}) } });
          await restate(tx, p.id, clock(booking));
        });
        if (status === 'pending') return sent;
      }
    },

    async refundByHand({ appointmentId, amountKobo, key, by, name }) {
      const now = clock(booking);
      if (!Number.isInteger(amountKobo) || amountKobo <= 0) return { ok: false, message: 'Please give an amount in naira, more than ₦0.' };
      const outcome = await db.transaction(async (tx) => {
        const [p] = await tx.select().from(payments).where(paidFor(appointmentId)).for('update');
        if (!p || !['paid', 'part-refunded', 'refunded'].includes(p.status)) return { ok: false as const, message: 'This visit has no deposit paid to refund.' };
        const [again] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.key, `staff-${key}`));
        if (again) return { ok: true as const, id: again.id };
        const left = await refundable(tx, p);
        if (amountKobo > left) return { ok: false as const, message: left > 0 ? `At most ${left / 100} naira is left to refund.` : 'The whole deposit has been refunded already.' };
        const [r] = await tx.insert(paymentRefunds).values({ paymentId: p.id, reason: 'staff', key: `staff-${key}`, amountKobo, status: 'pending', createdBy: by, createdAt: now, updatedAt: now }).returning();
        await tx.insert(appointmentEvents).values({ appointmentId, actor: by, action: 'deposit-refund', detail: { by: name, amountKobo, reference: p.reference } });
        await restate(tx, p.id, now);
        return { ok: true as const, id: r!.id };
      });
      if (!outcome.ok) return outcome;
      await service.processRefunds();
      const [r] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, outcome.id));
      if (r!.status === 'failed') return { ok: false, message: `Paystack refused the refund: ${r!.error ?? 'no reason given'}. Nothing was refunded; the visit's history says so.` };
      return { ok: true, refund: refundView(r!) };
    },

    async reconcile() {
      const now = clock(booking);
      // Attempts left pending past their hold (a webhook lost, the patient gone): asked again now.
      const stale = await db
        .select()
        .from(payments)
        .where(and(inArray(payments.status, ['pending', 'failed']), isNull(payments.outcome), lte(payments.createdAt, new Date(now.getTime() - booking.rules.holdMinutes * MINUTE_MS)), gte(payments.createdAt, new Date(now.getTime() - 3 * 24 * 60 * MINUTE_MS))));
      let settledNow = 0;
      for (const p of stale) {
        const r = await service.settle(p.reference);
        if (r.kind === 'booked' || r.kind === 'late-refunded') settledNow += 1;
      }
      const orphans = await db
        .select()
        .from(payments)
        .where(and(inArray(payments.status, ['paid', 'part-refunded']), isNull(payments.appointmentId)));
      const refused = await db.select().from(payments).where(and(eq(payments.outcome, 'refused')));
      const rules = await db.select().from(serviceDeposits);
      const bookings = await db
        .select({ reference: appointments.reference, startsAt: appointments.startsAt, serviceId: appointments.serviceId, visitKind: appointments.visitKind, createdAt: appointments.createdAt })
        .from(appointments)
        .where(
          and(
            inArray(appointments.status, ['booked', 'arrived', 'completed', 'no_show']),
            eq(appointments.createdBy, 'visitor'),
            gte(appointments.startsAt, new Date(now.getTime() - 7 * 24 * 60 * MINUTE_MS)),
            // A visit of a course is paid by the course's one deposit (kept on its first visit).
            notExists(
              db
                .select({ one: sql`1` })
                .from(payments)
                .where(and(sql`(${payments.appointmentId} = ${appointments.id} OR ${payments.appointmentId} IN (SELECT c.id FROM appointments c WHERE c.course_id = ${appointments.courseId}))`, inArray(payments.status, ['paid', 'part-refunded', 'refunded']))),
            ),
          ),
        );
      const stuck = await db
        .select({ r: paymentRefunds, reference: payments.reference })
        .from(paymentRefunds)
        .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
        .where(sql`${paymentRefunds.status} = 'failed' OR (${paymentRefunds.status} IN ('pending', 'sending') AND ${paymentRefunds.updatedAt} < ${new Date(now.getTime() - 60 * MINUTE_MS).toISOString()}::timestamptz)`);
      return {
        at: now.toISOString(),
        paymentsWithoutBooking: await viewsOf([...orphans, ...refused]),
        bookingsWithoutPayment: bookings
          .filter((b) => rules.some((r) => r.serviceId === b.serviceId && ruleApplies(r, b.visitKind) && r.updatedAt <= b.createdAt))
          .map((b) => ({ reference: b.reference, startsAt: b.startsAt.toISOString(), serviceId: b.serviceId, visitKind: b.visitKind })),
        refundsStuck: stuck.map(({ r, reference }) => ({ ...refundView(r), paymentReference: reference })),
        settledNow,
      };
    },

    listener: {
      name: 'deposits',
      async onTimeChange(tx, change) {
        const visit = change.visit;
        if (change.cause !== 'cancelled' || !visit || !change.before || change.before.status !== 'booked') return;
        // In time: at least the cancellation notice before the visit. Later, the deposit is kept (staff may refund by hand).
        if (visit.startsAt.getTime() - change.at.getTime() < booking.rules.cancellationNoticeMinutes * MINUTE_MS) return;
        // A course's one deposit (kept on its first visit) is refunded when its last visit still ahead is cancelled in time, not for one visit of several.
        if (visit.courseId !== null) {
          const ahead = await tx
            .select({ id: appointments.id })
            .from(appointments)
            .where(and(eq(appointments.courseId, visit.courseId), inArray(appointments.status, ['booked', 'held']), gte(appointments.startsAt, change.at)));
          if (ahead.length) return;
        }
        const [p] = await tx
          .select()
          .from(payments)
          .where(visit.courseId !== null ? inArray(payments.appointmentId, tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.courseId, visit.courseId))) : eq(payments.appointmentId, visit.id))
          .for('update');
        if (!p || (p.status !== 'paid' && p.status !== 'part-refunded')) return;
        const left = await refundable(tx, p);
        if (left <= 0) return;
        const [r] = await tx.insert(paymentRefunds).values({ paymentId: p.id, reason: 'cancelled', key: `cancelled-${p.id}`, amountKobo: left, status: 'pending', createdBy: change.by === 'staff' ? 'staff' : 'visitor', createdAt: change.at, updatedAt: change.at }).onConflictDoNothing().returning();
        if (!r) return;
        await tx.insert(appointmentEvents).values({ appointmentId: visit.id, actor: 'system', action: 'deposit-refund', detail: { reason: 'cancelled in time', amountKobo: left, reference: p.reference } });
        await restate(tx, p.id, change.at);
      },
    },
  };
  return service;
}

/**
 * Paystack's webhook, POST /webhooks/paystack, on the Express app: the raw body (the signature
 * is over the exact bytes), checked before anything is read (401, nothing changes), then the
 * event settled; a verification Paystack did not answer is 503, so Paystack delivers it again.
 */
export function paystackWebhookRoute(options: { deposits: DepositService; logger: Logger }): Router {
  const router = express.Router();
  router.post(PAYSTACK_WEBHOOK_PATH, express.raw({ type: () => true, limit: '200kb' }), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const status = await options.deposits.webhook(raw, req.get('x-paystack-signature'));
      res.locals.expectedStatus = status;
      res.status(status).type('text/plain').send(status === 200 ? 'OK' : status === 401 ? 'Unauthorized' : status === 400 ? 'Bad Request' : 'Try again');
    } catch (error) {
      options.logger.error('paystack webhook failed', { message: (error as Error).message });
      res.status(500).type('text/plain').send('Try again');
    }
  });
  return router;
}

/** The deposits for loaders and actions (set by the composition, server/app/app.tsx). */
export const depositsContext = createContext<DepositService>();
