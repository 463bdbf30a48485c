/**
 * The one interface behind which WhatsApp, SMS and e-mail sit (issue 32).
 *
 * The queue/worker hands an adapter one `OutgoingMessage` and gets back a classified
 * `SendResult`: it never has to know a provider's status codes or error objects.
 *  - `sent`: the provider took the message (its id comes back for delivery reports).
 *  - `retry`: nothing permanent happened (timeout, network error, 5xx, 429, throttling):
 *    try the same channel again later, with back-off.
 *  - `refused`: the provider will not take this message however often it is asked (bad
 *    number, opted out, template not approved, bad credentials): never retried; the caller
 *    moves on to the next channel so the patient still hears.
 * Adapters never throw for a provider's answer or a network failure; a bug may still throw.
 */

export const CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A visit's five, and the waitlist's two (issue 46): a time offered, and that time gone to another. */
export const MESSAGE_KINDS = ['confirmation', 'reminder', 'change', 'cancellation', 'no_show', 'offer', 'offer_gone'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Everything a message may say. Deliberately no free text: a message can only carry the
 * time, the practitioner, the clinic's name, address and phone, the reference and the manage
 * link, so no health detail (reason for the visit, condition, treatment) can reach a
 * notification by accident (NDPA 2023; lock screens and shared phones show previews).
 * Plain strings, so the whole object can sit in a queue row as JSON.
 */
export interface MessageVariables {
  /** The patient's first name only. */
  firstName: string;
  clinicName: string;
  /** The visit's date and time in words, Abuja time: "Tuesday 2 December at 10:30 am". */
  when: string;
  /** The same, short, for SMS: "Tue 2 Dec, 10:30am". */
  whenShort: string;
  /** "Dr Chidi Okafor". */
  practitioner: string;
  /** Absolute https link where the patient confirms, moves or cancels the visit. */
  manageLink: string;
  /** The clinic's phone as people dial it: "0803 123 4567" or "+234 803 123 4567". */
  clinicPhone: string;
  /** The clinic's address in one line (e-mail only; too long for one SMS). */
  address?: string;
  /** The booking reference the patient can quote on the phone. */
  reference?: string;
  /**
   * A first visit's new-patient form while it is not filled in (absolute https link): the
   * confirmation and the day-before reminder ask for it.
   */
  formLink?: string;
  /** A waitlist offer's last moment to take it, Abuja time: "10:45 am". */
  until?: string;
  /**
   * A course's confirmation (issue 46): every visit's date, compactly ("Tue 1 Dec, Fri 4 Dec …
   * at 2:00pm"), and how many visits. Only on the course's one confirmation.
   */
  course?: { dates: string; count: number };
}

export interface OutgoingMessage {
  /**
   * The caller's id for this message (e.g. the queue row's id or "<appointment>:<kind>"):
   * the idempotency key on our side, logged and written to the sink, and sent to WhatsApp as
   * `biz_opaque_callback_data` so its status webhooks name it.
   */
  id: string;
  channel: Channel;
  /** E.164 (+2348031234567) for WhatsApp and SMS, an e-mail address for e-mail. */
  to: string;
  kind: MessageKind;
  variables: MessageVariables;
}

export type SendResult =
  | { outcome: 'sent'; providerId: string }
  | {
      outcome: 'retry';
      reason: string;
      /** The provider's own error code, when it gave one (for logs and alerts). */
      code?: string;
      /** From a Retry-After header: wait at least this long. */
      retryAfterMs?: number;
    }
  | {
      outcome: 'refused';
      reason: string;
      code?: string;
      /** The recipient opted out of this channel: record it, do not ask again. */
      optedOut?: boolean;
    };

/** A result that is not a success: what the classifiers of errors return. */
export type NotSent = Exclude<SendResult, { outcome: 'sent' }>;

/**
 * A one-time code to a phone (issue 44): the booking proves the visitor holds the phone before
 * it books. No visit in it, no name: the code, and how long it lasts.
 */
export interface CodeMessage {
  id: string;
  channel: 'whatsapp' | 'sms';
  /** E.164. */
  to: string;
  /** The digits. */
  code: string;
  /** Minutes it lasts. */
  minutes: number;
}

/**
 * The answer to a patient's reply (issue 46, ADR 0050): plain text on the channel they wrote on,
 * at once. On WhatsApp a free-form message, allowed for 24 hours after theirs (it quotes it).
 */
export interface ReplyAnswer {
  id: string;
  channel: 'whatsapp' | 'sms';
  /** E.164. */
  to: string;
  text: string;
  /** Their message: its provider's id and when it came. */
  inReplyTo: { providerId: string; at: Date };
  /** The sender's clock (the worker's), for WhatsApp's 24-hour window. */
  now?: Date;
}

export interface ChannelAdapter {
  readonly channel: Channel;
  /** Which implementation answers: 'whatsapp-cloud', 'termii', 'email', 'sink'. For logs. */
  readonly provider: string;
  /** Sends a one-time code (WhatsApp and SMS only), at once and whatever the hour: the visitor is waiting for it. */
  sendCode?(message: CodeMessage, signal?: AbortSignal): Promise<SendResult>;
  /**
   * Sends one message. `signal` lets the caller stop it (shutdown); each adapter also applies
   * its own per-request timeout. Resolves with a classified result; does not reject.
   */
  send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendResult>;
  /** Answers a patient's reply (WhatsApp and SMS only). */
  sendReply?(message: ReplyAnswer, signal?: AbortSignal): Promise<SendResult>;
}

/** Per-request timeout when the configuration gives none. */
export const DEFAULT_TIMEOUT_MS = 10_000;

const E164 = /^\+[1-9]\d{7,14}$/;
// Deliberately loose (the booking form validates addresses): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isE164 = (to: string) => E164.test(to);
export const isEmailAddress = (to: string) => to.length <= 254 && EMAIL.test(to);

/** Whether `to` is a destination the channel can use (E.164 for phones, an address for e-mail). */
export function isValidDestination(channel: Channel, to: string | null | undefined): to is string {
  if (!to) return false;
  return channel === 'email' ? isEmailAddress(to) : isE164(to);
}

/**
 * Checks a message before any request is made: a malformed destination or a variable that is
 * missing is the caller's mistake and will not get better with retries, so it is refused.
 */
export function checkMessage(message: OutgoingMessage): NotSent | null {
  if (!isValidDestination(message.channel, message.to)) {
    return { outcome: 'refused', reason: message.channel === 'email' ? 'not an e-mail address' : 'not an E.164 phone number' };
  }
  const v = message.variables;
  for (const key of ['firstName', 'clinicName', 'when', 'whenShort', 'practitioner', 'manageLink', 'clinicPhone'] as const) {
    if (typeof v[key] !== 'string' || v[key].trim() === '') return { outcome: 'refused', reason: `variable ${key} is empty` };
  }
  if (!/^https?:\/\/\S+$/.test(v.manageLink)) return { outcome: 'refused', reason: 'manageLink is not an absolute URL' };
  return null;
}

/** The caller's signal (if any) and the adapter's own timeout, as one signal. */
export function requestSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * A failed fetch (no HTTP answer) is always worth another try: the provider may never have
 * seen it. A timeout is the ambiguous case: the provider may have taken the message and the
 * answer was lost, so a retry can deliver it twice; a second reminder is a lesser harm than
 * none, and neither provider offers an idempotency key to prevent it.
 */
export function classifyNetworkError(error: unknown, caller?: AbortSignal): NotSent {
  const name = error instanceof Error ? error.name : '';
  if (caller?.aborted) return { outcome: 'retry', reason: 'stopped by the caller' };
  if (name === 'TimeoutError') return { outcome: 'retry', reason: 'timeout: no answer in time' };
  if (name === 'AbortError') return { outcome: 'retry', reason: 'aborted' };
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}` : '';
  return { outcome: 'retry', reason: `network error${cause}` };
}

/** Retry-After in seconds or as an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The class of an HTTP answer whose body told us nothing more specific. */
export function classifyHttpStatus(status: number, retryAfter?: string | null): NotSent {
  if (status === 429) return { outcome: 'retry', reason: 'HTTP 429 too many requests', code: 'http-429', retryAfterMs: parseRetryAfter(retryAfter ?? null) };
  if (status >= 500) return { outcome: 'retry', reason: `HTTP ${status} provider error`, code: `http-${status}`, retryAfterMs: parseRetryAfter(retryAfter ?? null) };
  // 408 is a timeout told by the server: the request never took effect.
  if (status === 408) return { outcome: 'retry', reason: 'HTTP 408 request timeout', code: 'http-408' };
  return { outcome: 'refused', reason: `HTTP ${status}`, code: `http-${status}` };
}

/**
 * Reads a JSON body: null when it is not JSON (a proxy's HTML page, an empty body). A body that
 * stops arriving (timeout, reset) still rejects, so it is classified as the network error it is.
 */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A phone number for logs: all but the last three digits hidden. A developer can still tell
 * two test numbers apart; a log reader cannot call the patient.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 3) return '***';
  return `${phone.startsWith('+') ? '+' : ''}${'*'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}

/** An e-mail address for logs: the first letter and the domain. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

export const maskDestination = (channel: Channel, to: string) => (channel === 'email' ? maskEmail(to) : maskPhone(to));

/**
 * POSTs JSON to a provider and reads its JSON answer, within the timeout: the answer, or the
 * network failure classified (a timeout or a dropped connection is worth another try).
 */
export async function postJson(
  doFetch: typeof fetch,
  url: string,
  init: { headers: Record<string, string>; body: unknown; timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<{ response: Response; body: unknown } | NotSent> {
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...init.headers },
      body: JSON.stringify(init.body),
      signal: requestSignal(init.timeoutMs, init.signal),
    });
    return { response, body: await readJson(response) };
  } catch (error) {
    return classifyNetworkError(error, init.signal);
  }
}

/** A webhook's raw body as JSON, or undefined when it is not JSON (the caller answers 400). */
export function parseJsonBody(rawBody: Buffer | string): unknown {
  try {
    return JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const OPT_OUT_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'STOP ALL', 'STOPALL']);

/**
 * Whether an inbound text (WhatsApp or SMS) is an opt-out: the whole message (ignoring case, spaces and
 * punctuation) is STOP, UNSUBSCRIBE or STOP ALL, so "stop" in a sentence does not count.
 */
export const isOptOut = (text: string) =>
  OPT_OUT_WORDS.has(
    text
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N} ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toUpperCase(),
  );
