import { randomBytes } from 'node:crypto';
import { hhmm, lagosDate } from '../../shared/booking/time';
import { appointmentStatus } from '../../shared/booking/types';
import type { TodayVisit } from '../../shared/requests/staff/types';
import { createBookingService, type BookingService } from '../booking/service';
import type { BookingDeps } from '../booking/deps';
import { createDepositService, createPaystackStandIn, paystackClient, type DepositService, type PaystackStandIn } from '../booking/deposits';
import { createLogger, type Logger } from '../platform/http/logger';
import type { TimeListener } from '../booking/time-changes';
import { pruneCodes, type PhoneCodeSender } from '../booking/phone-proof';
import { pruneRefusals } from '../booking/caps';
import { pruneWebhookEvents } from '../messages/webhooks';
import type { VisitForms } from '../booking/visit-forms';
import { randomKeyring, type IntakeKeyring } from '../intake/crypto';
import { eraseFormsOf, exportFormsOf } from '../intake/people';
import { createIntakeService, type IntakeService, type NewsConsent } from '../intake/service';
import { visitFormsOf } from '../intake/visit-forms';
import { visitMessages } from '../messages/queue';
import { offerMessages } from '../messages/offers';
import { eraseWaitlistOf, waitlistListener } from '../booking/waitlist';
import { DEFAULT_SCHEDULE, type ScheduleConfig } from '../messages/rules';
import { eraseMessagesOf } from '../messages/staff';
import { unavailableStore, type Store } from '../platform/db/store';
import { eraseSinkLines } from '../messages/sink';
import type { FileEraser, PersonEraser, PersonExporter, RequestsService } from '../requests/context';
import { eraseMailFiles, mailFilesDir } from '../platform/mail/transport';
import type { FormKeys } from '../requests/keys';
import { forgetSubscribers, subscribe } from '../requests/repo';
import { createRequestsService } from '../requests/service';
import type { Config } from './config';

/**
 * The domains' services and the links between them, built in one place: the running server
 * (server/main.ts) and createApp's defaults (tests, tools) both come here. A lower domain never
 * names a higher one; where it needs it, the link is made here:
 *  - the messages domain listens to the booking's changes of time (`listeners`, ADR 0040);
 *  - the staff inbox (requests) gets today's visits, and the person erasers and exporters from
 *    the booking, messages and intake domains;
 *  - the new-patient forms (intake, issue 47, ADR 0044) read visits through the booking service
 *    and offer their news through the requests domain's newsletter; the booking's pages and mails
 *    and the messages worker see the forms through `VisitForms` (server/booking/visit-forms.ts),
 *    which the intake domain implements and this composition hands over (`Domains.visitForms`).
 */
export interface DomainsOptions {
  config: Config;
  store: Store;
  /**
   * Signs the manage links: server/main.ts passes the one resolved at start (BOOKING_SECRET, or
   * the one kept in DATA_DIR outside production). Without it: BOOKING_SECRET, or outside
   * production a key made for this process; production without one answers 503 on booking pages.
   */
  bookingSecret?: string | undefined;
  /** Tell the mail outbox's and the messages' workers that something is due now. */
  wakeOutbox?: (() => void) | undefined;
  wakeMessages?: (() => void) | undefined;
  /** When patient messages are due (MESSAGES_*); by default the built-in schedule. */
  schedule?: ScheduleConfig | undefined;
  /** Sends the booking's one-time codes (the messages domain's channels); none: no code can be sent, the call-back request is offered. */
  codes?: PhoneCodeSender | undefined;
  /** The keys made from what people type (FORM_KEY_SECRET): the newsletter's forgetting, for the new-patient form's news. */
  formKeys: FormKeys;
  /**
   * The new-patient forms' keys: server/main.ts passes the ones it resolved and checked at start
   * (INTAKE_KEK, kept in DATA_DIR outside production). Without them: outside production a key
   * made for this process (tests); production never encrypts with a key made up on the spot (the
   * forms would be unreadable after the next start), so its forms answer 503.
   */
  intakeKeys?: IntakeKeyring | undefined;
  /** Where the deposits' faults are logged (Paystack not answering, a refund refused). */
  logger?: Logger | undefined;
  /** Services given instead of the store's (tests). */
  booking?: BookingService | undefined;
  requests?: RequestsService | undefined;
  intake?: IntakeService | undefined;
}

export interface Domains {
  booking: BookingService;
  /** Deposits through Paystack (issue 48, ADR 0048). */
  deposits: DepositService;
  /** The local stand-in for Paystack when PAYSTACK_SECRET_KEY is not set (its checkout is mounted by the app); null with Paystack. */
  paystackStandIn: PaystackStandIn | null;
  requests: RequestsService;
  intake: IntakeService;
  /** The new-patient forms as the booking's pages and the messages worker see them (the intake domain's). */
  visitForms: VisitForms;
  /** What the requests domain (the staff inbox, erasure, a person's export) gets from the others. */
  personErasers: readonly PersonEraser[];
  fileErasers: readonly FileEraser[];
  personExporters: readonly PersonExporter[];
  todayVisits(): Promise<TodayVisit[]>;
  /** The booking's and the messages' housekeeping, run with the daily retention job: codes a day old, refusals 90 days old, webhook events 30 days old. */
  housekeeping(): Promise<Record<string, number>>;
}

/** The waitlist's settings, with the messages' quiet hours its pages name, and its offers' queue (the messages domain's, issue 46). */
const quietHours = (options: DomainsOptions) => {
  const quiet = (options.schedule ?? DEFAULT_SCHEDULE).quietHours;
  return { from: hhmm(quiet.start), to: hhmm(quiet.end) };
};
const waitlistDeps = (options: DomainsOptions) => ({ settings: { ...options.config.booking.waitlist, quietHours: quietHours(options) }, messages: offerMessages({ schedule: options.schedule }) });

/** What the booking form's reminder hint says: the messages' offsets and quiet hours (MESSAGES_REMINDER_OFFSETS, MESSAGES_QUIET_HOURS). */
const reminderPlan = (options: DomainsOptions) => ({ offsetsMinutes: (options.schedule ?? DEFAULT_SCHEDULE).reminderOffsetsMinutes, quietHours: quietHours(options) });

/**
 * Who listens to every change of time, after the booking's own mails: the patient messages, the
 * waitlist (issue 46), then the deposits (a visit cancelled in time: its refund, issue 48).
 */
const listeners = (options: DomainsOptions, deposits: TimeListener): TimeListener[] => [
  visitMessages({ schedule: options.schedule }),
  waitlistListener({ rules: options.config.booking.rules, waitlist: waitlistDeps(options) }),
  deposits,
];

export function composeDomains(options: DomainsOptions): Domains {
  const { config, store } = options;
  const wakeOutbox = options.wakeOutbox ?? (() => {});
  const requests = options.requests ?? createRequestsService(store, { clinicInbox: config.mail.clinicInbox, publicOrigin: config.publicOrigin, wake: wakeOutbox });
  const forms = intakeStore(options);
  // Made before the booking core: a first visit's confirmation mail links to its form.
  const visitForms = options.intake?.visitForms ?? visitFormsOf({ db: forms.store.db, keys: forms.keys });
  const paystackStandIn = config.booking.paystack.secretKey ? null : createPaystackStandIn({ publicOrigin: config.publicOrigin });
  const paystack = paystackStandIn
    ? paystackClient({ secretKey: paystackStandIn.secretKey, baseUrl: 'http://paystack.stand-in', fetch: paystackStandIn.fetch, kind: 'stand-in' })
    : paystackClient({ secretKey: config.booking.paystack.secretKey!, baseUrl: config.booking.paystack.baseUrl });
  // The deposits listen to the booking's changes and book through the same core (its deps).
  const depositListener: TimeListener = { name: 'deposits', onTimeChange: (tx, change) => deposits.listener.onTimeChange(tx, change) };
  const logger = options.logger ?? createLogger();
  const bookingDeps = storeBookingDeps(options, visitForms, depositListener, () => void deposits.processRefunds().catch((error: unknown) => logger.error('deposit refunds failed', { message: (error as Error).message })));
  const deposits: DepositService = createDepositService({ booking: bookingDeps, paystack, logger, production: config.isProduction });
  paystackStandIn?.onWebhook(async (raw, signature) => {
    await deposits.webhook(raw, signature);
  });
  const booking = options.booking ?? createBookingService(bookingDeps);
  const intake =
    options.intake ??
    createIntakeService({
      store: forms.store,
      keys: forms.keys,
      booking,
      visitForms,
      publicOrigin: config.publicOrigin,
      clinicInbox: config.mail.clinicInbox,
      secureCookies: config.isProduction,
      wake: wakeOutbox,
      news: newsletterConsent(store, options.formKeys, config.publicOrigin, wakeOutbox),
      retentionMonths: config.intake.retentionMonths,
    });
  return {
    booking,
    deposits,
    paystackStandIn,
    requests,
    intake,
    visitForms,
    personErasers: personErasers(booking),
    fileErasers: fileErasers(config.store.dataDir),
    personExporters,
    todayVisits: () => todayVisits(booking),
    housekeeping: async () => ({ codes: await pruneCodes(store.db, booking.now()), refusals: await pruneRefusals(store.db, booking.now()), webhookEvents: await pruneWebhookEvents(store.db) }),
  };
}

/** The new-patient forms' store and keys: the unavailable store in production without INTAKE_KEK (see `intakeKeys`). */
function intakeStore(options: DomainsOptions): { store: Store; keys: IntakeKeyring } {
  const missing = !options.intakeKeys && options.config.isProduction;
  return { store: missing ? unavailableStore() : options.store, keys: options.intakeKeys ?? randomKeyring() };
}

/** The new-patient form's optional news by e-mail: the newsletter's double opt-in (a confirmation mail), and its forgetting. */
export function newsletterConsent(store: Store, keys: FormKeys, publicOrigin: string, wake: () => void): NewsConsent {
  return {
    async subscribe(email) {
      await subscribe(store, { email, publicOrigin });
      wake();
    },
    unsubscribe: (email) => store.db.transaction((tx) => forgetSubscribers(tx, keys, [email.trim().toLowerCase()])),
  };
}

function storeBookingDeps(options: DomainsOptions, forms: VisitForms, deposits: TimeListener, refunds: () => void): BookingDeps {
  const { config, store } = options;
  const secret = options.bookingSecret ?? config.booking.secret;
  // Production never signs with a key made up on the spot (links would die at the next start).
  const unsigned = !secret && config.isProduction;
  return {
    store: unsigned ? unavailableStore() : store,
    rules: config.booking.rules,
    secret: secret ?? randomBytes(32).toString('base64url'),
    publicOrigin: config.publicOrigin,
    clinicInbox: config.mail.clinicInbox,
    // A change queued mail and messages (or a refund): the workers are told at once.
    wake: () => {
      options.wakeOutbox?.();
      options.wakeMessages?.();
      refunds();
    },
    listeners: listeners(options, deposits),
    waitlist: waitlistDeps(options),
    reminderPlan: reminderPlan(options),
    limits: config.booking.limits,
    ...(options.codes ? { codes: options.codes } : {}),
    forms,
  };
}

/**
 * Erasing a person (/staff/people, server/requests/staff/repo.ts erasePerson) also erases what
 * the booking, messages and intake domains keep of them, in the same transaction: their messages
 * and opt-outs (by address, by phone, and by their appointments), their new-patient forms and
 * who read them, then their appointments with their history (their times said freed).
 */
export const personErasers = (booking: BookingService): readonly PersonEraser[] => [
  async (tx, { emails, phone }) => {
    for (const email of emails.length ? emails : [null]) await eraseMessagesOf(tx, { email, phone });
    return 0;
  },
  // Their waitlist entries, with their offers and the offers' messages (issue 46).
  async (tx, person) => {
    await eraseWaitlistOf(tx, person);
    return 0;
  },
  // The visits' deletion would take the forms too; named, so it never depends on that.
  async (tx, person) => {
    await eraseFormsOf(tx, person);
    return 0;
  },
  (tx, person) => booking.eraseAppointmentsOf(tx, person),
];

/**
 * And what the local sinks wrote to files for them (development, or production without SMTP_URL
 * or a provider): their lines in DATA_DIR/messages/*.jsonl and their mails in DATA_DIR/outbox,
 * once the transaction has committed. The files of this instance's DATA_DIR: an instance whose
 * DATA_DIR is not shared keeps its own (docs/decisions/0042-a-proven-phone-and-caps-per-patient.md).
 */
export const fileErasers = (dataDir: string): readonly FileEraser[] => [(person) => eraseSinkLines(dataDir, person), (person) => eraseMailFiles(mailFilesDir(dataDir), person.emails)];

/** What a person's export (/staff/people) adds from other domains: their new-patient forms' records and who read them (never the answers). */
export const personExporters: readonly PersonExporter[] = [async (db, person) => ({ newPatientForms: await exportFormsOf(db, person) })];

/** The staff inbox's list of today's visits, from the booking service (the inbox's domain names none). */
async function todayVisits(booking: BookingService): Promise<TodayVisit[]> {
  const today = lagosDate(booking.now());
  const visits = await booking.appointmentsBetween({ fromDate: today, toDate: today, statuses: ['booked', 'arrived', 'completed', 'no_show'] });
  return visits.map((v) => ({ reference: v.reference, startsAt: v.startsAt, patientName: v.patientName, serviceId: v.serviceId, practitionerId: v.practitionerId, status: appointmentStatus.label(v.status) }));
}
