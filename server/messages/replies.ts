/**
 * Replies that do something (issue 46 part 3, ADR 0050). A patient answers a reminder with its
 * quick-reply button (WhatsApp: Confirm or Cancel, whose payload names the visit,
 * `confirm:<reference>`), or types `1` (confirm) or `2` (cancel) on WhatsApp or by SMS. The words
 * STOP and CANCEL by SMS are not replies (STOP keeps its meaning, ADR 0031; some networks treat
 * CANCEL as an unsubscribe): CANCEL goes to staff like any other text.
 *
 * Which visit: on WhatsApp the message replied to (`context.id`, the wamid our send got back, so
 * its `messages` row and that row's visit), or the button's reference; by SMS (which carries no
 * reply context) or a typed reply without one, the phone's next booked visit. A visit is only
 * ever one booked with the phone the reply comes from: a reference typed or forged by someone
 * else finds nothing.
 *
 * Everything happens in one transaction, begun by inserting the reply's row under its unique
 * (provider, message id): a reply delivered twice finds its row and changes nothing, answers
 * nothing. Then the visit (the booking domain's `replyToVisit`: confirmed, or cancelled the manage
 * page's way), the staff inbox's row for anything that needs a person, and one answer in the
 * messages queue, due at once (the patient just asked), on the channel they wrote on.
 */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { shortManagePath } from '../../shared/booking/results';
import { site } from '../../shared/content/site';
import type { BookingService } from '../booking/service';
import { appointments, waitlistEntries, type AppointmentRow } from '../booking/schema';
import { loadClinicDetails } from '../clinic/details';
import { practitioners } from '../clinic/schema';
import type { Tx } from '../platform/db/db';
import type { Store } from '../platform/db/store';
import { recordPatientReply } from '../requests/repo';
import { toGsm7Friendly } from './gsm';
import { messageReplies, messages, type ReplyOutcome } from './schema';
import { formatWhen, formatWhenShort } from './templates';

/** One message a patient sent us, as the webhooks read it. */
export interface InboundReply {
  provider: 'whatsapp' | 'termii';
  channel: 'whatsapp' | 'sms';
  /** The provider's id of this inbound message: the same on a resend. */
  providerId: string;
  /** E.164. */
  from: string;
  at: Date;
  /** What they typed, or the button's label. */
  text: string | null;
  /** A quick-reply button's payload (WhatsApp `button.payload`, `interactive.button_reply.id`). */
  payload: string | null;
  /** The wamid of the message replied to (WhatsApp `context.id`). */
  contextId: string | null;
  /** WhatsApp's message type ('text', 'button', 'interactive', 'image'…); 'text' for SMS. */
  type: string;
}

export interface ReplyDeps {
  store: Store;
  booking: Pick<BookingService, 'replyToVisit' | 'wake'>;
  publicOrigin: string;
  /** The clinic as answers name it (default: its name in the code, its first phone from the details). */
  clinic?: { name: string; phone: string };
  now?: () => Date;
}

export type ReplyIntent = 'confirm' | 'cancel';

/** A button's payload naming its visit: `confirm:<reference>` or `cancel:<reference>`. */
export const replyPayload = (intent: ReplyIntent, reference: string) => `${intent}:${reference}`;

/** The quick-reply buttons of the reminder template, in their order in the template (index 0 and 1). */
export const REPLY_BUTTONS = [
  { intent: 'confirm', label: 'Confirm' },
  { intent: 'cancel', label: 'Cancel' },
] as const satisfies readonly { intent: ReplyIntent; label: string }[];

/** What a reply asks for, and the visit its button names; null intent when it is neither 1 nor 2 nor a button. */
export function readReply(reply: Pick<InboundReply, 'text' | 'payload'>): { intent: ReplyIntent | null; reference: string | null } {
  const button = reply.payload ? /^(confirm|cancel):([A-Za-z0-9-]{1,40})$/.exec(reply.payload.trim()) : null;
  if (button) return { intent: button[1] as ReplyIntent, reference: button[2]!.toUpperCase() };
  const typed = (reply.text ?? '').trim().replace(/[.!]$/, '');
  if (typed === '1') return { intent: 'confirm', reference: null };
  if (typed === '2') return { intent: 'cancel', reference: null };
  return { intent: null, reference: null };
}

/** Types that are not something the patient said (an emoji reaction, a system notice): nothing to do. */
const SILENT_TYPES = new Set(['reaction', 'system', 'unsupported', 'ephemeral', 'request_welcome']);

export type ReplyHandled = { applied: false; why: 'replayed' | 'silent' } | { applied: true; outcome: ReplyOutcome; appointmentId: number | null; requestReference: string | null };

/** Applies one inbound reply: once per provider's message id (a resend answers `replayed`). */
export async function handleReply(deps: ReplyDeps, reply: InboundReply): Promise<ReplyHandled> {
  if (SILENT_TYPES.has(reply.type)) return { applied: false, why: 'silent' };
  const now = deps.now?.() ?? new Date();
  const handled = await deps.store.db.transaction(async (tx): Promise<ReplyHandled> => {
    const [row] = await tx
      .insert(messageReplies)
      .values({
        provider: reply.provider,
        providerMessageId: reply.providerId.slice(0, 200),
        channel: reply.channel,
        fromPhone: reply.from,
        receivedAt: reply.at,
        outcome: 'not-understood',
        answer: '-',
      })
      .onConflictDoNothing()
      .returning({ id: messageReplies.id });
    if (!row) return { applied: false, why: 'replayed' };
    const { intent, reference } = readReply(reply);
    const found = await visitOf(tx, reply, reference, now);
    const clinic = deps.clinic ?? { name: site.name, phone: (await loadClinicDetails(tx)).phones[0].display };
    const decided = await decide(deps, tx, reply, intent, found);
    const words = answerOf(decided.outcome, { ...decided, channel: reply.channel, clinic, publicOrigin: deps.publicOrigin, practitioner: decided.visit ? await practitionerName(tx, decided.visit.practitionerId) : '' });
    let request: { id: number; reference: string } | null = null;
    if (NEEDS_A_PERSON.has(decided.outcome)) {
      const visit = decided.visit ?? found.lastVisit;
      request = await recordPatientReply(tx, {
        name: visit?.patientName ?? null,
        phone: reply.from,
        booking: visit?.reference ?? null,
        via: reply.channel,
        at: now,
        payload: {
          message: messageText(reply),
          channel: reply.channel === 'whatsapp' ? 'WhatsApp' : 'SMS',
          ...(visit ? { visit: visit.reference } : {}),
          why: WHY[decided.outcome],
          answered: words,
        },
      });
    }
    await tx
      .update(messageReplies)
      .set({ intent, appointmentId: decided.visit?.id ?? null, outcome: decided.outcome, answer: words, requestId: request?.id ?? null })
      .where(eq(messageReplies.id, row.id));
    if (decided.outcome === 'cancelled' && decided.visit) {
      // The answer says it: the cancellation notice the change queued (in this transaction, so
      // no worker has seen it) would say it twice.
      await tx
        .update(messages)
        .set({ status: 'cancelled', lastError: 'answered by the reply', lockedUntil: null, updatedAt: now })
        .where(and(eq(messages.appointmentId, decided.visit.id), eq(messages.kind, 'cancellation'), eq(messages.status, 'scheduled')));
    }
    await tx.insert(messages).values({ replyId: row.id, kind: 'reply', channel: reply.channel, destination: reply.from, status: 'scheduled', dueAt: now, nextAttemptAt: now, createdAt: now, updatedAt: now });
    return { applied: true, outcome: decided.outcome, appointmentId: decided.visit?.id ?? null, requestReference: request?.reference ?? null };
  });
  // The answer is due now, and a cancellation queued its mail: both workers, after the commit.
  if (handled.applied) deps.booking.wake();
  return handled;
}

/** Outcomes that a member of staff should read (the patient is told someone will). */
const NEEDS_A_PERSON = new Set<ReplyOutcome>(['not-understood', 'unknown-number', 'no-visit', 'not-open', 'inside-notice']);

/** Why a reply is in the staff inbox, in staff's words. */
const WHY: Record<ReplyOutcome, string> = {
  confirmed: 'Confirmed the visit',
  cancelled: 'Cancelled the visit',
  'inside-notice': 'Asked to cancel inside the cancellation notice: nothing was changed; please call them',
  'not-open': 'Replied about a visit that is cancelled or over: nothing was changed',
  'no-visit': 'Asked to confirm or cancel, but has no upcoming visit',
  'unknown-number': 'No visit or waitlist entry has this number',
  'not-understood': 'Not a reply the server acts on (only 1, 2 and the buttons are)',
};

function messageText(reply: InboundReply): string {
  const text = (reply.text ?? '').trim();
  if (text) return text.slice(0, 2000);
  return `(a WhatsApp ${reply.type} message: open WhatsApp to see it)`;
}

interface Found {
  /** The visit the reply is about, or null. */
  visit: AppointmentRow | null;
  /** The phone has had a visit or a waitlist entry. */
  known: boolean;
  /** The phone's latest visit (to link an inbox row to), when no visit is the reply's. */
  lastVisit: AppointmentRow | null;
}

/** The visit a reply is about: its context's, its button's (only the phone's own), else the phone's next booked visit. */
async function visitOf(tx: Tx, reply: InboundReply, reference: string | null, now: Date): Promise<Found> {
  const theirs = (v: AppointmentRow | undefined) => (v && v.patientPhone === reply.from ? v : null);
  let named: AppointmentRow | null | undefined;
  if (reply.contextId) {
    const [sent] = await tx.select({ appointmentId: messages.appointmentId }).from(messages).where(and(eq(messages.providerId, reply.contextId), eq(messages.channel, 'whatsapp'))).limit(1);
    if (sent) {
      const [v] = sent.appointmentId === null ? [] : await tx.select().from(appointments).where(eq(appointments.id, sent.appointmentId));
      // A reply to an offer's or an answer's message, or to another phone's: about no visit.
      named = theirs(v);
    }
  }
  if (named === undefined && reference) {
    const [v] = await tx.select().from(appointments).where(eq(appointments.reference, reference));
    named = theirs(v);
  } else if (named && reference && named.reference !== reference) {
    // A button's reference that is not the visit its message was about: trust neither.
    named = null;
  }
  const [next] =
    named === undefined
      ? await tx
          .select()
          .from(appointments)
          .where(and(eq(appointments.patientPhone, reply.from), eq(appointments.status, 'booked'), gt(appointments.startsAt, now)))
          .orderBy(asc(appointments.startsAt))
          .limit(1)
      : [];
  const visit = named === undefined ? (next ?? null) : named;
  if (visit) return { visit, known: true, lastVisit: visit };
  const [last] = await tx.select().from(appointments).where(eq(appointments.patientPhone, reply.from)).orderBy(desc(appointments.startsAt)).limit(1);
  const [entry] = last ? [] : await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.patientPhone, reply.from)).limit(1);
  return { visit: null, known: Boolean(last || entry), lastVisit: last ?? null };
}

interface Decided {
  outcome: ReplyOutcome;
  visit: AppointmentRow | null;
  manageToken: string | null;
}

async function decide(deps: ReplyDeps, tx: Tx, reply: InboundReply, intent: ReplyIntent | null, found: Found): Promise<Decided> {
  if (!found.known) return { outcome: 'unknown-number', visit: null, manageToken: null };
  if (!intent) return { outcome: 'not-understood', visit: found.visit, manageToken: null };
  if (!found.visit) return { outcome: 'no-visit', visit: null, manageToken: null };
  const result = await deps.booking.replyToVisit(tx, found.visit.id, intent, reply.channel);
  return { outcome: result.done, visit: result.visit ?? found.visit, manageToken: result.manageToken };
}

async function practitionerName(tx: Tx, id: string): Promise<string> {
  const [p] = await tx.select({ name: practitioners.name }).from(practitioners).where(eq(practitioners.id, id));
  return p?.name ?? '';
}

/**
 * The answer, in the patient's words: plain, with the visit's day and time, and what to do next.
 * By SMS in GSM-7 and short (the longest fits two segments; most one).
 */
export function answerOf(
  outcome: ReplyOutcome,
  input: { visit: AppointmentRow | null; manageToken: string | null; channel: 'whatsapp' | 'sms'; clinic: { name: string; phone: string }; publicOrigin: string; practitioner: string },
): string {
  const { visit, channel, clinic } = input;
  const sms = channel === 'sms';
  const when = visit ? (sms ? formatWhenShort(visit.startsAt) : formatWhen(visit.startsAt)) : '';
  const first = (visit?.patientName ?? '').trim().split(/\s+/)[0] ?? '';
  const hello = first ? `${first}, ` : '';
  const link = input.manageToken ? `${input.publicOrigin}${shortManagePath(input.manageToken)}` : `${input.publicOrigin}/book`;
  const text = (() => {
    switch (outcome) {
      case 'confirmed':
        return sms
          ? `Thank you${first ? ` ${first}` : ''}. Your visit to ${clinic.name} on ${when} is confirmed. To change it: ${link}`
          : `Thank you, ${hello}your visit at ${clinic.name} on ${when}${input.practitioner ? ` with ${input.practitioner}` : ''} is confirmed. We look forward to seeing you.\n\nTo move or cancel it, open ${link}`;
      case 'cancelled':
        return sms
          ? `Your visit to ${clinic.name} on ${when} is cancelled. To book again: ${link} Call ${clinic.phone}`
          : `${first ? `${first}, y` : 'Y'}our visit at ${clinic.name} on ${when} is cancelled, as you asked. We would be glad to see you another time.\n\nTo book again, open ${link}\nQuestions? Call us on ${clinic.phone}.`;
      case 'inside-notice':
        return sms
          ? `Your visit to ${clinic.name} on ${when} is too soon to cancel by message. Please call us on ${clinic.phone}.`
          : `${hello}your visit at ${clinic.name} on ${when} is too soon to cancel by message, so it is still booked. Please call us on ${clinic.phone} and we will help.`;
      case 'not-open':
        return visit?.status === 'cancelled'
          ? sms
            ? `Your visit to ${clinic.name} on ${when} was already cancelled, so nothing changed. To book again: ${input.publicOrigin}/book`
            : `${hello}your visit at ${clinic.name} on ${when} was already cancelled, so nothing has changed. To book a new time, open ${input.publicOrigin}/book\nQuestions? Call us on ${clinic.phone}.`
          : sms
            ? `Your visit to ${clinic.name} on ${when} can no longer be changed by message. Please call us on ${clinic.phone}.`
            : `${hello}your visit at ${clinic.name} on ${when} can no longer be changed by message, so nothing has changed. Please call us on ${clinic.phone}.`;
      case 'no-visit':
        return sms
          ? `We found no upcoming visit for this number at ${clinic.name}. To book: ${input.publicOrigin}/book Call ${clinic.phone}`
          : `We could not find an upcoming visit at ${clinic.name} for this number, so nothing has changed. To book, open ${input.publicOrigin}/book or call us on ${clinic.phone}.`;
      case 'unknown-number':
        return sms
          ? `${clinic.name}: we have no visit for this number. To book: ${input.publicOrigin}/book Or call ${clinic.phone}`
          : `Thank you for your message to ${clinic.name}. We have no visit booked with this number. To book, open ${input.publicOrigin}/book or call us on ${clinic.phone}. A member of our team will read your message.`;
      case 'not-understood':
        return sms
          ? `${clinic.name}: thank you, our team will read your message. Reply 1 to confirm your next visit, 2 to cancel it. Urgent? Call ${clinic.phone}`
          : `Thank you for your message to ${clinic.name}. A member of our team will read it and reply. To confirm your next visit reply 1, to cancel it reply 2. For anything urgent, call us on ${clinic.phone}.`;
    }
  })();
  return (sms ? toGsm7Friendly(text) : text).slice(0, 1000);
}
