/**
 * WhatsApp through Meta's WhatsApp Business Cloud API, with plain fetch (ADR 0028).
 *
 * Sending (https://developers.facebook.com/documentation/business-messaging/whatsapp/ , the
 * send-message and template guides): business-initiated messages must be approved templates,
 *   POST <base>/<version>/<PHONE_NUMBER_ID>/messages
 *   Authorization: Bearer <access token>
 *   { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
 *     template: { name, language: { code }, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] } }
 * and the answer names the message: { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid…' }] }.
 * Free-form text (type: 'text') only inside the 24-hour customer-service window.
 *
 * Errors are Graph API error objects, { error: { message, type, code, error_data: { details }, fbtrace_id } };
 * Meta asks clients to act on `code`, not on the HTTP status or the title
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 * The codes and their meaning below are from that page (as restated with HTTP statuses at
 * https://docs.ycloud.com/en/api-reference/guides/whatsapp-platform/handle-whatsapp-errors).
 *
 * Webhooks (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages
 * and …/messages/status/): a GET with hub.mode=subscribe, hub.verify_token and hub.challenge
 * to verify the endpoint (answer the challenge only if the token is ours), then POSTs signed
 * with X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  checkMessage,
  classifyHttpStatus,
  DEFAULT_TIMEOUT_MS,
  isE164,
  isOptOut,
  isRecord,
  parseJsonBody,
  parseRetryAfter,
  postJson,
  type ChannelAdapter,
  type NotSent,
  type OutgoingMessage,
  type SendResult,
} from './channel';
import { renderCodeWhatsApp, renderWhatsApp } from './templates';

export const DEFAULT_WHATSAPP_API_BASE = 'https://graph.facebook.com';
/** Graph API v26.0 (released 2026-07-29; https://developers.facebook.com/docs/graph-api/changelog). */
export const DEFAULT_WHATSAPP_API_VERSION = 'v26.0';

export interface WhatsAppCloudOptions {
  accessToken: string;
  phoneNumberId: string;
  /** Scheme and host, e.g. https://graph.facebook.com (tests point it at a local fake). */
  apiBase?: string;
  apiVersion?: string;
  /** The language the templates were approved in, e.g. 'en' or 'en_GB'. */
  language?: string;
  /** The authentication template that carries one-time codes (default verification_code). */
  codeTemplate?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface WhatsAppCloudAdapter extends ChannelAdapter {
  /**
   * A free-form text reply. Refused without a request outside the 24-hour customer-service
   * window (Meta would answer 131047), so the caller falls back to a template.
   */
  sendText(input: { id: string; to: string; text: string; lastInboundAt: Date | null; now?: Date }, signal?: AbortSignal): Promise<SendResult>;
}

// --- Classifying Graph API errors -----------------------------------------------------------

/** Temporary: the same request may succeed later. */
const RETRY_CODES = new Map<number, string>([
  [1, 'API unknown: possible server error'],
  [2, 'API service temporarily unavailable'],
  [4, 'application request limit reached'],
  [80007, 'WhatsApp Business Account rate limit'],
  [130429, 'Cloud API throughput limit reached'],
  [131000, 'something went wrong'],
  [131016, 'service unavailable'],
  [131056, 'too many messages to this recipient in a short time (pair rate limit)'],
  [131057, 'business account in maintenance mode'],
  [133004, 'server temporarily unavailable'],
]);

/** Permanent for this message: a retry would get the same answer. */
const REFUSED_CODES = new Map<number, string>([
  [0, 'authentication failed'],
  [3, 'missing capability or permission'],
  [10, 'permission denied'],
  [100, 'invalid parameter'],
  [190, 'access token expired or invalid'],
  [368, 'account temporarily blocked for policy violations'],
  [130472, 'number is part of an experiment'],
  [130497, 'account may not message this country'],
  [131005, 'access denied'],
  [131008, 'required parameter missing'],
  [131009, 'parameter value not valid'],
  [131021, 'recipient cannot be the sender'],
  [131026, 'message undeliverable (not a WhatsApp number, old app, or terms not accepted)'],
  [131031, 'business account locked'],
  [131042, 'business payment issue'],
  [131045, 'phone number not registered'],
  [131047, 'more than 24 hours since the patient last wrote: a template is needed'],
  [131048, 'spam rate limit: quality of this number too low'],
  [131049, 'not delivered to keep the ecosystem healthy (per-user limit)'],
  [131051, 'unsupported message type'],
  [131052, 'media download error'],
  [131053, 'media upload error'],
]);

/** The recipient stopped this kind of message: record it as an opt-out. */
const OPT_OUT_CODES = new Map<number, string>([[131050, 'the patient stopped messages from this business']]);

/**
 * A Graph API error as a result: by `code` first (Meta's advice), then by HTTP status for a
 * code we do not know. The 132000–132999 range is template errors (param count mismatch,
 * template missing, paused or disabled, text too long…): never retried.
 */
export function classifyGraphError(status: number, body: unknown, retryAfter: string | null = null): NotSent {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const code = error && typeof error.code === 'number' ? error.code : null;
  const details = error && isRecord(error.error_data) && typeof error.error_data.details === 'string' ? error.error_data.details : null;
  const message = error && typeof error.message === 'string' ? error.message : null;
  const describe = (meaning: string) => [`WhatsApp ${code}: ${meaning}`, details ?? message].filter(Boolean).join(' — ');
  if (code === null) return classifyHttpStatus(status, retryAfter);
  const codeText = String(code);
  const retry = RETRY_CODES.get(code);
  if (retry) return { outcome: 'retry', reason: describe(retry), code: codeText, retryAfterMs: parseRetryAfter(retryAfter) };
  const optOut = OPT_OUT_CODES.get(code);
  if (optOut) return { outcome: 'refused', reason: describe(optOut), code: codeText, optedOut: true };
  const refused = REFUSED_CODES.get(code) ?? (code >= 132000 && code < 133000 ? 'template error (not approved, paused, or parameters do not match)' : undefined);
  if (refused) return { outcome: 'refused', reason: describe(refused), code: codeText };
  // 200–299: API permission errors.
  if (code >= 200 && code < 300) return { outcome: 'refused', reason: describe('API permission not granted'), code: codeText };
  const byStatus = classifyHttpStatus(status, retryAfter);
  return { ...byStatus, reason: describe(byStatus.outcome === 'retry' ? 'unknown, temporary by its HTTP status' : 'unknown, permanent by its HTTP status'), code: codeText };
}

// --- The adapter --------------------------------------------------------------------------------

/** "+2348031234567" → "2348031234567": the form Meta's examples and its wa_id use. */
const toWaNumber = (e164: string) => e164.replace(/^\+/, '');

export function whatsAppCloudAdapter(options: WhatsAppCloudOptions): WhatsAppCloudAdapter {
  const base = (options.apiBase ?? DEFAULT_WHATSAPP_API_BASE).replace(/\/+$/, '');
  const url = `${base}/${options.apiVersion ?? DEFAULT_WHATSAPP_API_VERSION}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;

  async function post(body: Record<string, unknown>, signal?: AbortSignal): Promise<SendResult> {
    const answer = await postJson(doFetch, url, { headers: { authorization: `Bearer ${options.accessToken}` }, body, timeoutMs, signal });
    if ('outcome' in answer) return answer;
    const { response, body: json } = answer;
    if (!response.ok) return classifyGraphError(response.status, json, response.headers.get('retry-after'));
    const first = isRecord(json) && Array.isArray(json.messages) ? (json.messages[0] as unknown) : null;
    const id = isRecord(first) && typeof first.id === 'string' && first.id ? first.id : null;
    // A 2xx without a message id is not Meta's answer (a proxy, a captive portal): try again.
    if (!id) return { outcome: 'retry', reason: `HTTP ${response.status} without a message id` };
    return { outcome: 'sent', providerId: id };
  }

  /** A template message's body: a visit's message or a one-time code. */
  const templateMessage = (message: { id: string; to: string }, template: string, components: readonly unknown[]) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: toWaNumber(message.to),
    type: 'template',
    // Comes back in the status webhooks, so a report finds its message without a lookup by wamid.
    biz_opaque_callback_data: message.id.slice(0, 512),
    template: { name: template, language: { code: options.language ?? 'en' }, components },
  });

  return {
    channel: 'whatsapp',
    provider: 'whatsapp-cloud',
    async send(message: OutgoingMessage, signal?: AbortSignal) {
      const invalid = checkMessage(message);
      if (invalid) return invalid;
      const rendered = renderWhatsApp(message.kind, message.variables);
      return post(templateMessage(message, rendered.template, [{ type: 'body', parameters: rendered.parameters.map((text) => ({ type: 'text', text })) }, ...rendered.buttons]), signal);
    },
    async sendCode(message, signal) {
      if (!isE164(message.to)) return { outcome: 'refused', reason: 'not an E.164 phone number' };
      const rendered = renderCodeWhatsApp(message.code, message.minutes, options.codeTemplate);
      return post(templateMessage(message, rendered.template, rendered.components), signal);
    },
    async sendReply({ id, to, text, inReplyTo, now = new Date() }, signal) {
      if (!isE164(to)) return { outcome: 'refused', reason: 'not an E.164 phone number' };
      if (!canSendFreeForm(inReplyTo.at, now)) return { outcome: 'refused', reason: 'outside the 24-hour customer-service window: use a template', code: '131047' };
      const body = text.trim();
      if (!body) return { outcome: 'refused', reason: 'empty text' };
      // `context.message_id` quotes the patient's message above the answer.
      return post(
        { messaging_product: 'whatsapp', recipient_type: 'individual', to: toWaNumber(to), context: { message_id: inReplyTo.providerId }, type: 'text', biz_opaque_callback_data: id.slice(0, 512), text: { body: body.slice(0, 4096), preview_url: false } },
        signal,
      );
    },
    async sendText({ id, to, text, lastInboundAt, now = new Date() }, signal) {
      if (!isE164(to)) return { outcome: 'refused', reason: 'not an E.164 phone number' };
      if (!canSendFreeForm(lastInboundAt, now)) return { outcome: 'refused', reason: 'outside the 24-hour customer-service window: use a template', code: '131047' };
      const body = text.trim();
      if (!body) return { outcome: 'refused', reason: 'empty text' };
      return post(
        { messaging_product: 'whatsapp', recipient_type: 'individual', to: toWaNumber(to), type: 'text', biz_opaque_callback_data: id.slice(0, 512), text: { body: body.slice(0, 4096), preview_url: false } },
        signal,
      );
    },
  };
}

/** The customer-service window: free-form messages only within 24 hours of the patient's last message. */
export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether a free-form (non-template) message may be sent now, given when the patient last wrote. */
export function canSendFreeForm(lastInboundAt: Date | null | undefined, now: Date = new Date()): boolean {
  if (!lastInboundAt) return false;
  const since = now.getTime() - lastInboundAt.getTime();
  return since >= 0 && since < CUSTOMER_SERVICE_WINDOW_MS;
}

// --- Webhooks -----------------------------------------------------------------------------------

export type WebhookAnswer = { status: 200; body: string } | { status: 403; body: string };

/**
 * The endpoint's verification GET: the challenge comes back (200, as plain text) only when
 * hub.mode is "subscribe" and hub.verify_token is ours; anything else gets 403, so nobody can
 * subscribe another app to this address.
 */
export function answerVerification(query: Record<string, unknown>, verifyToken: string): WebhookAnswer {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !challenge) return { status: 403, body: '' };
  if (!safeEqual(token, verifyToken)) return { status: 403, body: '' };
  return { status: 200, body: challenge };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether X-Hub-Signature-256 is "sha256=" + the HMAC-SHA256 of exactly these bytes with the app secret. */
export function verifySignature(rawBody: Buffer | string, header: string | null | undefined, appSecret: string): boolean {
  if (!header || !appSecret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type WhatsAppStatus = 'sent' | 'delivered' | 'read' | 'failed';

export type WhatsAppEvent =
  | {
      type: 'status';
      /** The wamid the send returned. */
      providerId: string;
      status: WhatsAppStatus;
      at: Date;
      /** Our message id, from biz_opaque_callback_data. */
      reference: string | null;
      /** For 'failed': Meta's code and title (131026 undeliverable, 131050 opted out…). */
      error: { code: number; title: string } | null;
    }
  | {
      type: 'inbound';
      providerId: string;
      /** E.164. */
      from: string;
      at: Date;
      /** Text of a text message, or the label of the button tapped; null for other types (images, locations…). */
      text: string | null;
      /** WhatsApp's message type: 'text', 'button' (a template's quick reply), 'interactive', 'image'… */
      messageType: string;
      /** A quick reply's payload: `button.payload` (a template's button) or `interactive.button_reply.id`. */
      payload: string | null;
      /** The wamid of the message this one replies to (`context.id`): a button's always, a typed reply's when quoted. */
      contextId: string | null;
      /** STOP, UNSUBSCRIBE or STOP ALL: the patient leaves WhatsApp messages. */
      optOut: boolean;
    };

export type WebhookResult =
  | { ok: true; status: 200; events: WhatsAppEvent[] }
  /** The HTTP layer answers 401 and changes nothing. */
  | { ok: false; status: 401; reason: 'missing signature' | 'bad signature' }
  /** Signed by Meta but not JSON: answer 400 (Meta will not resend it differently). */
  | { ok: false; status: 400; reason: 'not JSON' };

const STATUSES = new Set<WhatsAppStatus>(['sent', 'delivered', 'read', 'failed']);

const epoch = (value: unknown): Date | null => {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? new Date(n * 1000) : null;
};

/**
 * A webhook POST: the signature first, over the raw bytes (parsing and re-serialising would
 * change them), and only then the events. Nothing is parsed from an unsigned body.
 */
export function handleWebhook(rawBody: Buffer | string, signatureHeader: string | null | undefined, appSecret: string): WebhookResult {
  if (!signatureHeader) return { ok: false, status: 401, reason: 'missing signature' };
  if (!verifySignature(rawBody, signatureHeader, appSecret)) return { ok: false, status: 401, reason: 'bad signature' };
  const payload = parseJsonBody(rawBody);
  if (payload === undefined) return { ok: false, status: 400, reason: 'not JSON' };
  return { ok: true, status: 200, events: parseEvents(payload) };
}

/** The status updates and inbound messages in a verified payload; anything else is ignored. */
export function parseEvents(payload: unknown): WhatsAppEvent[] {
  const events: WhatsAppEvent[] = [];
  if (!isRecord(payload) || payload.object !== 'whatsapp_business_account' || !Array.isArray(payload.entry)) return events;
  for (const entry of payload.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isRecord(change) || change.field !== 'messages' || !isRecord(change.value)) continue;
      const value = change.value;
      for (const s of Array.isArray(value.statuses) ? value.statuses : []) {
        if (!isRecord(s) || typeof s.id !== 'string' || typeof s.status !== 'string' || !STATUSES.has(s.status as WhatsAppStatus)) continue;
        const at = epoch(s.timestamp);
        if (!at) continue;
        const firstError = Array.isArray(s.errors) && isRecord(s.errors[0]) ? s.errors[0] : null;
        events.push({
          type: 'status',
          providerId: s.id,
          status: s.status as WhatsAppStatus,
          at,
          reference: typeof s.biz_opaque_callback_data === 'string' ? s.biz_opaque_callback_data : null,
          error:
            firstError && typeof firstError.code === 'number'
              ? { code: firstError.code, title: typeof firstError.title === 'string' ? firstError.title : typeof firstError.message === 'string' ? firstError.message : '' }
              : null,
        });
      }
      for (const m of Array.isArray(value.messages) ? value.messages : []) {
        if (!isRecord(m) || typeof m.id !== 'string' || typeof m.from !== 'string') continue;
        const at = epoch(m.timestamp);
        if (!at) continue;
        const typed = m.type === 'text' && isRecord(m.text) && typeof m.text.body === 'string' ? m.text.body : null;
        const reply = replyOf(m);
        const from = `+${m.from.replace(/\D/g, '')}`;
        const contextId = isRecord(m.context) && typeof m.context.id === 'string' && m.context.id ? m.context.id : null;
        events.push({
          type: 'inbound',
          providerId: m.id,
          from,
          at,
          text: typed ?? reply?.text ?? null,
          messageType: typeof m.type === 'string' ? m.type : 'unknown',
          payload: reply?.payload ?? null,
          contextId,
          optOut: typed !== null && isOptOut(typed),
        });
      }
    }
  }
  return events;
}

/**
 * A tapped button, from the two shapes Meta documents (webhooks reference, messages: "button"
 * and "interactive"): a template's quick reply, `{ type: 'button', button: { payload, text } }`;
 * an interactive message's reply button, `{ type: 'interactive', interactive: { type:
 * 'button_reply', button_reply: { id, title } } }`. Both carry `context: { from, id }`.
 */
function replyOf(m: Record<string, unknown>): { payload: string | null; text: string | null } | null {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  if (m.type === 'button' && isRecord(m.button)) return { payload: str(m.button.payload), text: str(m.button.text) };
  if (m.type === 'interactive' && isRecord(m.interactive) && m.interactive.type === 'button_reply' && isRecord(m.interactive.button_reply)) {
    return { payload: str(m.interactive.button_reply.id), text: str(m.interactive.button_reply.title) };
  }
  return null;
}
