/**
 * Sends the patient messages that are due (issue 32, ADR 0031).
 *
 * A round claims due rows with `FOR UPDATE SKIP LOCKED` and marks them 'sending' with a lease
 * (locked_until) in the same statement (server/platform/queue.ts, as the mail outbox), so
 * workers on any number of instances never take the same row; a worker that dies mid-send leaves the row 'sending' until the lease runs out, and
 * then another worker takes it (nothing is lost). The lease (default 90 s) is longer than any
 * provider call (MESSAGES_TIMEOUT_MS, at most 60 s), so a live worker records its result
 * before anyone else may take the row; its result is recorded
 * only if the row is still its claim (same status and attempt count), so a row cancelled or
 * re-armed meanwhile is not overwritten.
 *
 * Each row is checked against the appointment as it is now (consent, status, the visit not
 * started for a reminder), then rendered from it: the time, the practitioner, a fresh manage
 * link. The adapter's answer decides:
 *  - sent: recorded with the provider's id (delivery reports find it by that).
 *  - retry (timeout, network, 5xx, 429): again after a back-off (1, 2, 4… minutes, at most an
 *    hour, or the provider's Retry-After), never inside the channel's quiet window; after
 *    `maxAttempts` on one channel, treated as a refusal.
 *  - refused (or retries exhausted): the next channel (the patient's choice, then WhatsApp → SMS
 *    → e-mail, with a destination and not opted out of) so the patient still hears; 'failed'
 *    when none is left. An opt-out refusal is recorded for the destination.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { shortManagePath } from '../../shared/booking/results';
import { fullAddressOf } from '../../shared/clinic/site-facts';
import { site } from '../../shared/content/site';
import { appointments, type AppointmentRow } from '../booking/schema';
import { manageTokenOf } from '../booking/manage-token';
import type { VisitForms } from '../booking/visit-forms';
import { locations, practitioners } from '../clinic/schema';
import type { Store } from '../platform/db/store';
import type { Logger } from '../platform/http/logger';
import { CHANNELS, type Channel, type ChannelAdapter, type MessageKind, type MessageVariables, type SendResult } from './channel';
import { consentedChannel, destinationOf, templateKind, TRANSACTIONAL_KINDS } from './queue';
import { DEFAULT_SCHEDULE, isAllowedAt, nextAllowed, nextChannel, type Reachability, type ScheduleConfig } from './rules';
import { messageOptOuts, messageReplies, messages, type MessageRow } from './schema';
import { courseDates, formatWhen, visitVariables } from './templates';
import { offerPath, entryPath, offerTokenOf, entryTokenOf } from '../booking/waitlist';
import { waitlistEntries, waitlistOffers } from '../booking/schema';
import { errorFields } from '../platform/http/error-fields';
import { startPoller } from '../platform/poller';
import { loadClinicDetails } from '../clinic/details';
import { claimDue, exponentialBackoff, sendEach, type QueueOptions } from '../platform/queue';

/** Defaults: 20 rows a round, a 90 s lease (above the providers' timeout), 6 attempts on one channel before it counts as refused, 1 min doubling, at most 1 h. */
export interface MessagesWorkerOptions extends QueueOptions {
  store: Store;
  channels: Record<Channel, ChannelAdapter>;
  /** Signs the manage links (BOOKING_SECRET, server/booking/secret.ts). */
  secret: string;
  publicOrigin: string;
  logger: Logger;
  schedule?: ScheduleConfig;
  /** The clinic as messages name it (default: shared/content/site.ts). */
  clinic?: { name: string; phone: string };
  /** The clock (tests move it). */
  now?: () => Date;
  /** Sends in flight at once within a round (default 4). */
  concurrency?: number;
  /**
   * The new-patient forms (the intake domain's, handed over by the composition): a first visit's
   * confirmation and its reminders a day or more ahead carry the form's link while it is not done.
   */
  forms?: Pick<VisitForms, 'shortPathFor' | 'doneAmong'>;
}

export const defaultMessageBackoffMs = exponentialBackoff(60_000);

export interface MessagesRound {
  claimed: number;
  sent: number;
  retried: number;
  fellBack: number;
  failed: number;
  cancelled: number;
}

const PHONE_CHANNELS: readonly Channel[] = ['whatsapp', 'sms'];

/** One round: claim, check, send, record. */
export async function processMessages(options: MessagesWorkerOptions): Promise<MessagesRound> {
  const { store, logger } = options;
  const now = options.now?.() ?? new Date();
  const round: MessagesRound = { claimed: 0, sent: 0, retried: 0, fellBack: 0, failed: 0, cancelled: 0 };
  // Due rows, and 'sending' rows whose claim lapsed (a worker died mid-send): 'sending' while leased.
  const claimed = await claimDue(store.db, messages, { ready: ['scheduled', 'sending'], batchSize: options.batchSize ?? 20, leaseMs: options.leaseMs ?? 90_000, now, set: { status: 'sending', updatedAt: now } });
  round.claimed = claimed.length;
  // A provider answers in ~200 ms: a few sends in flight at once, oldest first.
  await sendEach(
    claimed,
    options.concurrency ?? 4,
    async (row) => void round[await sendOne(options, row)]++,
    // A bug or a database error: the claim lapses and the row is tried again later.
    (row, error) => logger.error('message round failed on a row', { messageId: row.id, ...errorFields(error) }),
  );
  return round;
}

type RowOutcome = 'sent' | 'retried' | 'fellBack' | 'failed' | 'cancelled';

/** Updates the row only while it is still this worker's claim. */
async function record(store: Store, row: MessageRow, set: Partial<typeof messages.$inferInsert>): Promise<boolean> {
  const done = await store.db
    .update(messages)
    .set(set)
    .where(and(eq(messages.id, row.id), eq(messages.status, 'sending'), eq(messages.attempts, row.attempts)))
    .returning({ id: messages.id });
  return done.length > 0;
}

/** Why a row must not go any more, or null. */
function ineligible(row: MessageRow, appointment: AppointmentRow | undefined, now: Date): string | null {
  if (!appointment) return 'appointment gone';
  if (!consentedChannel(appointment)) return 'no consent';
  const kind = templateKind(row.kind);
  if (kind === 'cancellation') return appointment.status === 'cancelled' ? null : 'visit not cancelled';
  if (kind === 'no_show') return appointment.status === 'no_show' ? null : 'not a no-show';
  if (appointment.status !== 'booked') return `visit ${appointment.status}`;
  if (appointment.startsAt.getTime() <= now.getTime()) return 'visit started';
  return null;
}

async function reachability(store: Store, row: MessageRow, appointment: AppointmentRow): Promise<Reachability> {
  const transactional = (TRANSACTIONAL_KINDS as readonly string[]).includes(row.kind);
  const destinations = [appointment.patientPhone, appointment.patientEmail].filter((d): d is string => Boolean(d));
  const since = appointment.remindersConsentAt ?? new Date(0);
  const outs = destinations.length
    ? await store.db
        .select({ channel: messageOptOuts.channel })
        .from(messageOptOuts)
        .where(and(inArray(messageOptOuts.destination, destinations), gte(messageOptOuts.at, since)))
    : [];
  return {
    // Only what the patient proved is a way to reach them (queue.ts destinationOf).
    phone: destinationOf(appointment, 'sms'),
    email: destinationOf(appointment, 'email'),
    // The consent is to be reminded, on the channel chosen first; the others are the fallback
    // (ADR 0031). The booking core mails confirmations, changes and cancellations itself.
    consented: transactional ? PHONE_CHANNELS : CHANNELS,
    optedOut: outs.map((o) => o.channel),
    preferred: consentedChannel(appointment),
  };
}

/**
 * The channel a row goes on now: the next one when this one is opted out of (or has no
 * destination), 'failed' when none is left; or the row put back until the quiet hours end
 * (they hold at the moment of sending too: a retry, a late worker).
 */
async function channelNow(options: MessagesWorkerOptions, row: MessageRow, reach: Reachability, destination: (channel: Channel) => string | null, now: Date): Promise<{ channel: Channel } | { outcome: RowOutcome }> {
  const schedule = options.schedule ?? DEFAULT_SCHEDULE;
  let channel = row.channel;
  if ((reach.optedOut ?? []).includes(channel) || !destination(channel)) {
    const next = nextChannel(reach, channel);
    if (!next) {
      await record(options.store, row, { status: 'failed', lockedUntil: null, lastError: `no channel left (${channel} opted out)`, updatedAt: now });
      return { outcome: 'failed' };
    }
    channel = next;
  }
  // A row the schedule made due inside the quiet hours was meant to go then: the patient's own
  // change, confirmed at once on WhatsApp at any hour (issue 46; queue.ts noticeDue). The schedule
  // puts nothing else there, so only such a row, on its own channel, goes through the night.
  const meantNow = channel === row.channel && channel !== 'sms' && !isAllowedAt(channel, row.dueAt, schedule);
  if (!meantNow && !isAllowedAt(channel, now, schedule)) {
    await record(options.store, row, { status: 'scheduled', channel, destination: destination(channel), lockedUntil: null, attempts: row.attempts - 1, nextAttemptAt: nextAllowed(channel, now, schedule), updatedAt: now });
    return { outcome: 'retried' };
  }
  return { channel };
}

async function sendOne(options: MessagesWorkerOptions, row: MessageRow): Promise<RowOutcome> {
  if (row.offerId !== null) return sendOffer(options, row, row.offerId);
  if (row.replyId !== null) return sendAnswer(options, row, row.replyId);
  const { store } = options;
  const now = options.now?.() ?? new Date();
  const [found] = await store.db
    .select({ appointment: appointments, practitioner: practitioners.name, location: locations })
    .from(appointments)
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .where(eq(appointments.id, row.appointmentId ?? 0));
  const appointment = found?.appointment;
  const why = ineligible(row, appointment, now);
  if (why || !appointment || !found) {
    await record(store, row, { status: 'cancelled', lockedUntil: null, lastError: why ?? 'appointment gone', updatedAt: now });
    return 'cancelled';
  }
  const reach = await reachability(store, row, appointment);
  const atNow = await channelNow(options, row, reach, (c) => destinationOf(appointment, c), now);
  if ('outcome' in atNow) return atNow.outcome;
  const { channel } = atNow;
  const to = destinationOf(appointment, channel) ?? '';
  const token = manageTokenOf(options.secret, appointment);
  const clinic = options.clinic ?? { name: site.name, phone: (await loadClinicDetails(store.db)).phones[0].display };
  const variables = visitVariables({
    firstName: (appointment.patientName ?? '').trim().split(/\s+/)[0] || 'there',
    clinicName: clinic.name,
    visitStart: appointment.startsAt,
    practitioner: found.practitioner,
    manageLink: `${options.publicOrigin}${shortManagePath(token)}`,
    clinicPhone: clinic.phone,
    address: fullAddressOf(found.location),
    reference: appointment.reference,
    ...(await formLinkOf(options, row, appointment, token)),
    ...(await courseOf(options, row, appointment)),
  });
  return deliver(options, row, reach, channel, to, templateKind(row.kind), variables, (next) => destinationOf(appointment, next));
}

/** Sends on `channel` and records the result: sent, again later, or the next channel (shared by visits' and offers' messages). */
async function deliver(options: MessagesWorkerOptions, row: MessageRow, reach: Reachability, channel: Channel, to: string, kind: MessageKind, variables: MessageVariables, destination: (channel: Channel) => string | null): Promise<RowOutcome> {
  const { store, logger } = options;
  const schedule = options.schedule ?? DEFAULT_SCHEDULE;
  const adapter = options.channels[channel];
  const result: SendResult = await adapter.send({ id: `msg-${row.id}`, channel, to, kind, variables });
  const done = options.now?.() ?? new Date();

  if (result.outcome === 'sent') {
    await record(store, row, { status: 'sent', channel, destination: to, provider: adapter.provider, providerId: result.providerId, sentAt: done, lockedUntil: null, lastError: null, updatedAt: done });
    return 'sent';
  }
  const attemptsHere = channel === row.channel ? row.attempts : 1;
  if (result.outcome === 'retry' && attemptsHere < (options.maxAttempts ?? 6)) {
    const wait = Math.max((options.backoffMs ?? defaultMessageBackoffMs)(attemptsHere), result.retryAfterMs ?? 0);
    const at = nextAllowed(channel, new Date(done.getTime() + wait), schedule);
    await record(store, row, { status: 'scheduled', channel, destination: to, attempts: attemptsHere, nextAttemptAt: at, lockedUntil: null, lastError: errorClass('retry', channel, result), updatedAt: done });
    logger.info('message will be retried', { messageId: row.id, channel, attempts: attemptsHere, reason: result.reason });
    return 'retried';
  }
  if (result.outcome === 'refused' && result.optedOut) {
    await store.db.insert(messageOptOuts).values({ destination: to, channel, at: done, source: 'provider-refusal' }).onConflictDoUpdate({ target: [messageOptOuts.destination, messageOptOuts.channel], set: { at: done, source: 'provider-refusal' } });
    reach.optedOut = [...(reach.optedOut ?? []), channel];
  }
  const next = nextChannel(reach, channel);
  if (!next) {
    await record(store, row, { status: 'failed', channel, destination: to, lockedUntil: null, lastError: errorClass(result.outcome, channel, result), updatedAt: done });
    logger.error('message failed on every channel', { messageId: row.id, channel, reason: result.reason });
    return 'failed';
  }
  await record(store, row, {
    status: 'scheduled',
    channel: next,
    destination: destination(next),
    attempts: 0,
    nextAttemptAt: nextAllowed(next, done, schedule),
    lockedUntil: null,
    lastError: errorClass(result.outcome, channel, result),
    updatedAt: done,
  });
  logger.info('message falls back to the next channel', { messageId: row.id, from: channel, to: next, reason: result.reason });
  return 'fellBack';
}

/**
 * A waitlist offer's message (issue 46): 'offer' while the offer is open and its time not passed,
 * 'offer_gone' while the entry is on the list. On the phone channels only (the phone was proven
 * when the patient joined), after STOP on neither; the quiet hours as for reminders.
 */
async function sendOffer(options: MessagesWorkerOptions, row: MessageRow, offerId: number): Promise<RowOutcome> {
  const { store } = options;
  const now = options.now?.() ?? new Date();
  const [found] = await store.db
    .select({ offer: waitlistOffers, entry: waitlistEntries, practitioner: practitioners.name, location: locations })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(practitioners, eq(practitioners.id, waitlistOffers.practitionerId))
    .innerJoin(locations, eq(locations.id, waitlistOffers.locationId))
    .where(eq(waitlistOffers.id, offerId));
  const why = !found
    ? 'offer gone'
    : row.kind === 'offer'
      ? found.offer.status !== 'pending' ? `offer ${found.offer.status}` : found.offer.expiresAt.getTime() <= now.getTime() ? 'offer expired' : null
      : found.entry.endedAt ? 'left the list' : null;
  if (why || !found) {
    await record(store, row, { status: 'cancelled', lockedUntil: null, lastError: why ?? 'offer gone', updatedAt: now });
    return 'cancelled';
  }
  const { offer, entry } = found;
  const outs = await store.db.select({ channel: messageOptOuts.channel }).from(messageOptOuts).where(and(eq(messageOptOuts.destination, entry.patientPhone), gte(messageOptOuts.at, entry.consentAt)));
  const reach: Reachability = { phone: entry.patientPhone, email: null, consented: PHONE_CHANNELS, optedOut: outs.map((o) => o.channel), preferred: entry.channel };
  const atNow = await channelNow(options, row, reach, (c) => (c === 'email' ? null : entry.patientPhone), now);
  if ('outcome' in atNow) return atNow.outcome;
  const { channel } = atNow;
  const clinic = options.clinic ?? { name: site.name, phone: (await loadClinicDetails(store.db)).phones[0].display };
  const link = row.kind === 'offer' ? offerPath(offerTokenOf(options.secret, offer)) : entryPath(entryTokenOf(options.secret, entry));
  const variables: MessageVariables = {
    ...visitVariables({
      firstName: entry.patientName.trim().split(/\s+/)[0] || 'there',
      clinicName: clinic.name,
      visitStart: offer.startsAt,
      practitioner: found.practitioner,
      manageLink: `${options.publicOrigin}${link}`,
      clinicPhone: clinic.phone,
      address: fullAddressOf(found.location),
    }),
    until: formatWhen(offer.expiresAt).replace(/^.* at /, ''),
  };
  return deliver(options, row, reach, channel, entry.patientPhone, row.kind === 'offer' ? 'offer' : 'offer_gone', variables, (next) => (next === 'email' ? null : entry.patientPhone));
}

/**
 * The answer to a patient's reply (issue 46, ADR 0050): its words were written with the reply, in
 * its transaction; it goes at once, whatever the hour (they just wrote to us), on the channel they
 * wrote on, to the number they wrote from. Retried like any message; no other channel (the
 * answer belongs beside their message).
 */
async function sendAnswer(options: MessagesWorkerOptions, row: MessageRow, replyId: number): Promise<RowOutcome> {
  const { store, logger } = options;
  const now = options.now?.() ?? new Date();
  const [reply] = await store.db.select().from(messageReplies).where(eq(messageReplies.id, replyId));
  const adapter = reply ? options.channels[reply.channel] : null;
  if (!reply || !adapter?.sendReply) {
    await record(store, row, { status: 'failed', lockedUntil: null, lastError: reply ? `no answer on ${reply.channel}` : 'reply gone', updatedAt: now });
    return 'failed';
  }
  const result = await adapter.sendReply({ id: `msg-${row.id}`, channel: reply.channel, to: reply.fromPhone, text: reply.answer, inReplyTo: { providerId: reply.providerMessageId, at: reply.receivedAt }, now });
  const done = options.now?.() ?? new Date();
  if (result.outcome === 'sent') {
    await record(store, row, { status: 'sent', provider: adapter.provider, providerId: result.providerId, sentAt: done, lockedUntil: null, lastError: null, updatedAt: done });
    return 'sent';
  }
  if (result.outcome === 'retry' && row.attempts < (options.maxAttempts ?? 6)) {
    const wait = Math.max((options.backoffMs ?? defaultMessageBackoffMs)(row.attempts), result.retryAfterMs ?? 0);
    await record(store, row, { status: 'scheduled', nextAttemptAt: new Date(done.getTime() + wait), lockedUntil: null, lastError: errorClass('retry', reply.channel, result), updatedAt: done });
    return 'retried';
  }
  await record(store, row, { status: 'failed', lockedUntil: null, lastError: errorClass(result.outcome === 'retry' ? 'retry' : 'refused', reply.channel, result), updatedAt: done });
  logger.error('answer to a reply failed', { messageId: row.id, channel: reply.channel, reason: result.reason });
  return 'failed';
}

/** `{ course }` for a course's confirmation (issue 46): every visit still booked, compactly; else nothing. */
async function courseOf(options: MessagesWorkerOptions, row: MessageRow, appointment: AppointmentRow): Promise<{ course?: MessageVariables['course'] }> {
  if (row.kind !== 'confirmation' || appointment.courseId === null) return {};
  const visits = await options.store.db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.courseId, appointment.courseId), eq(appointments.status, 'booked')))
    .orderBy(asc(appointments.startsAt));
  return visits.length > 1 ? { course: { dates: courseDates(visits.map((v) => v.startsAt)), count: visits.length } } : {};
}

/** Reminders this far ahead of the visit (or more) repeat the form's link: the day-before one. */
const FORM_REMINDER_MINUTES = 24 * 60;

/** The minutes before the visit a reminder's kind names (reminder_24h, reminder_90m), or null. */
function reminderMinutes(kind: string): number | null {
  const m = /^reminder_(\d+)([hm])$/.exec(kind);
  return m ? Number(m[1]) * (m[2] === 'h' ? 60 : 1) : null;
}

/** `{ formLink }` for a first visit's confirmation or day-before reminder while its form is not done; else nothing. */
async function formLinkOf(options: MessagesWorkerOptions, row: MessageRow, appointment: AppointmentRow, token: string): Promise<{ formLink?: string }> {
  if (!options.forms) return {};
  const asks = row.kind === 'confirmation' || (reminderMinutes(row.kind) ?? 0) >= FORM_REMINDER_MINUTES;
  const path = asks ? options.forms.shortPathFor(appointment, token) : null;
  if (!path || (await options.forms.doneAmong([appointment.id])).has(appointment.id)) return {};
  return { formLink: `${options.publicOrigin}${path}` };
}

/** The class of a failure, for the row and the staff page: no content, no destination. */
function errorClass(outcome: 'retry' | 'refused', channel: Channel, result: Exclude<SendResult, { outcome: 'sent' }>): string {
  return `${outcome} on ${channel}: ${result.code ?? result.reason}`.slice(0, 300);
}

export interface MessagesWorker {
  /** Runs a round now (after a booking scheduled a confirmation). */
  wake(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Polls every `pollMs` (default 15 s) and whenever woken; rounds follow each other while full. */
export function startMessagesWorker(options: MessagesWorkerOptions & { pollMs?: number }): MessagesWorker {
  const { logger, pollMs = 15_000 } = options;
  const batchSize = options.batchSize ?? 20;
  return startPoller({ pollMs, batchSize, logger, label: 'messages', drain: () => processMessages({ ...options, batchSize }) });
}

/**
 * A message the provider took and later reported failed (a WhatsApp status 'failed', an SMS
 * delivery report): the next channel, so the patient still hears, if the message is still
 * worth sending; it stays 'failed' otherwise. Called by the webhooks after recording the failure.
 */
export async function fallBackAfterDeliveryFailure(store: Store, providerId: string, at: Date, schedule: ScheduleConfig = DEFAULT_SCHEDULE): Promise<boolean> {
  const [row] = await store.db.select().from(messages).where(and(eq(messages.providerId, providerId), eq(messages.status, 'failed')));
  if (!row) return false;
  if (row.appointmentId === null) return false;
  const [appointment] = await store.db.select().from(appointments).where(eq(appointments.id, row.appointmentId));
  if (ineligible(row, appointment, at) || !appointment) return false;
  const next = nextChannel(await reachability(store, row, appointment), row.channel);
  if (!next) return false;
  const moved = await store.db
    .update(messages)
    .set({ status: 'scheduled', channel: next, destination: destinationOf(appointment, next), attempts: 0, nextAttemptAt: nextAllowed(next, at, schedule), provider: null, providerId: null, sentAt: null, updatedAt: at })
    .where(and(eq(messages.id, row.id), eq(messages.status, 'failed')))
    .returning({ id: messages.id });
  return moved.length > 0;
}
