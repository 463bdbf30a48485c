/**
 * A local stand-in for Paystack (issue 48, ADR 0048): the embedded default for `npm run dev`
 * and the tests, so the whole deposit flow runs offline. It follows Paystack's documented API
 * (the same paths, fields, `{status, message, data}` envelopes and refusals as paystack.ts
 * uses) in memory:
 *  - API, answered in process through `fetch` (handed to paystackClient):
 *    POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund;
 *  - the checkout page, on the app at STAND_IN_PATH/checkout/:token (the access code), with Pay, Fail and
 *    Cancel buttons: Pay marks the transaction paid, sends the signed `charge.success` webhook
 *    (HMAC-SHA512 of the body with the secret key, as Paystack signs) and returns to the
 *    callback URL; Fail marks it failed; Cancel goes to the cancel URL (metadata.cancel_action).
 * Production refuses to start with it when a service takes a deposit (server/main.ts).
 */
import { randomBytes } from 'node:crypto';
import express, { type Response as ExpressResponse, type Router } from 'express';
import { formatKobo } from '../../../shared/booking/deposits';
import { signatureOf } from './paystack';

export const STAND_IN_PATH = '/paystack-standin';
/** The checkout page's route. Its access code lets whoever holds it pay, so it is the `:token` the logs redact (server/app/app.tsx tokenRoutes). */
export const STAND_IN_CHECKOUT_ROUTE = `${STAND_IN_PATH}/checkout/:token`;
export const STAND_IN_SECRET = 'sk_test_standin_0000000000000000000000000000';

export interface StandInTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  status: 'abandoned' | 'success' | 'failed';
  callbackUrl: string;
  cancelUrl: string | null;
  paidAt: string | null;
  channel: string | null;
  refunded: number;
}

type Deliver = (rawBody: Buffer, signature: string) => Promise<void>;

export interface PaystackStandIn {
  readonly secretKey: string;
  /** The API, answered in process. */
  fetch: typeof fetch;
  /** The checkout pages (their routes carry STAND_IN_PATH; the app mounts the router at the root). */
  router: Router;
  /** Where signed webhooks go (the deposits' handler, set by the composition). */
  onWebhook(deliver: Deliver): void;
  // --- For tests ---------------------------------------------------------------------------
  readonly transactions: Map<string, StandInTransaction>;
  /** Pays or fails a transaction as the checkout page's buttons do (with the webhook for a payment). */
  complete(reference: string, outcome: 'success' | 'failed'): Promise<void>;
  /** Sends an event as Paystack would (signed), e.g. a replay. Answers the handler's status. */
  sendEvent(event: string, data: Record<string, unknown>): Promise<void>;
  /** Every API call answers 503 while true (Paystack down). */
  down: boolean;
  /** POST /refund answers 400 while set (Paystack refusing a refund), with this message. */
  refuseRefunds: string | null;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, message: string) => json(status, { status: false, message });
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createPaystackStandIn(options: { publicOrigin: string; secretKey?: string }): PaystackStandIn {
  const secretKey = options.secretKey ?? STAND_IN_SECRET;
  const transactions = new Map<string, StandInTransaction>();
  const byCode = new Map<string, StandInTransaction>();
  let nextId = 4_000_000_000 + Math.floor(Math.random() * 1000);
  let deliver: Deliver = async () => {};

  const view = (t: StandInTransaction) => ({
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    paid_at: t.paidAt,
    created_at: new Date().toISOString(),
    channel: t.channel,
    gateway_response: t.status === 'success' ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
    customer: { email: t.email },
  });

  async function sendEvent(event: string, data: Record<string, unknown>) {
    const raw = Buffer.from(JSON.stringify({ event, data }));
    await deliver(raw, signatureOf(secretKey, raw));
  }

  async function complete(reference: string, outcome: 'success' | 'failed') {
    const t = transactions.get(reference);
    if (!t) throw new Error(`no transaction ${reference}`);
    if (t.status !== 'abandoned') return;
    t.status = outcome;
    t.channel = 'card';
    if (outcome === 'success') {
      t.paidAt = new Date().toISOString();
      await sendEvent('charge.success', view(t));
    }
  }

  async function api(request: Request): Promise<Response> {
    if (standIn.down) return refusal(503, 'Service unavailable');
    if (request.headers.get('authorization') !== `Bearer ${secretKey}`) return refusal(401, 'Invalid key');
    const url = new URL(request.url);
    const path = url.pathname;
    if (request.method === 'POST' && path === '/transaction/initialize') {
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body) return refusal(400, 'Invalid request body');
      const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
      if (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(body.email)) return refusal(400, 'Invalid Email Address Passed');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return refusal(400, 'Invalid Amount Sent');
      const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
      if (currency !== 'NGN') return refusal(400, 'Currency not supported by merchant');
      const reference = typeof body.reference === 'string' ? body.reference : randomBytes(8).toString('hex');
      if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return refusal(400, 'Invalid transaction reference');
      if (transactions.has(reference)) return refusal(400, 'Duplicate Transaction Reference');
      const metadata = (body.metadata && typeof body.metadata === 'object' ? body.metadata : {}) as Record<string, unknown>;
      const t: StandInTransaction = {
        id: nextId++,
        reference,
        accessCode: randomBytes(9).toString('base64url'),
        email: body.email,
        amount,
        currency,
        status: 'abandoned',
        callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : options.publicOrigin,
        cancelUrl: typeof metadata.cancel_action === 'string' ? metadata.cancel_action : null,
        paidAt: null,
        channel: null,
        refunded: 0,
      };
      transactions.set(reference, t);
      byCode.set(t.accessCode, t);
      return json(200, { status: true, message: 'Authorization URL created', data: { authorization_url: `${options.publicOrigin}${STAND_IN_PATH}/checkout/${t.accessCode}`, access_code: t.accessCode, reference } });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t) return refusal(400, 'Transaction reference not found');
      return json(200, { status: true, message: 'Verification successful', data: view(t) });
    }
    if (request.method === 'POST' && path === '/refund') {
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      const key = body && (typeof body.transaction === 'string' || typeof body.transaction === 'number') ? String(body.transaction) : '';
      const t = transactions.get(key) ?? [...transactions.values()].find((x) => String(x.id) === key);
      if (!t) return refusal(404, 'Transaction not found');
      if (t.status !== 'success') return refusal(400, 'Cannot refund a transaction that was not successful');
      if (standIn.refuseRefunds) return refusal(400, standIn.refuseRefunds);
      const amount = body!.amount === undefined ? t.amount - t.refunded : typeof body!.amount === 'string' ? Number(body!.amount) : body!.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return refusal(400, 'Invalid Amount Sent');
      if (amount > t.amount - t.refunded) return refusal(400, 'Refund amount cannot be greater than transaction amount');
      t.refunded += amount;
      const expected = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
      return json(200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { transaction: { id: t.id, reference: t.reference, amount: t.amount, currency: t.currency }, id: nextId++, amount, currency: 'NGN', status: 'pending', expected_at: expected },
      });
    }
    return refusal(404, 'Not found');
  }

  const router = express.Router();
  // Plain, but usable as a checkout is: buttons a finger can hit and a focus a keyboard user can see
  // (the site's CSP lets this one <style> in by the response's nonce).
  const STYLE =
    'body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#1a1a1a}main{max-width:32rem;margin:0 auto}' +
    'button{font:inherit;min-height:2.75rem;padding:.5rem 1rem;border:1px solid #555;border-radius:.375rem;background:#fff;color:#1a1a1a}' +
    'button[value=success]{background:#0a6b3d;border-color:#0a6b3d;color:#fff}:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}';
  const page = (res: ExpressResponse, title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style nonce="${escapeHtml(String(res.locals.cspNonce ?? ''))}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
  router.get(STAND_IN_CHECKOUT_ROUTE, (req, res) => {
    const t = byCode.get(req.params.token);
    res.setHeader('Cache-Control', 'no-store');
    if (!t) {
      res.status(404).type('html').send(page(res, 'Payment not found', '<h1>Payment not found</h1>'));
      return;
    }
    const done = t.status !== 'abandoned';
    res.type('html').send(
      page(
        res,
        'Pay with Paystack (stand-in)',
        `<h1>Pay ${escapeHtml(formatKobo(t.amount))}</h1>
<p>Paystack's stand-in for development and tests: no money moves. Reference <strong>${escapeHtml(t.reference)}</strong>, for ${escapeHtml(t.email)}.</p>
${
  done
    ? `<p>This payment is ${t.status === 'success' ? 'paid' : 'failed'}.</p><p><a href="${escapeHtml(t.callbackUrl)}">Back to the clinic</a></p>`
    : `<form method="post"><p><button type="submit" name="outcome" value="success">Pay ${escapeHtml(formatKobo(t.amount))}</button></p><p><button type="submit" name="outcome" value="failed">Fail the payment</button></p><p><button type="submit" name="outcome" value="cancel">Cancel payment</button></p></form>`
}`,
      ),
    );
  });
  router.post(STAND_IN_CHECKOUT_ROUTE, express.urlencoded({ extended: false, limit: '2kb' }), async (req, res, next) => {
    try {
      const t = byCode.get(req.params.token);
      if (!t) {
        res.status(404).type('text/plain').send('Not Found');
        return;
      }
      const outcome = (req.body as Record<string, unknown>).outcome;
      const back = new URL(t.callbackUrl);
      back.searchParams.set('trxref', t.reference);
      back.searchParams.set('reference', t.reference);
      if (outcome === 'cancel') {
        res.redirect(303, t.cancelUrl ?? back.toString());
        return;
      }
      if (outcome !== 'success' && outcome !== 'failed') {
        res.status(400).type('text/plain').send('Bad Request');
        return;
      }
      await complete(t.reference, outcome);
      res.redirect(303, back.toString());
    } catch (error) {
      next(error);
    }
  });

  const standIn: PaystackStandIn = {
    secretKey,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => api(new Request(input, init))) as typeof fetch,
    router,
    onWebhook(fn) {
      deliver = fn;
    },
    transactions,
    complete,
    sendEvent,
    down: false,
    refuseRefunds: null,
  };
  return standIn;
}
