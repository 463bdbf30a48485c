import type { VisitKind } from './types';

/**
 * Deposits for visits (issue 48, ADR 0048): the rule per service, amounts in kobo (integers:
 * ₦1 = 100 kobo), and the words pages and mails use. Shared: the booking page, the manage page,
 * the staff's pages and the editor show the same.
 */
export type DepositRuleKind = 'none' | 'first' | 'every';

export interface DepositRule {
  serviceId: string;
  rule: Exclude<DepositRuleKind, 'none'>;
  amountKobo: number;
  policy: string;
}

export const DEPOSIT_RULE_LABELS: Record<DepositRuleKind, string> = {
  none: 'No deposit',
  first: 'A deposit for first visits',
  every: 'A deposit for every visit',
};

/** The smallest and largest deposit an admin may set (the migration's CHECK). */
export const MIN_DEPOSIT_KOBO = 100;
export const MAX_DEPOSIT_KOBO = 100_000_000;

/** Whether a visit of this kind takes the rule's deposit. */
export const ruleApplies = (rule: Pick<DepositRule, 'rule'> | null | undefined, visitKind: VisitKind): boolean => Boolean(rule && (rule.rule === 'every' || visitKind === 'first'));

/** ₦5,000 or ₦5,000.50: kobo as the clinic writes money (by hand, so server and browser print the same). */
export function formatKobo(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  const whole = naira.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₦${whole}${rest ? `.${rest.toString().padStart(2, '0')}` : ''}`;
}

/**
 * Naira as typed ("5000", "5,000", "₦5,000.50") to kobo, or null when it is not an amount with
 * at most two decimals. Never through floating point: "0.1" is 10 kobo exactly.
 */
export function koboOf(typed: string): number | null {
  const clean = typed.trim().replace(/^₦|^NGN\s*/i, '').replace(/,/g, '').trim();
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The default policy text an admin starts from, with the cancellation notice in hours. */
export const defaultDepositPolicy = (noticeHours: number) =>
  `The deposit holds your visit and counts towards its fee. Cancel at least ${noticeHours} hours before the visit and we refund it in full to the card or account you paid from. Cancelled later, or if you do not come, the deposit is kept.`;

/** How long a refund takes to reach the patient, as Paystack states for card and bank refunds. */
export const REFUND_DAYS = 'within 5 to 10 working days';

/** A payment as the patient's and the staff's pages show it. */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded' | 'part-refunded';
export type RefundStatus = 'pending' | 'sending' | 'queued' | 'processed' | 'failed';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Deposit not paid yet',
  paid: 'Deposit paid',
  failed: 'Deposit not paid',
  refunded: 'Deposit refunded',
  'part-refunded': 'Deposit partly refunded',
};

export interface RefundView {
  amountKobo: number;
  reason: 'cancelled' | 'late' | 'staff';
  status: RefundStatus;
  error: string | null;
  createdAt: string;
  createdBy: string;
}

export interface PaymentView {
  id: number;
  reference: string;
  status: PaymentStatus;
  outcome: 'booked' | 'late-booked' | 'late-refunded' | 'refused' | null;
  amountKobo: number;
  refundedKobo: number;
  serviceId: string;
  appointmentId: number | null;
  bookingReference: string | null;
  channel: string | null;
  paidAt: string | null;
  createdAt: string;
  note: string | null;
  refunds: RefundView[];
  /** The course (its reference) this one deposit was taken for, all its visits together (ADR 0048); null for one visit. */
  course: string | null;
}
