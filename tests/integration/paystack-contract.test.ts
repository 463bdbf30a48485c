import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaystackStandIn, type PaystackStandIn } from '../../server/booking/deposits';
import { checkSignature, paystackClient, PaystackError, signatureOf, type PaystackClient } from '../../server/booking/payments/paystack';

// The Paystack adapter against a local fake following Paystack's documented API (issue 48): the
// stand-in's API served over HTTP, so the adapter's requests (method, path, Authorization,
// JSON body) and its reading of the answers and refusals are what they would be with Paystack.

let server: Server;
let standIn: PaystackStandIn;
let client: PaystackClient;
let base: string;
const webhooks: { raw: Buffer; signature: string }[] = [];

beforeAll(async () => {
  standIn = createPaystackStandIn({ publicOrigin: 'https://clinic.example' });
  standIn.onWebhook(async (raw, signature) => {
    webhooks.push({ raw, signature });
  });
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = await standIn.fetch(`http://fake${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
    res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = paystackClient({ secretKey: standIn.secretKey, baseUrl: base, timeoutMs: 5000 });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const init = (reference: string, over: Partial<Parameters<PaystackClient['initialize']>[0]> = {}) =>
  client.initialize({ email: 'amina@example.com', amountKobo: 500_000, reference, callbackUrl: 'https://clinic.example/book/deposit', cancelUrl: 'https://clinic.example/book/deposit?cancelled=1', ...over });
const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaystackError);
  return error as PaystackError;
};

describe('Paystack adapter against the documented API', () => {
  it('initialize: a checkout address and its access code for our reference; refusals for a wrong key, a bad e-mail, a reference used before', async () => {
    const ok = await init('DEP-CONTRACT0001');
    expect(ok).toMatchObject({ reference: 'DEP-CONTRACT0001' });
    expect(ok.authorizationUrl).toMatch(/^https:\/\/clinic\.example\/paystack-standin\/checkout\/[\w-]+$/);
    expect(ok.accessCode).toMatch(/^[\w-]+$/);
    const wrongKey = paystackClient({ secretKey: 'sk_test_wrongwrongwrong', baseUrl: base });
    expect(await refusal(wrongKey.initialize({ email: 'a@b.c', amountKobo: 100, reference: 'DEP-CONTRACT0002', callbackUrl: 'x', cancelUrl: 'y' }))).toMatchObject({ kind: 'refused', status: 401 });
    expect(await refusal(init('DEP-CONTRACT0003', { email: 'not-an-address' }))).toMatchObject({ kind: 'refused', message: 'Invalid Email Address Passed' });
    expect(await refusal(init('DEP-CONTRACT0001'))).toMatchObject({ kind: 'refused', message: 'Duplicate Transaction Reference' });
    // Kobo are whole: refused before any request.
    expect(await refusal(init('DEP-CONTRACT0004', { amountKobo: 12.5 }))).toMatchObject({ kind: 'refused' });
  });

  it('verify: unknown references refused; an initialized transaction is abandoned until paid, then success with the amount, NGN and the reference', async () => {
    expect(await refusal(client.verify('DEP-NEVERMADE01'))).toMatchObject({ kind: 'refused', message: 'Transaction reference not found' });
    await init('DEP-CONTRACT0010');
    expect(await client.verify('DEP-CONTRACT0010')).toMatchObject({ status: 'abandoned', amount: 500_000, currency: 'NGN', reference: 'DEP-CONTRACT0010' });
    await standIn.complete('DEP-CONTRACT0010', 'success');
    const paid = await client.verify('DEP-CONTRACT0010');
    expect(paid).toMatchObject({ status: 'success', amount: 500_000, currency: 'NGN', reference: 'DEP-CONTRACT0010', channel: 'card' });
    expect(paid.paidAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('webhooks: charge.success signed with the secret key (HMAC-SHA512 of the raw body); a bad or missing signature does not check', async () => {
    await init('DEP-CONTRACT0020');
    webhooks.length = 0;
    await standIn.complete('DEP-CONTRACT0020', 'success');
    expect(webhooks).toHaveLength(1);
    const { raw, signature } = webhooks[0]!;
    expect(JSON.parse(raw.toString())).toMatchObject({ event: 'charge.success', data: { reference: 'DEP-CONTRACT0020', amount: 500_000, currency: 'NGN', status: 'success' } });
    expect(signature).toBe(signatureOf(standIn.secretKey, raw));
    expect(client.checkSignature(raw, signature)).toBe(true);
    expect(client.checkSignature(raw, undefined)).toBe(false);
    expect(client.checkSignature(raw, '')).toBe(false);
    expect(client.checkSignature(raw, signatureOf('sk_test_another_key_000', raw))).toBe(false);
    expect(client.checkSignature(Buffer.concat([raw, Buffer.from(' ')]), signature)).toBe(false);
    expect(checkSignature(standIn.secretKey, raw, 'zz'.repeat(64))).toBe(false);
    // A replay is the same bytes and the same signature: it checks, and is made harmless by the deposits (deposits.test.ts).
    expect(client.checkSignature(Buffer.from(raw), signature)).toBe(true);
    // A failed payment sends no charge.success.
    await init('DEP-CONTRACT0021');
    await standIn.complete('DEP-CONTRACT0021', 'failed');
    expect(webhooks).toHaveLength(1);
    expect(await client.verify('DEP-CONTRACT0021')).toMatchObject({ status: 'failed' });
  });

  it('refund: in part, then the rest by default; never more than paid; refused for a transaction not paid, or when Paystack refuses', async () => {
    await init('DEP-CONTRACT0030');
    expect(await refusal(client.refund({ reference: 'DEP-CONTRACT0030' }))).toMatchObject({ kind: 'refused', message: 'Cannot refund a transaction that was not successful' });
    await standIn.complete('DEP-CONTRACT0030', 'success');
    const part = await client.refund({ reference: 'DEP-CONTRACT0030', amountKobo: 200_000, merchantNote: 'staff by hand' });
    expect(part).toMatchObject({ status: 'pending', amount: 200_000 });
    expect(part.expectedAt).toMatch(/^\d{4}-/);
    expect(await refusal(client.refund({ reference: 'DEP-CONTRACT0030', amountKobo: 400_000 }))).toMatchObject({ kind: 'refused', message: 'Refund amount cannot be greater than transaction amount' });
    expect(await client.refund({ reference: 'DEP-CONTRACT0030' })).toMatchObject({ amount: 300_000 });
    expect(await refusal(client.refund({ reference: 'DEP-CONTRACT0030', amountKobo: 1 }))).toMatchObject({ kind: 'refused' });
    await init('DEP-CONTRACT0031');
    await standIn.complete('DEP-CONTRACT0031', 'success');
    standIn.refuseRefunds = 'Transaction has been fully reversed';
    expect(await refusal(client.refund({ reference: 'DEP-CONTRACT0031' }))).toMatchObject({ kind: 'refused', message: 'Transaction has been fully reversed' });
    standIn.refuseRefunds = null;
  });

  it('Paystack down or unreachable is `unreachable` (try again), never `refused`', async () => {
    standIn.down = true;
    expect(await refusal(client.verify('DEP-CONTRACT0010'))).toMatchObject({ kind: 'unreachable', status: 503 });
    standIn.down = false;
    const nowhere = paystackClient({ secretKey: standIn.secretKey, baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    expect(await refusal(nowhere.verify('DEP-CONTRACT0010'))).toMatchObject({ kind: 'unreachable' });
  });
});
