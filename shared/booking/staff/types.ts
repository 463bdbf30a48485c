import type { AppointmentView } from '../results';
import { labelled } from '../../platform/labelled';
import type { AppointmentStatus, FreeSlot } from '../types';
import type { BookingLimits, Cap } from '../limits';
import type { StaffVisitForm } from '../visit-form';
import type { PaymentView, RefundView } from '../deposits';

/** What the staff booking pages' loaders and actions send (moments as ISO strings). */

export interface StaffHeader {
  staffName: string;
  newCount: number;
}

export type CalendarView = 'day' | 'week';

export interface CalendarData extends StaffHeader {
  view: CalendarView;
  /** The day asked for (a week view starts on its Monday). */
  date: string;
  fromDate: string;
  toDate: string;
  today: string;
  practitionerId: string;
  appointments: AppointmentView[];
  /** First visits' new-patient forms, by appointment id, as this member of staff may see them. */
  forms: Record<number, StaffVisitForm>;
  /** Each visit's deposit as a short mark ("Deposit paid ₦5,000"), by appointment id (issue 48). */
  deposits?: Record<number, string>;
  closures: { date: string; starts: string | null; ends: string | null; name: string; locationId: string | null }[];
  exceptions: { date: string; practitionerId: string; kind: string; starts: string | null; ends: string | null }[];
  /** A day asked for that is not one (`?date=2026-13-45`): its message, the page showing today (answered 400). */
  errors?: Record<string, string>;
  /** What was asked for, beside its message. */
  values?: Record<string, string>;
}

export interface BookingEventLine {
  at: string;
  by: string;
  action: string;
  fromStatus: AppointmentStatus | null;
  toStatus: AppointmentStatus | null;
  detail: Record<string, unknown>;
}

export interface BookingDetailData extends StaffHeader {
  appointment: AppointmentView;
  events: BookingEventLine[];
  /** A first visit's new-patient form as this member of staff may see it, or null. */
  form: StaffVisitForm | null;
  move: { date: string; practitionerId: string; slots: FreeSlot[] } | null;
  /** A move day that is not one (`?moveDate=x`): its message (answered 400). */
  moveError?: string;
  today: string;
  meta: { title: string; description: string };
}

export interface NewBookingData extends StaffHeader {
  choice: { service: string; visit: string; practitioner: string; date: string };
  /** Free times for the choice, or null before one is made. */
  slots: FreeSlot[] | null;
  /** A call-back request being turned into this booking. */
  request: { reference: string; name: string | null; phone: string | null; email: string | null } | null;
  idempotencyKey: string;
  today: string;
  /** The chosen service's deposit for this kind of visit (issue 48), which a staff booking waives; null: none. */
  deposit?: { amountKobo: number } | null;
  /** A day asked for that is not one: its message (answered 400). */
  errors?: Record<string, string>;
}

export interface PlanRow {
  id: number;
  locationId: string;
  weekday: number;
  starts: string;
  ends: string;
  breaks: { start: string; end: string }[];
  validFrom: string;
  validTo: string | null;
  createdAt: string;
  createdBy: string;
  closedAt: string | null;
  closedBy: string | null;
}

export interface PlansData extends StaffHeader {
  practitionerId: string;
  today: string;
  week: PlanRow[];
  history: PlanRow[];
  exceptions: { id: number; date: string; kind: string; locationId: string | null; starts: string | null; ends: string | null; note: string | null }[];
  closures: { id: number; date: string; locationId: string | null; starts: string | null; ends: string | null; name: string }[];
  feed: { active: boolean; createdAt: string | null; lastUsedAt: string | null };
}

/** A staff form's refusal (422/409) with what was typed, or a plain confirmation (200). */
export interface StaffBookingAnswer {
  intent: string;
  outcome: 'invalid' | 'conflict' | 'done';
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  /** Free times to offer instead (a conflict). */
  alternatives?: FreeSlot[];
  /** A new feed's URL, shown once. */
  feedUrl?: string;
  /** Booked visits a new week no longer covers. */
  outsidePlan?: { reference: string; startsAt: string }[];
}

/** Someone who hit a limit of online booking (/staff/booking-limits). */
export interface BookingRefusalView {
  at: string;
  cap: Cap;
  /** E.164, when the attempt named one. */
  phone: string | null;
  /** The client's address (IPv4) or network (IPv6 /64). */
  address: string | null;
  /** The visit, for a move. */
  reference: string | null;
}

export interface BookingLimitsData extends StaffHeader {
  refusals: BookingRefusalView[];
  limits: BookingLimits;
  days: number;
}

/** A one-day exception's kinds (the SQL CHECK of migration 0003 lists the same). */
export const exceptionKind = labelled({
  time_off: { label: 'Time off' },
  extra_hours: { label: 'Extra hours' },
  replace_day: { label: 'A different plan for the day' },
});
export type ExceptionKind = (typeof exceptionKind.values)[number];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The week as the clinic reads it: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** /staff/payments (issue 48): a month's deposits and the reconciliation. */
export interface StaffPaymentsData extends StaffHeader {
  month: string;
  payments: PaymentView[];
  reconciliation: {
    at: string;
    paymentsWithoutBooking: PaymentView[];
    bookingsWithoutPayment: { reference: string; startsAt: string; serviceId: string; visitKind: string }[];
    refundsStuck: (RefundView & { paymentReference: string })[];
    settledNow: number;
  };
  provider: 'paystack' | 'stand-in';
  /** A month asked for that is not one: its message (answered 400). */
  monthError?: string;
}
