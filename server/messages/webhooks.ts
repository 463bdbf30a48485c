/**
 * The providers' webhooks on the Express app (issue 32, ADR 0031):
 *  - GET  /webhooks/whatsapp  Meta's verification challenge (our verify token, else 403).
 *  - POST /webhooks/whatsapp  status updates (delivered, read, failed) and inbound messages;
 *    STOP / UNSUBSCRIBE withdraws the patient's consent for that phone.
 *  - POST /webhooks/termii    SMS delivery reports, and inbound SMS: STOP withdraws consent.
 * Each POST reads the raw body (the signature is over the exact bytes) and checks its
 * signature before anything is parsed: a bad or missing one is answered 401 and changes
 * nothing. Without a provider configured (the local sink) the endpoints answer 404.
 */
import express, { type Router } from 'express';
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { appointmentEvents, appointments } from '../booking/schema';
import type { Store } from '../platform/db/store';
import type { Logger } from '../platform/http/logger';
import type { Channel } from './channel';
import type { SmsConfig, WhatsAppConfig } from './config';
import { messageOptOuts, messages, type MessageStatus } from './schema';
import { handleTermiiWebhook } from './termii';
import { answerVerification, handleWebhook, type WhatsAppEvent } from './whatsapp-cloud';
import { fallBackAfterDeliveryFailure } from './worker';

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

/**
 * The patient wrote STOP: no more messages to that phone. Their consent on every appointment
 * with that number is withdrawn (channel 'none', consent time emptied, a history line), what
 * has not gone yet is cancelled, and the opt-out is kept for both phone channels (a later
 * booking with a fresh consent starts again). One transaction.
 */
export async function withdrawConsent(store: Store, phone: string, source: 'whatsapp-inbound' | 'sms-inbound' | 'staff', at: Date): Promise<number> {
  return store.db.transaction(async (tx) => {
    for (const channel of ['whatsapp', 'sms'] as Channel[]) {
      await tx.insert(messageOptOuts).values({ destination: phone, channel, at, source }).onConflictDoUpdate({ target: [messageOptOuts.destination, messageOptOuts.channel], set: { at, source } });
    }
    const withdrawn = await tx
      .update(appointments)
      .set({ reminderChannel: 'none', remindersConsentAt: null, updatedAt: at })
      .where(and(eq(appointments.patientPhone, phone), isNotNull(appointments.remindersConsentAt)))
      .returning({ id: appointments.id });
    const ids = withdrawn.map((r) => r.id);
    if (ids.length) {
      await tx.insert(appointmentEvents).values(ids.map((appointmentId) => ({ appointmentId, actor: 'visitor', action: 'reminders-stopped', detail: { source } })));
      await tx
        .update(messages)
        .set({ status: 'cancelled', lockedUntil: null, lastError: 'opted out (STOP)', updatedAt: at })
        .where(and(inArray(messages.appointmentId, ids), inArray(messages.status, ['scheduled', 'sending'])));
    }
    // Messages of appointments that had no consent left are not touched (there are none to send).
    await tx
      .update(messages)
      .set({ status: 'cancelled', lockedUntil: null, lastError: 'opted out (STOP)', updatedAt: at })
      .where(and(eq(messages.destination, phone), inArray(messages.status, ['scheduled', 'sending']), notInArray(messages.channel, ['email'])));
    return ids.length;
  });
}

async function applyWhatsAppEvents(store: Store, events: WhatsAppEvent[], logger: Logger) {
  for (const event of events) {
    if (event.type === 'status') {
      if (event.status === 'sent') continue;
      const changed = await recordDeliveryStatus(store, event.providerId, event.status, event.at, event.error ? `failed on whatsapp: ${event.error.code}` : null);
      if (changed && event.status === 'failed') await fallBackAfterDeliveryFailure(store, event.providerId, new Date());
    } else if (event.optOut) {
      const count = await withdrawConsent(store, event.from, 'whatsapp-inbound', event.at);
      logger.info('patient opted out of messages', { channel: 'whatsapp', appointments: count });
    }
  }
}

export interface WebhookDeps {
  store: Store;
  logger: Logger;
  whatsapp: WhatsAppConfig;
  sms: SmsConfig;
}

/** The webhook routes, with their own raw-body parser (mount before any other body parser). */
export function messagesWebhooks(deps: WebhookDeps): Router {
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: '512kb' });
  const { whatsapp, sms, store, logger } = deps;

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
    applyWhatsAppEvents(store, result.events, logger)
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
      if (!inbound.optOut) return void res.sendStatus(200);
      return void withdrawConsent(store, inbound.from, 'sms-inbound', inbound.at ?? new Date())
        .then((count) => {
          logger.info('patient opted out of messages', { channel: 'sms', appointments: count });
          res.sendStatus(200);
        })
        .catch(next);
    }
    if (!report || report.status === 'sent') return void res.sendStatus(200);
    recordDeliveryStatus(store, report.providerId, report.status, report.at ?? new Date(), report.status === 'failed' ? `failed on sms: ${report.detail}` : null)
      .then(async (changed) => {
        if (changed && report.status === 'failed') await fallBackAfterDeliveryFailure(store, report.providerId, new Date());
        res.sendStatus(200);
      })
      .catch(next);
  });

  return router;
}
