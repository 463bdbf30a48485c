import type { ReminderChannel } from './types';
import type { PatientVisitForm } from './visit-form';
import type { FieldErrors } from '../platform/form-fields';
import type { AppointmentView } from './results';
import type { PaymentView } from './deposits';
import type { FreeSlot, VisitKind } from './types';
import { lagosDate, lagosMoment, lagosTime } from './time';
import type { ReminderPlan } from './reminder-plan';

/**
 * What the booking pages' server halves answer (server/booking/pages/*.ts) and their views read
 * (shared/booking/pages/*.tsx). JSON-safe: moments are ISO strings, days `YYYY-MM-DD` (Abuja).
 */

/** A free time as the booking pages show it and post it back. */
export type DaySlot = Pick<FreeSlot, 'startsAt' | 'time'>;

/**
 * One day of the week shown, with its free times (none: nothing free, said so), as Abuja's clock
 * reads them (`09:30`): the page holds the whole week's, so each is sent as its five characters
 * and made a slot again by `daySlots`.
 */
export interface DayChoice {
  date: string;
  times: string[];
}

/** A day's free times as slots: the start a form posts back, and its time on Abuja's clock. */
export function daySlots(day: DayChoice): DaySlot[] {
  return day.times.map((time) => ({ startsAt: new Date(lagosMoment(day.date, time)).toISOString(), time }));
}

/** The week's day that offers this start (as a form posts it back, ISO 8601 in UTC), or null: read off the start, not by making every slot. */
export function dayOfStart(times: FreeTimesView, startsAt: string): string | null {
  const at = Date.parse(startsAt);
  if (Number.isNaN(at) || new Date(at).toISOString() !== startsAt) return null;
  const date = lagosDate(at);
  const time = lagosTime(at);
  return times.days.find((d) => d.date === date && d.times.includes(time))?.date ?? null;
}

/**
 * The days and times for the choices made so far: the whole week's times, so that another day of
 * the week is shown in place (its form only goes to the server without JavaScript).
 */
export interface FreeTimesView {
  /** The first day shown; the week is this day and the six after it (clipped to the horizon). */
  from: string;
  days: DayChoice[];
  /** Earlier / later week's first day, or null at today / the horizon. */
  earlier: string | null;
  later: string | null;
  /** The day shown first (the one asked for, else the week's first with free times); null when the week has none. */
  date: string | null;
  /** When the week's last day has nothing free: the first free day after the week; else (or none up to the horizon) null. */
  nextFreeDay: string | null;
  /** Minutes the visit takes. */
  visitMinutes: number;
}

/** The choices as the GET form carries them (the raw values, for the fields). */
export interface ChoiceValues {
  service: string;
  visit: VisitKind;
  practitioner: string;
  date: string;
  from: string;
}

export interface BookPageData {
  values: ChoiceValues;
  /** The GET form's messages (only when something was chosen). */
  errors: FieldErrors;
  /** Null until a valid service is chosen, or when the database did not answer (`unavailable`). */
  times: FreeTimesView | null;
  /** One per form shown: the POST's idempotency key. */
  key: string;
  /** A signed-in patient's details from the account and their last booking. */
  prefill: { name: string; phone: string; email: string };
  unavailable: boolean;
  /** The deposit the chosen service and visit take (issue 48), or null: said before the details are typed. */
  deposit?: { amountKobo: number; policy: string } | null;
  /** When the reminders go and the quiet hours (the server's messaging settings), for the reminder hint. */
  reminders?: ReminderPlan;
}

/** The booking POST's refusals: everything typed comes back beside the messages. */
export type BookActionData =
  | { status: 'invalid'; message: string; errors: FieldErrors; values: Record<string, string> }
  | { status: 'conflict'; message: string; errors: FieldErrors; values: Record<string, string>; alternatives: FreeSlot[] }
  | { status: 'unavailable'; message: string; errors: FieldErrors; values: Record<string, string> }
  | { status: 'limited'; message: string; errors: FieldErrors; values: Record<string, string>; retryAfterSeconds: number }
  /** Over a cap per phone (its future visits, a visit that day): said with the clinic's number; nothing typed is lost. */
  | { status: 'capped'; message: string; errors: FieldErrors; values: Record<string, string> }
  /** The phone must be proven: a code was sent to it (the step asks for it), or a code typed did not prove it. */
  | { status: 'code'; message: string; errors: FieldErrors; values: Record<string, string>; code: CodeStep }
  /** No code could be sent (the phone's hour of codes used, the clinic's paused, no channel took it): the call-back request instead. */
  | { status: 'no-code'; message: string; errors: FieldErrors; values: Record<string, string>; reason: 'too-many-codes' | 'codes-paused' | 'not-sent' }
  /** The visit takes a deposit (issue 48): its amount and policy before Paystack's checkout; `message` when the checkout could not start. */
  | { status: 'deposit'; message: string; errors: FieldErrors; values: Record<string, string>; deposit: DepositStep };

/** /book's deposit step: what is paid, the policy, and how long the time is held meanwhile. */
export interface DepositStep {
  amountKobo: number;
  policy: string;
  holdMinutes: number;
  /** Set when Paystack did not answer: the time stays held until then. */
  heldUntil?: string;
}

/** /book/deposit, where Paystack sends the patient back: what became of the payment. */
export interface DepositReturnData {
  kind: 'unknown' | 'late-refunded' | 'failed' | 'refused' | 'pending' | 'unreachable' | 'cancelled';
  reference: string;
  amountKobo: number | null;
  /** Everything typed, to try again with (the choices and details). */
  typed: Record<string, string>;
  heldUntil: string | null;
}

/** The code step of /book: where the code went, and the token the form sends back with it. */
export interface CodeStep {
  /** Names the code sent (signed); empty when it can no longer be used (ask for a new one). */
  token: string;
  channel: 'whatsapp' | 'sms';
  /** The number as the patient reads it, +234 803 123 4567: a slip in it shows at once. */
  phone: string;
  expiresAt: string;
  /** After a wrong code: the tries left. */
  attemptsLeft?: number;
}

export interface ManagePageData {
  /** The booking, or why the link opens nothing (a 4xx page). */
  result: { ok: true; appointment: AppointmentView; manageToken: string; changeable: boolean; cancelNoticeHours: number } | { ok: false; message: string };
  /** Free times to move to (`?move=1`), with the same choices as booking; null otherwise. */
  move: FreeTimesView | null;
  /** Just booked (`?booked=1`) or just moved (`?moved=1`): the page says so first. */
  notice: 'booked' | 'moved' | null;
  unavailable: boolean;
  /** When the reminders go and the quiet hours (the server's messaging settings), for the reminder hint. */
  reminders?: ReminderPlan;
  /** A move day asked for that is not one (`?date=x`): its message (answered 400). */
  moveError?: string;
  /** Opened from the confirmation's link: its proof, for the button that confirms the address. */
  confirmEmail?: string;
  /** A first visit's new-patient form (the intake domain's), or null. */
  form: PatientVisitForm | null;
  /** A visit of a course: its course's own link (issue 46); null otherwise. */
  courseLink?: string | null;
  /** The deposit paid for this visit (issue 48), or null. */
  deposit?: PaymentView | null;
}

export type ManageActionData =
  /** `refundKobo`: the deposit refund the cancellation started (0: kept, or none paid). */
  | { status: 'cancelled'; refundKobo?: number }
  | { status: 'email-confirmed' }
  | { status: 'reminders'; channel: ReminderChannel }
  | { status: 'refused'; message: string; alternatives?: FreeSlot[]; errors?: FieldErrors }
  | { status: 'unavailable'; message: string };

// The booking page's address and links to it live with the clinic (whose pages link to it).
export { BOOK_PATH, bookHref } from '../clinic/book-link';

/** A signed-in patient's account page: their visits (booked while signed in). */
export interface AccountPageData {
  upcoming: AppointmentView[];
  past: AppointmentView[];
  unavailable: boolean;
}
