/**
 * Paystack's REST API as the deposits use it (issue 48, ADR 0048): plain fetch on the
 * documented endpoints, no SDK (@paystack/paystack-sdk asks for Node 22; ours is 20, and four
 * calls need no library).
 *  - POST /transaction/initialize  {email, amount (kobo), currency, reference, callback_url, metadata}
 *  - GET  /transaction/verify/:reference
 *  - POST /refund                  {transaction (reference or id), amount (kobo, optional: all), merchant_note}
 *  - webhooks: `x-paystack-signature`, the HMAC-SHA512 of the raw body with the secret key (hex).
 * Every call carries `Authorization: Bearer <secret key>` and a deadline. A network failure, a
 * timeout or a 5xx is `unreachable` (try later); a 4xx with Paystack's `{status:false, message}`
 * is `refused` (this request will never pass).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PAYSTACK_API = 'https://api.paystack.co';

export class PaystackError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PaystackError';
  }
}

/** A transaction as GET /transaction/verify/:reference reports it (the fields we check). */
export interface VerifiedTransaction {
  id: number;
  /** success, failed, abandoned, ongoing, pending, processing, queued, reversed. */
  status: string;
  reference: string;
  /** Kobo. */
  amount: number;
  currency: string;
  paidAt: string | null;
  channel: string | null;
}

export interface RefundAnswer {
  id: string | null;
  /** pending, processing, processed, failed… */
  status: string;
  amount: number;
  expectedAt: string | null;
}

export interface InitializeInput {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  /** Where Paystack's "cancel payment" goes (metadata.cancel_action). */
  cancelUrl: string;
  metadata?: Record<string, unknown>;
}

export interface PaystackClient {
  readonly kind: 'paystack' | 'stand-in';
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  verify(reference: string): Promise<VerifiedTransaction>;
  refund(input: { reference: string; amountKobo?: number; merchantNote?: string }): Promise<RefundAnswer>;
  /** Whether `signature` is the webhook's HMAC-SHA512 of these exact bytes with the secret key. */
  checkSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

export interface PaystackOptions {
  secretKey: string;
  baseUrl?: string;
  /** The stand-in passes its own, answering in process; tests a fake server's. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  kind?: PaystackClient['kind'];
}

export const signatureOf = (secretKey: string, rawBody: Buffer | string) => createHmac('sha512', secretKey).update(rawBody).digest('hex');

export function checkSignature(secretKey: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signatureOf(secretKey, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

export function paystackClient(options: PaystackOptions): PaystackClient {
  const base = (options.baseUrl ?? PAYSTACK_API).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${options.secretKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaystackError('unreachable', `Paystack did not answer: ${(error as Error).message}`);
    }
    let json: Record<string, unknown> | null;
    try {
      json = (await response.json()) as Record<string, unknown>;
    } catch {
      json = null;
    }
    if (response.status >= 500 || !json) throw new PaystackError('unreachable', `Paystack answered ${response.status}`, response.status);
    if (!response.ok || json.status !== true) throw new PaystackError('refused', str(json.message) ?? `Paystack refused (${response.status})`, response.status);
    return json;
  }

  const dataOf = (json: Record<string, unknown>) => (json.data && typeof json.data === 'object' ? (json.data as Record<string, unknown>) : {});

  return {
    kind: options.kind ?? 'paystack',
    async initialize(input) {
      if (!Number.isInteger(input.amountKobo) || input.amountKobo <= 0) throw new PaystackError('refused', 'The amount must be whole kobo');
      const data = dataOf(
        await call('POST', '/transaction/initialize', {
          email: input.email,
          amount: input.amountKobo,
          currency: 'NGN',
          reference: input.reference,
          callback_url: input.callbackUrl,
          channels: ['card', 'bank', 'ussd', 'bank_transfer'],
          metadata: { ...input.metadata, cancel_action: input.cancelUrl },
        }),
      );
      const authorizationUrl = str(data.authorization_url);
      if (!authorizationUrl || !/^https?:\/\//.test(authorizationUrl)) throw new PaystackError('unreachable', 'Paystack gave no checkout address');
      return { authorizationUrl, accessCode: str(data.access_code) ?? '', reference: str(data.reference) ?? input.reference };
    },
    async verify(reference) {
      const data = dataOf(await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`));
      return {
        id: num(data.id) ?? 0,
        status: str(data.status) ?? 'unknown',
        reference: str(data.reference) ?? '',
        amount: num(data.amount) ?? -1,
        currency: str(data.currency) ?? '',
        paidAt: str(data.paid_at) ?? str(data.paidAt),
        channel: str(data.channel),
      };
    },
    async refund(input) {
      if (input.amountKobo !== undefined && (!Number.isInteger(input.amountKobo) || input.amountKobo <= 0)) throw new PaystackError('refused', 'The amount must be whole kobo');
      const data = dataOf(await call('POST', '/refund', { transaction: input.reference, ...(input.amountKobo !== undefined ? { amount: input.amountKobo } : {}), currency: 'NGN', ...(input.merchantNote ? { merchant_note: input.merchantNote } : {}) }));
      return { id: data.id === undefined || data.id === null ? null : String(data.id), status: str(data.status) ?? 'pending', amount: num(data.amount) ?? input.amountKobo ?? 0, expectedAt: str(data.expected_at) };
    },
    checkSignature: (rawBody, signature) => checkSignature(options.secretKey, rawBody, signature),
  };
}
