/**
 * SMS through Termii's REST API, with plain fetch (ADR 0028).
 *
 * Sending (https://developer.termii.com/messaging-api , "Send message"):
 *   POST <base>/api/sms/send, JSON
 *   { api_key, to: '2348031234567' (international format), from: <sender ID, 3–11 characters>,
 *     sms, type: 'plain', channel: 'dnd' }
 * The dnd route is Termii's transactional one: it delivers to numbers on Do-Not-Disturb too,
 * and Termii recommends it for transactional messages (the generic route is for promotions).
 * The account's base URL is shown on its dashboard (e.g. https://api.ng.termii.com).
 * Success: { code: 'ok', message_id, message: 'Successfully Sent', balance, user }.
 * Errors (https://developers.termii.com/error/): standard HTTP codes; 400/401/403/404/405/422
 * for a request that fails with the information given (bad key, unregistered sender ID, route
 * not set up, insufficient balance…), 429 too many requests, 5xx on Termii's side.
 *
 * Delivery reports (https://developer.termii.com/events-and-reports): a POST to the URL set in
 * the dashboard, signed with X-Termii-Signature, an HMAC-SHA512 of the payload with the
 * account's secret key; its `status` is "Delivered", "DND Active on Phone Number", "Message
 * Failed", "Message Sent" (first state), among others.
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
  postJson,
  type ChannelAdapter,
  type NotSent,
  type OutgoingMessage,
  type SendResult,
} from './channel';
import { renderCodeSms, renderSms } from './templates';

export const DEFAULT_TERMII_API_BASE = 'https://api.ng.termii.com';

/** Termii: an alphanumeric sender ID of 3 to 11 characters, registered on the account. */
export const SENDER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9 ]{1,9}[A-Za-z0-9]$/;

export interface TermiiOptions {
  apiKey: string;
  senderId: string;
  /** The account's base URL (scheme and host); tests point it at a local fake. */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const reasonOf = (body: unknown) =>
  isRecord(body) && typeof body.message === 'string' ? body.message : isRecord(body) && typeof body.error === 'string' ? body.error : null;

/** A Termii answer that is not a success. */
export function classifyTermiiError(status: number, body: unknown, retryAfter: string | null = null): NotSent {
  const result = classifyHttpStatus(status, retryAfter);
  const detail = reasonOf(body);
  return { ...result, reason: detail ? `Termii HTTP ${status}: ${detail}` : `Termii ${result.reason}` };
}

export function termiiAdapter(options: TermiiOptions): ChannelAdapter {
  const url = `${(options.apiBase ?? DEFAULT_TERMII_API_BASE).replace(/\/+$/, '')}/api/sms/send`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  /** One SMS on the dnd (transactional) route, its answer classified. */
  async function sendSms(to: string, sms: string, signal?: AbortSignal): Promise<SendResult> {
    const answer = await postJson(doFetch, url, {
      headers: {},
      body: { api_key: options.apiKey, to: to.replace(/^\+/, ''), from: options.senderId, sms, type: 'plain', channel: 'dnd' },
      timeoutMs,
      signal,
    });
    if ('outcome' in answer) return answer;
    const { response, body } = answer;
    if (!response.ok) return classifyTermiiError(response.status, body, response.headers.get('retry-after'));
    const id = isRecord(body) ? body.message_id_str ?? body.message_id : undefined;
    if ((typeof id === 'string' && id) || typeof id === 'number') return { outcome: 'sent', providerId: String(id) };
    // A 2xx that says it failed ({ code: 'error', message: … }) is Termii's refusal; a 2xx
    // that says nothing is not Termii's answer at all (a proxy): try again.
    if (isRecord(body) && typeof body.code === 'string' && body.code !== 'ok') {
      return { outcome: 'refused', reason: `Termii: ${reasonOf(body) ?? body.code}`, code: body.code };
    }
    return { outcome: 'retry', reason: `Termii HTTP ${response.status} without a message_id` };
  }
  return {
    channel: 'sms',
    provider: 'termii',
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendResult> {
      const invalid = checkMessage(message);
      if (invalid) return invalid;
      return sendSms(message.to, renderSms(message.kind, message.variables), signal);
    },
    async sendCode(message, signal) {
      if (!isE164(message.to)) return { outcome: 'refused', reason: 'not an E.164 phone number' };
      return sendSms(message.to, renderCodeSms(message.code, message.minutes), signal);
    },
    async sendReply(message, signal) {
      if (!isE164(message.to)) return { outcome: 'refused', reason: 'not an E.164 phone number' };
      if (!message.text.trim()) return { outcome: 'refused', reason: 'empty text' };
      return sendSms(message.to, message.text.trim(), signal);
    },
  };
}

// --- Delivery reports ---------------------------------------------------------------------------

/**
 * Whether X-Termii-Signature is the HMAC-SHA512 of exactly these bytes with the secret.
 * Termii's page says "HMAC SHA512 signature of the event payload signed with your secret key"
 * but not the encoding: hex is assumed (128 digits; an optional "sha512=" prefix is allowed).
 * To be checked against a real report before the webhook is switched on (ADR 0028).
 */
export function verifyTermiiSignature(rawBody: Buffer | string, header: string | null | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const value = header.trim().replace(/^sha512=/i, '');
  if (!/^[0-9a-f]{128}$/i.test(value)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  const given = Buffer.from(value, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type SmsStatus = 'sent' | 'delivered' | 'failed';

export interface TermiiReport {
  providerId: string;
  status: SmsStatus;
  /** Termii's own words, e.g. "DND Active on Phone Number". */
  detail: string;
  /** E.164. */
  to: string | null;
  at: Date | null;
}

/** An SMS the patient sent to the clinic's number (Termii's "inbound" event). */
export interface TermiiInbound {
  /** Termii's id of the inbound SMS (a replay carries the same), or null when it names none. */
  providerId: string | null;
  /** E.164 of the patient's phone. */
  from: string;
  /** STOP, UNSUBSCRIBE or STOP ALL as the whole message: the patient leaves SMS and WhatsApp. */
  optOut: boolean;
  at: Date | null;
  /** What they wrote (`message`): `1` confirms their next visit, `2` cancels it (ADR 0050). */
  text: string;
}

export type TermiiWebhookResult =
  | { ok: true; status: 200; report: TermiiReport | null; inbound?: TermiiInbound }
  | { ok: false; status: 401; reason: 'missing signature' | 'bad signature' | 'no secret configured' }
  | { ok: false; status: 400; reason: 'not JSON' };

/** Termii's status words, as one of ours. */
export function termiiStatus(raw: string): SmsStatus {
  const s = raw.toLowerCase();
  if (s.startsWith('delivered')) return 'delivered';
  if (s === 'message sent' || s === 'sent' || s.startsWith('message sent')) return 'sent';
  // "DND Active on Phone Number", "Message Failed", "Rejected", "Expired", "Received"…: not on the handset.
  return 'failed';
}

/**
 * "2020-12-16 11:34:36": Termii's examples give no zone; taken as Lagos time (its home).
 * "2020-12-16T10:51:03.000000Z" (the inbound example) carries its zone and is read as such.
 */
function parseSentAt(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const zoned = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(value.trim());
  if (zoned) return new Date(`${zoned[1]}T${zoned[2]}Z`);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 1, mi, s));
}

/**
 * A webhook POST: refused (401) unless signed with the secret; then the outbound message's
 * delivery report, or an inbound SMS (developer.termii.com/incoming: type "inbound", sender,
 * message, received_at), or neither (device notices and anything else: report null).
 */
export function handleTermiiWebhook(rawBody: Buffer | string, signatureHeader: string | null | undefined, secret: string | null): TermiiWebhookResult {
  if (!secret) return { ok: false, status: 401, reason: 'no secret configured' };
  if (!signatureHeader) return { ok: false, status: 401, reason: 'missing signature' };
  if (!verifyTermiiSignature(rawBody, signatureHeader, secret)) return { ok: false, status: 401, reason: 'bad signature' };
  const body = parseJsonBody(rawBody);
  if (body === undefined) return { ok: false, status: 400, reason: 'not JSON' };
  if (isRecord(body) && body.type === 'inbound') {
    const sender = typeof body.sender === 'string' ? body.sender.replace(/\D/g, '') : '';
    const from = `+${sender}`;
    if (!isE164(from)) return { ok: true, status: 200, report: null };
    const text = typeof body.message === 'string' ? body.message : '';
    const id = body.message_id_str ?? body.message_id ?? body.id;
    const providerId = (typeof id === 'string' && id) || typeof id === 'number' ? String(id).slice(0, 200) : null;
    return { ok: true, status: 200, report: null, inbound: { providerId, from, optOut: isOptOut(text), at: parseSentAt(body.received_at), text: text.slice(0, 2000) } };
  }
  if (!isRecord(body) || typeof body.status !== 'string') return { ok: true, status: 200, report: null };
  const id = body.message_id_str ?? body.message_id;
  if (!((typeof id === 'string' && id) || typeof id === 'number')) return { ok: true, status: 200, report: null };
  if (typeof body.type === 'string' && body.type !== 'outbound') return { ok: true, status: 200, report: null };
  const receiver = typeof body.receiver === 'string' ? body.receiver.replace(/\D/g, '') : '';
  return {
    ok: true,
    status: 200,
    report: { providerId: String(id), status: termiiStatus(body.status), detail: body.status, to: receiver ? `+${receiver}` : null, at: parseSentAt(body.sent_at) },
  };
}
