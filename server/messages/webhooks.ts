/**
 * The providers' webhooks on the Express app (issue 32, ADR 0031):
 *  - GET  /webhooks/whatsapp  Meta's verification challenge (our verify token, else 403).
 *  - POST /webhooks/whatsapp  status updates (delivered, read, failed) and inbound messages;
 *    STOP / UNSUBSCRIBE withdraws the patient's consent for that phone; any other message is a
 *    reply (replies.ts: Confirm / Cancel buttons, `1` / `2`, or a message for staff).
 *  - POST /webhooks/termii    SMS delivery reports, and inbound SMS: STOP withdraws consent;
 *    any other text is a reply (`1` / `2`, or a message for staff).
 * Each POST reads the raw body (the signature is over the exact bytes) and checks its
 * signature before anything is parsed: a bad or missing one is answered 401 and changes
 * nothing. Without a provider configured (the local sink) the endpoints answer 404.
 */
import { createHash } from 'node:crypto';
import express, { type Router } from 'express';
import { and, eq, gt, inArray, isNotNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { appointmentEvents, appointments } from '../booking/schema';
import type { Tx } from '../platform/db/db';
import type { Store } from '../platform/db/store';
import type { Logger } from '../platform/http/logger';
import type { Channel } from './channel';
import type { SmsConfig, WhatsAppConfig } from './config';
import { messageOptOuts, messages, webhookEvents, type MessageStatus } from './schema';
import { handleTermiiWebhook } from './termii';
import { answerVerification, handleWebhook, type WhatsAppEvent } from './whatsapp-cloud';
import { fallBackAfterDeliveryFailure } from './worker';
import { handleReply, type ReplyDeps, type ReplyHandled } from './replies';

export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';
export const TERMII_WEBHOOK_PATH = '/webhooks/termii';

/** Later statuses never go back: a late 'delivered' after 'read' changes nothing. */
const RANK: Record<MessageStatus, number> = { scheduled: 0, sending: 0, cancelled: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** Records a provider's delivery status on the message it names (by the provider's id). true if a row changed. */
export async function recordDeliveryStatus(store: Store, providerId: string, status: 'delivered' | 'read' | 'failed', at: Date, error: string | null): Promise<boolean> {
  const lower = (Object.keys(RANK) as MessageStatus[]).filter((s) => RANK[s] >= 1 && RANK[s] < RANK[status]);
  const set =
    status === 'delivered'
      ? { status, deliveredAt: at, updatedAt: at }
      : status === 'read'
        ? { status, readAt: at, deliveredAt: sql`coalesce(${messages.deliveredAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at }
        : { status, lastError: (error ?? 'failed after sending').slice(0, 300), updatedAt: at };
  const changed = await store.db
    .update(messages)
    .set(set)
    .where(and(eq(messages.providerId, providerId), inArray(messages.status, lower)))
    .returning({ id: messages.id });
  return changed.length > 0;
}

/** A provider's event, once: false when this id was applied before (a retry or a replay). In the caller's transaction. */
async function firstTime(tx: Tx, provider: 'whatsapp' | 'termii', eventId: string | null): Promise<boolean> {
  if (!eventId) return true;
  const inserted = await tx.insert(webhookEvents).values({ provider, eventId: eventId.slice(0, 200) }).onConflictDoNothing().returning({ id: webhookEvents.eventId });
  return inserted.length > 0;
}

/** Where an opt-out came from, and (for a provider's) its event id: applied once. */
export type OptOutSource = { source: 'whatsapp-inbound' | 'sms-inbound'; eventId: string | null } | { source: 'staff' };

/**
 * The patient wrote STOP at `at`: no more messages to that phone. Every consent given up to
 * then with that number is withdrawn (channel 'none', consent time emptied, a history line),
 * what has not gone yet is cancelled, and the opt-out is kept for both phone channels. A consent
 * given after `at` (a later booking, reminders switched on again from the manage link) stands: a
 * STOP replayed, or delivered late, never withdraws a newer consent. The same event id twice is
 * applied once. One transaction; answers how many consents it withdrew.
 */
export async function withdrawConsent(store: Store, phone: string, from: OptOutSource, at: Date): Promise<number> {
  const { source } = from;
  return store.db.transaction(async (tx) => {
    if (!(await firstTime(tx, source === 'whatsapp-inbound' ? 'whatsapp' : 'termii', 'eventId' in from ? from.eventId : null))) return 0;
    for (const channel of ['whatsapp', 'sms'] as Channel[]) {
      // The opt-out's time only moves forward: the worker reads it against each consent's time.
      await tx
        .insert(messageOptOuts)
        .values({ destination: phone, channel, at, source })
        .onConflictDoUpdate({ target: [messageOptOuts.destination, messageOptOuts.channel], set: { at: sql`greatest(${messageOptOuts.at}, excluded.at)`, source: sql`CASE WHEN excluded.at >= ${messageOptOuts.at} THEN excluded.source ELSE ${messageOptOuts.source} END` } });
    }
    const withdrawn = await tx
      .update(appointments)
      .set({ reminderChannel: 'none', remindersConsentAt: null, updatedAt: at })
      .where(and(eq(appointments.patientPhone, phone), isNotNull(appointments.remindersConsentAt), lte(appointments.remindersConsentAt, at)))
      .returning({ id: appointments.id });
    const ids = withdrawn.map((r) => r.id);
    if (ids.length) await tx.insert(appointmentEvents).values(ids.map((appointmentId) => ({ appointmentId, actor: 'visitor', action: 'reminders-stopped', detail: { source } })));
    // What has not gone to that phone yet, unless it belongs to a consent given after the STOP.
    const newer = tx.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.patientPhone, phone), gt(appointments.remindersConsentAt, at)));
    await tx
      .update(messages)
      .set({ status: 'cancelled', lockedUntil: null, lastError: 'opted out (STOP)', updatedAt: at })
      .where(and(ids.length ? or(inArray(messages.appointmentId, ids), eq(messages.destination, phone)) : eq(messages.destination, phone), inArray(messages.status, ['scheduled', 'sending']), notInArray(messages.channel, ['email']), notInArray(messages.appointmentId, newer)));
    return ids.length;
  });
}

async function applyWhatsAppEvents(store: Store, events: WhatsAppEvent[], logger: Logger, replies: WebhookDeps['replies'], now: () => Date) {
  for (const event of events) {
    if (event.type === 'status') {
      if (event.status === 'sent') continue;
      const changed = await recordDeliveryStatus(store, event.providerId, event.status, event.at, event.error ? `failed on whatsapp: ${event.error.code}` : null);
      if (changed && event.status === 'failed') await fallBackAfterDeliveryFailure(store, event.providerId, now());
    } else if (event.optOut) {
      const count = await withdrawConsent(store, event.from, { source: 'whatsapp-inbound', eventId: event.providerId }, event.at);
      logger.info('patient opted out of messages', { channel: 'whatsapp', appointments: count });
    } else if (replies) {
      const done = await handleReply(
        { store, ...replies },
        { provider: 'whatsapp', channel: 'whatsapp', providerId: event.providerId, from: event.from, at: event.at, text: event.text, payload: event.payload, contextId: event.contextId, type: event.messageType },
      );
      logReply(logger, 'whatsapp', done);
    }
  }
}

/** A reply's outcome in the log: what it did, never what it said. */
function logReply(logger: Logger, channel: 'whatsapp' | 'sms', done: ReplyHandled) {
  if (done.applied) logger.info('patient reply applied', { channel, outcome: done.outcome, appointmentId: done.appointmentId, request: done.requestReference });
  else if (done.why === 'replayed') logger.info('patient reply already applied', { channel });
}

export interface WebhookDeps {
  store: Store;
  logger: Logger;
  whatsapp: WhatsAppConfig;
  sms: SmsConfig;
  /** Acting on patients' replies (issue 46, ADR 0050): the booking's side and the links' origin; without it, replies other than STOP change nothing. */
  replies?: Omit<ReplyDeps, 'store'> | undefined;
  /** The clock a failed message's fallback is judged by (the visit not started, the channel's hours): the booking's, set by the composition; tests fix it. */
  now?: () => Date;
}

/** The webhook routes, with their own raw-body parser (mount before any other body parser). */
export function messagesWebhooks(deps: WebhookDeps): Router {
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: '512kb' });
  const { whatsapp, sms, store, logger } = deps;
  const now = deps.now ?? (() => new Date());

  router.get(WHATSAPP_WEBHOOK_PATH, (req, res) => {
    if (whatsapp.provider !== 'whatsapp-cloud') return void res.sendStatus(404);
    const answer = answerVerification(req.query as Record<string, unknown>, whatsapp.verifyToken);
    res.status(answer.status).type('text/plain').send(answer.body);
  });

  router.post(WHATSAPP_WEBHOOK_PATH, raw, (req, res, next) => {
    if (whatsapp.provider !== 'whatsapp-cloud') return void res.sendStatus(404);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = handleWebhook(body, req.get('x-hub-signature-256'), whatsapp.appSecret);
    if (!result.ok) {
      if (result.status === 401) logger.info('webhook refused', { provider: 'whatsapp', reason: result.reason });
      return void res.sendStatus(result.status);
    }
    applyWhatsAppEvents(store, result.events, logger, deps.replies, now)
      .then(() => res.sendStatus(200))
      .catch(next);
  });

  router.post(TERMII_WEBHOOK_PATH, raw, (req, res, next) => {
    if (sms.provider !== 'termii') return void res.sendStatus(404);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = handleTermiiWebhook(body, req.get('x-termii-signature'), sms.webhookSecret);
    if (!result.ok) {
      if (result.status === 401) logger.info('webhook refused', { provider: 'termii', reason: result.reason });
      return void res.sendStatus(result.status);
    }
    const { report, inbound } = result;
    if (inbound) {
      if (!inbound.optOut) {
        if (!deps.replies) return void res.sendStatus(200);
        // Termii's inbound carries `message_id`; without one, the body itself names the message (a resend is the same bytes).
        const providerId = inbound.providerId ?? `body-${createHash('sha256').update(body).digest('hex').slice(0, 40)}`;
        return void handleReply({ store, ...deps.replies }, { provider: 'termii', channel: 'sms', providerId, from: inbound.from, at: inbound.at ?? new Date(), text: inbound.text, payload: null, contextId: null, type: 'text' })
          .then((done) => {
            logReply(logger, 'sms', done);
            res.sendStatus(200);
          })
          .catch(next);
      }
      return void withdrawConsent(store, inbound.from, { source: 'sms-inbound', eventId: inbound.providerId }, inbound.at ?? new Date())
        .then((count) => {
          logger.info('patient opted out of messages', { channel: 'sms', appointments: count });
          res.sendStatus(200);
        })
        .catch(next);
    }
    if (!report || report.status === 'sent') return void res.sendStatus(200);
    recordDeliveryStatus(store, report.providerId, report.status, report.at ?? new Date(), report.status === 'failed' ? `failed on sms: ${report.detail}` : null)
      .then(async (changed) => {
        if (changed && report.status === 'failed') await fallBackAfterDeliveryFailure(store, report.providerId, now());
        res.sendStatus(200);
      })
      .catch(next);
  });

  return router;
}

/** Forgets applied events older than `days` (the retention job): a replay that old still changes nothing (an opt-out older than a consent is ignored). */
export async function pruneWebhookEvents(db: Store['db'], days = 30): Promise<number> {
  const gone = await db
    .delete(webhookEvents)
    .where(lt(webhookEvents.receivedAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: webhookEvents.eventId });
  return gone.length;
}
