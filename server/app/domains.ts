import { randomBytes } from 'node:crypto';
import { lagosDate } from '../../shared/booking/time';
import { appointmentStatus } from '../../shared/booking/types';
import type { TodayVisit } from '../../shared/requests/staff/types';
import { createBookingService, type BookingService } from '../booking/service';
import type { TimeListener } from '../booking/time-changes';
import { visitMessages } from '../messages/queue';
import type { ScheduleConfig } from '../messages/rules';
import { eraseMessagesOf } from '../messages/staff';
import { unavailableStore, type Store } from '../platform/db/store';
import type { PersonEraser, RequestsService } from '../requests/context';
import { createRequestsService } from '../requests/service';
import type { Config } from './config';

/**
 * The domains' services and the links between them, built in one place: the running server
 * (server/main.ts) and createApp's defaults (tests, tools) both come here. A lower domain never
 * names a higher one; where it needs it, the link is made here:
 *  - the messages domain listens to the booking's changes of time (LISTENERS, ADR 0040);
 *  - the staff inbox (requests) gets today's visits and the person erasers from the booking and
 *    messages domains.
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
  /** Services given instead of the store's (tests). */
  booking?: BookingService | undefined;
  requests?: RequestsService | undefined;
}

export interface Domains {
  booking: BookingService;
  requests: RequestsService;
  /** What the requests domain (the staff inbox, erasure) gets from the others. */
  personErasers: readonly PersonEraser[];
  todayVisits(): Promise<TodayVisit[]>;
}

/** Who listens to every change of time, after the booking's own mails: the waitlist (issue 46) is one more entry. */
const listeners = (options: DomainsOptions): TimeListener[] => [visitMessages({ schedule: options.schedule })];

export function composeDomains(options: DomainsOptions): Domains {
  const { config, store } = options;
  const wakeOutbox = options.wakeOutbox ?? (() => {});
  const requests = options.requests ?? createRequestsService(store, { clinicInbox: config.mail.clinicInbox, publicOrigin: config.publicOrigin, wake: wakeOutbox });
  const booking = options.booking ?? storeBooking(options);
  return { booking, requests, personErasers: personErasers(booking), todayVisits: () => todayVisits(booking) };
}

function storeBooking(options: DomainsOptions): BookingService {
  const { config, store } = options;
  const secret = options.bookingSecret ?? config.booking.secret;
  // Production never signs with a key made up on the spot (links would die at the next start).
  const unsigned = !secret && config.isProduction;
  return createBookingService({
    store: unsigned ? unavailableStore() : store,
    rules: config.booking.rules,
    secret: secret ?? randomBytes(32).toString('base64url'),
    publicOrigin: config.publicOrigin,
    clinicInbox: config.mail.clinicInbox,
    // A change queued mail and messages: both workers are told at once.
    wake: () => {
      options.wakeOutbox?.();
      options.wakeMessages?.();
    },
    listeners: listeners(options),
  });
}

/**
 * Erasing a person (/staff/people, server/requests/staff/repo.ts erasePerson) also erases what
 * the booking and messages domains keep of them, in the same transaction: their messages and
 * opt-outs (by address, by phone, and by their appointments), then their appointments with
 * their history (their times said freed).
 */
export const personErasers = (booking: BookingService): readonly PersonEraser[] => [
  async (tx, { emails, phone }) => {
    for (const email of emails.length ? emails : [null]) await eraseMessagesOf(tx, { email, phone });
    return 0;
  },
  (tx, person) => booking.eraseAppointmentsOf(tx, person),
];

/** The staff inbox's list of today's visits, from the booking service (the inbox's domain names none). */
async function todayVisits(booking: BookingService): Promise<TodayVisit[]> {
  const today = lagosDate(booking.now());
  const visits = await booking.appointmentsBetween({ fromDate: today, toDate: today, statuses: ['booked', 'arrived', 'completed', 'no_show'] });
  return visits.map((v) => ({ reference: v.reference, startsAt: v.startsAt, patientName: v.patientName, serviceId: v.serviceId, practitionerId: v.practitionerId, status: appointmentStatus.label(v.status) }));
}
