/**
 * Contract tests: each adapter against a local fake of its provider's documented API
 * (node:http on 127.0.0.1, port 0). The fake records what it was sent and answers as the
 * provider does: success, a 4xx refusal, a 5xx, a 429, or nothing at all (a timeout).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/platform/http/logger';
import type { OutgoingMessage } from '../../server/messages/channel';
import { createChannels, parseMessagingConfig } from '../../server/messages/config';
import { countSms } from '../../server/messages/gsm';
import { termiiAdapter } from '../../server/messages/termii';
import { visitVariables } from '../../server/messages/templates';
import { whatsAppCloudAdapter } from '../../server/messages/whatsapp-cloud';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * The adapters' timeout: short where a test waits for it (a provider that hangs or stalls), long
 * where the fake answers (400 ms for those made a loaded machine's slow answer a timeout: "retry"
 * instead of "sent").
 */
const GIVES_UP_AFTER_MS = 400;
const ANSWERS_WITHIN_MS = 15_000;

type Answer = { status: number; json?: unknown; text?: string; headers?: Record<string, string> } | 'hang' | 'stall';

/** A fake provider: `answer` decides each response; 'hang' never answers, 'stall' sends headers and half a body. */
class FakeProvider {
  requests: Recorded[] = [];
  answer: (req: Recorded) => Answer = () => ({ status: 200, json: {} });
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* keep the raw text */
      }
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      this.requests.push(recorded);
      const answer = this.answer(recorded);
      if (answer === 'hang') return;
      if (answer === 'stall') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"messaging_product":"whatsapp",');
        return;
      }
      const payload = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
      res.writeHead(answer.status, { 'content-type': answer.json !== undefined ? 'application/json' : 'text/html', ...answer.headers });
      res.end(payload);
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const variables = visitVariables({
  firstName: 'Ada',
  clinicName: 'Abuja Spine & Wellness Clinic',
  visitStart: new Date('2026-12-02T09:30:00Z'),
  practitioner: 'Dr Chidi Okafor',
  manageLink: 'https://abujaspine.ng/m/7K3QX9PA2D',
  clinicPhone: '0803 123 4567',
});

const message = (channel: OutgoingMessage['channel'], overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 'appt-42:confirmation',
  channel,
  to: '+2348031234567',
  kind: 'confirmation',
  variables,
  ...overrides,
});

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

// Graph API error bodies, as documented (error-codes page: { error: { message, type, code, error_data, fbtrace_id } }).
const graphError = (code: number, message: string, details: string) => ({
  error: { message: `(#${code}) ${message}`, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'AbCdEf123' },
});

describe('WhatsApp Cloud API adapter against a fake Graph API', () => {
  const fake = new FakeProvider();
  let base: string;
  const adapter = (timeoutMs = ANSWERS_WITHIN_MS) =>
    whatsAppCloudAdapter({ accessToken: 'EAAG-test-token-0123456789', phoneNumberId: '106540352242922', apiBase: base, apiVersion: 'v26.0', language: 'en_GB', timeoutMs });

  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests = [];
  });

  it('sends the documented template request and returns the wamid', async () => {
    fake.answer = () => ({
      status: 200,
      json: { messaging_product: 'whatsapp', contacts: [{ input: '2348031234567', wa_id: '2348031234567' }], messages: [{ id: 'wamid.HBgLMjM0ODAzMTIzNDU2NxUCABEYEjQ5', message_status: 'accepted' }] },
    });
    const result = await adapter().send(message('whatsapp'));
    expect(result).toEqual({ outcome: 'sent', providerId: 'wamid.HBgLMjM0ODAzMTIzNDU2NxUCABEYEjQ5' });

    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v26.0/106540352242922/messages');
    expect(req.headers.authorization).toBe('Bearer EAAG-test-token-0123456789');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2348031234567',
      type: 'template',
      biz_opaque_callback_data: 'appt-42:confirmation',
      template: {
        name: 'appointment_confirmation',
        language: { code: 'en_GB' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ada' },
              { type: 'text', text: 'Abuja Spine & Wellness Clinic' },
              { type: 'text', text: 'Wednesday 2 December at 10:30 am' },
              { type: 'text', text: 'Dr Chidi Okafor' },
              { type: 'text', text: 'https://abujaspine.ng/m/7K3QX9PA2D' },
              { type: 'text', text: '0803 123 4567' },
            ],
          },
        ],
      },
    });
  });

  it('classifies a 4xx (131026, not a WhatsApp number) as refused, not retried', async () => {
    fake.answer = () => ({ status: 400, json: graphError(131026, 'Message Undeliverable', 'Unable to deliver message.') });
    const result = await adapter().send(message('whatsapp'));
    expect(result).toMatchObject({ outcome: 'refused', code: '131026' });
    expect(fake.requests).toHaveLength(1);
  });

  it('classifies a template not approved (132001) as refused', async () => {
    fake.answer = () => ({ status: 404, json: graphError(132001, 'Template name does not exist in the translation', 'template name (appointment_confirmation) does not exist in en_GB') });
    expect(await adapter().send(message('whatsapp'))).toMatchObject({ outcome: 'refused', code: '132001' });
  });

  it('classifies an expired token (190) as refused', async () => {
    fake.answer = () => ({ status: 401, json: graphError(190, 'Access token has expired', 'Error validating access token') });
    expect(await adapter().send(message('whatsapp'))).toMatchObject({ outcome: 'refused', code: '190' });
  });

  it('classifies a 5xx as retry', async () => {
    fake.answer = () => ({ status: 500, text: '<html>Internal Server Error</html>' });
    expect(await adapter().send(message('whatsapp'))).toMatchObject({ outcome: 'retry', code: 'http-500' });
    fake.answer = () => ({ status: 503, json: graphError(2, 'Service temporarily unavailable', 'Temporary due to downtime') });
    expect(await adapter().send(message('whatsapp'))).toMatchObject({ outcome: 'retry', code: '2' });
  });

  it('classifies a 429 (130429 throughput) as retry, with Retry-After', async () => {
    fake.answer = () => ({ status: 429, json: graphError(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'), headers: { 'retry-after': '7' } });
    expect(await adapter().send(message('whatsapp'))).toMatchObject({ outcome: 'retry', code: '130429', retryAfterMs: 7000 });
  });

  it('classifies a provider that never answers as retry after its timeout', async () => {
    fake.answer = () => 'hang';
    const started = Date.now();
    const result = await adapter(GIVES_UP_AFTER_MS).send(message('whatsapp'));
    expect(result).toEqual({ outcome: 'retry', reason: 'timeout: no answer in time' });
    // Gave up (its timeout) rather than hung: a loaded machine answers late, so the bound is far from both.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('classifies an answer whose body stops arriving as retry after its timeout', async () => {
    fake.answer = () => 'stall';
    expect(await adapter(GIVES_UP_AFTER_MS).send(message('whatsapp'))).toEqual({ outcome: 'retry', reason: 'timeout: no answer in time' });
  });

  it('stops when the caller aborts (shutdown), as retry', async () => {
    fake.answer = () => 'hang';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await adapter().send(message('whatsapp'), controller.signal)).toEqual({ outcome: 'retry', reason: 'stopped by the caller' });
  });

  it('classifies a refused connection as retry', async () => {
    const down = whatsAppCloudAdapter({ accessToken: 'EAAG-test-token-0123456789', phoneNumberId: '106540352242922', apiBase: await closedPort(), timeoutMs: GIVES_UP_AFTER_MS });
    expect(await down.send(message('whatsapp'))).toMatchObject({ outcome: 'retry', reason: expect.stringMatching(/^network error/) });
  });

  it('does not take a 2xx without a message id for a success', async () => {
    fake.answer = () => ({ status: 200, text: '<html>captive portal</html>' });
    expect(await adapter().send(message('whatsapp'))).toMatchObject({ outcome: 'retry' });
  });

  it('refuses a malformed destination without a request', async () => {
    expect(await adapter().send(message('whatsapp', { to: '0803 123 4567' }))).toMatchObject({ outcome: 'refused' });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends free-form text only inside the 24-hour window', async () => {
    const now = new Date('2026-12-02T12:00:00Z');
    const outside = await adapter().sendText({ id: 'reply-1', to: '+2348031234567', text: 'See you soon', lastInboundAt: new Date('2026-11-30T12:00:00Z'), now });
    expect(outside).toMatchObject({ outcome: 'refused', code: '131047' });
    expect(fake.requests).toHaveLength(0);

    fake.answer = () => ({ status: 200, json: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.text1' }] } });
    const inside = await adapter().sendText({ id: 'reply-1', to: '+2348031234567', text: 'See you soon', lastInboundAt: new Date('2026-12-02T10:00:00Z'), now });
    expect(inside).toEqual({ outcome: 'sent', providerId: 'wamid.text1' });
    expect(fake.requests[0]?.body).toMatchObject({ messaging_product: 'whatsapp', to: '2348031234567', type: 'text', text: { body: 'See you soon' } });
  });
});

describe('Termii adapter against a fake Termii API', () => {
  const fake = new FakeProvider();
  let base: string;
  const adapter = (timeoutMs = ANSWERS_WITHIN_MS) => termiiAdapter({ apiKey: 'TLtest-api-key-0123456789', senderId: 'AbujaSpine', apiBase: base, timeoutMs });

  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests = [];
  });

  it('sends the documented request on the dnd route and returns the message_id', async () => {
    fake.answer = () => ({ status: 200, json: { code: 'ok', balance: 1047.68, message_id: '3017544054459083819197796', message: 'Successfully Sent', user: 'Abuja Spine' } });
    const result = await adapter().send(message('sms'));
    expect(result).toEqual({ outcome: 'sent', providerId: '3017544054459083819197796' });

    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/sms/send');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      api_key: 'TLtest-api-key-0123456789',
      to: '2348031234567',
      from: 'AbujaSpine',
      sms: expect.any(String),
      type: 'plain',
      channel: 'dnd',
    });
    const sms = (req.body as { sms: string }).sms;
    expect(sms).toContain('https://abujaspine.ng/m/7K3QX9PA2D');
    expect(countSms(sms)).toMatchObject({ encoding: 'gsm7', segments: 1 });
  });

  it.each([
    [400, { message: 'Invalid Sender Id' }],
    [401, { message: 'Unauthorized' }],
    [403, { message: 'Your account is not active' }],
    [422, { message: 'You are not set up on this route' }],
  ])('classifies HTTP %i as refused', async (status, json) => {
    fake.answer = () => ({ status, json });
    const result = await adapter().send(message('sms'));
    expect(result).toMatchObject({ outcome: 'refused', code: `http-${status}` });
    expect(result.outcome === 'refused' && result.reason).toContain(json.message);
  });

  it('classifies a 2xx that says it failed as refused', async () => {
    fake.answer = () => ({ status: 200, json: { code: 'error', message: 'Insufficient balance' } });
    expect(await adapter().send(message('sms'))).toMatchObject({ outcome: 'refused', reason: 'Termii: Insufficient balance' });
  });

  it('classifies a 5xx as retry', async () => {
    fake.answer = () => ({ status: 502, text: '<html>Bad gateway</html>' });
    expect(await adapter().send(message('sms'))).toMatchObject({ outcome: 'retry', code: 'http-502' });
  });

  it('classifies a 429 as retry', async () => {
    fake.answer = () => ({ status: 429, json: { message: 'Too Many Requests' }, headers: { 'retry-after': '30' } });
    expect(await adapter().send(message('sms'))).toMatchObject({ outcome: 'retry', code: 'http-429', retryAfterMs: 30_000 });
  });

  it('classifies a provider that never answers as retry after its timeout', async () => {
    fake.answer = () => 'hang';
    const started = Date.now();
    expect(await adapter(GIVES_UP_AFTER_MS).send(message('sms'))).toEqual({ outcome: 'retry', reason: 'timeout: no answer in time' });
    // Gave up (its timeout) rather than hung: a loaded machine answers late, so the bound is far from both.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a malformed destination without a request', async () => {
    expect(await adapter().send(message('sms', { to: '08031234567' }))).toMatchObject({ outcome: 'refused' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the configuration points the adapters at the configured hosts', () => {
  const fake = new FakeProvider();
  let base: string;
  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.stop());

  it('WHATSAPP_API_BASE and SMS_API_BASE select the fakes', async () => {
    const config = parseMessagingConfig({
      WHATSAPP_ACCESS_TOKEN: 'EAAG-test-token-0123456789',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'app-secret-0123456789abcdef',
      WHATSAPP_VERIFY_TOKEN: 'verify-token-123',
      WHATSAPP_API_BASE: base,
      SMS_PROVIDER: 'termii',
      SMS_API_KEY: 'TLtest-api-key-0123456789',
      SMS_SENDER_ID: 'AbujaSpine',
      SMS_API_BASE: `${base}/`,
      MESSAGES_TIMEOUT_MS: '1000',
    });
    fake.answer = (req) =>
      req.url === '/api/sms/send'
        ? { status: 200, json: { code: 'ok', message_id: 'termii-1', message: 'Successfully Sent' } }
        : { status: 200, json: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.1' }] } };
    const channels = createChannels(config, { dataDir: '/nonexistent', logger: silentLogger });
    expect(channels.whatsapp.provider).toBe('whatsapp-cloud');
    expect(channels.sms.provider).toBe('termii');
    expect(await channels.whatsapp.send(message('whatsapp'))).toEqual({ outcome: 'sent', providerId: 'wamid.1' });
    expect(await channels.sms.send(message('sms'))).toEqual({ outcome: 'sent', providerId: 'termii-1' });
    expect(fake.requests.map((r) => r.url)).toEqual(['/v26.0/106540352242922/messages', '/api/sms/send']);
  });
});
