import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isOptOut } from '../../server/messages/channel';
import { handleTermiiWebhook, termiiStatus, verifyTermiiSignature } from '../../server/messages/termii';
import {
  answerVerification,
  canSendFreeForm,
  classifyGraphError,
  handleWebhook,
  verifySignature,
} from '../../server/messages/whatsapp-cloud';

const APP_SECRET = 'test-app-secret-0123456789abcdef';
const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A status webhook as Meta documents it (messages webhook reference, statuses). */
const statusPayload = (status: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              statuses: [
                {
                  id: 'wamid.HBgLMjM0ODAzMTIzNDU2NxUCABEYEjQ5',
                  status,
                  timestamp: '1764667800',
                  recipient_id: '2348031234567',
                  biz_opaque_callback_data: 'appt-42:confirmation',
                  ...extra,
                },
              ],
            },
          },
        ],
      },
    ],
  });

const inboundPayload = (text: string) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Ada' }, wa_id: '2348031234567' }],
              messages: [{ from: '2348031234567', id: 'wamid.inbound1', timestamp: '1764667800', type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });

describe('WhatsApp webhook verification (GET)', () => {
  const token = 'verify-me-please';
  it('answers the challenge with the right token', () => {
    expect(answerVerification({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' }, token)).toEqual({ status: 200, body: '1158201444' });
  });
  it.each([
    ['a wrong token', { 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1158201444' }],
    ['a token of the same length', { 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-me-pleasX', 'hub.challenge': '1158201444' }],
    ['no token', { 'hub.mode': 'subscribe', 'hub.challenge': '1158201444' }],
    ['another mode', { 'hub.mode': 'unsubscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' }],
    ['no challenge', { 'hub.mode': 'subscribe', 'hub.verify_token': token }],
    ['a repeated parameter (an array)', { 'hub.mode': 'subscribe', 'hub.verify_token': [token, token], 'hub.challenge': '1' }],
  ])('refuses %s with 403 and no challenge', (_label, query) => {
    expect(answerVerification(query, token)).toEqual({ status: 403, body: '' });
  });
});

describe('WhatsApp webhook events (POST)', () => {
  it('accepts a valid signature and parses the status update', () => {
    const body = statusPayload('delivered');
    const result = handleWebhook(Buffer.from(body), sign(body), APP_SECRET);
    expect(result).toEqual({
      ok: true,
      status: 200,
      events: [
        {
          type: 'status',
          providerId: 'wamid.HBgLMjM0ODAzMTIzNDU2NxUCABEYEjQ5',
          status: 'delivered',
          at: new Date(1764667800 * 1000),
          reference: 'appt-42:confirmation',
          error: null,
        },
      ],
    });
  });

  it('parses a failure with its code', () => {
    const body = statusPayload('failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    const result = handleWebhook(body, sign(body), APP_SECRET);
    expect(result.ok && result.events[0]).toMatchObject({ status: 'failed', error: { code: 131026, title: 'Message undeliverable' } });
  });

  it.each([
    ['a bad signature', (body: string) => sign(body, 'another-secret-entirely')],
    ['a signature of another body', () => sign(statusPayload('read'))],
    ['a truncated signature', (body: string) => sign(body).slice(0, 40)],
    ['the bare hex without sha256=', (body: string) => sign(body).slice(7)],
    ['an SHA-1 header', (body: string) => `sha1=${createHmac('sha1', APP_SECRET).update(body).digest('hex')}`],
  ])('refuses %s with 401 and parses nothing', (_label, header) => {
    const body = statusPayload('delivered');
    const result = handleWebhook(Buffer.from(body), header(body), APP_SECRET);
    expect(result).toEqual({ ok: false, status: 401, reason: 'bad signature' });
    expect('events' in result).toBe(false);
  });

  it('refuses a missing signature with 401', () => {
    const body = statusPayload('delivered');
    expect(handleWebhook(body, undefined, APP_SECRET)).toEqual({ ok: false, status: 401, reason: 'missing signature' });
    expect(handleWebhook(body, '', APP_SECRET)).toEqual({ ok: false, status: 401, reason: 'missing signature' });
  });

  it('verifies the raw bytes: re-serialised JSON does not pass', () => {
    const body = statusPayload('delivered');
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifySignature(pretty, sign(body), APP_SECRET)).toBe(false);
    expect(verifySignature(body, sign(body).toUpperCase().replace('SHA256=', 'sha256='), APP_SECRET)).toBe(true);
  });

  it('answers 400 for a signed body that is not JSON', () => {
    expect(handleWebhook('not json', sign('not json'), APP_SECRET)).toEqual({ ok: false, status: 400, reason: 'not JSON' });
  });

  it('ignores what it does not know (other objects, fields, statuses)', () => {
    const other = JSON.stringify({ object: 'page', entry: [] });
    expect(handleWebhook(other, sign(other), APP_SECRET)).toEqual({ ok: true, status: 200, events: [] });
    const unknownStatus = statusPayload('deleted');
    expect(handleWebhook(unknownStatus, sign(unknownStatus), APP_SECRET)).toEqual({ ok: true, status: 200, events: [] });
  });

  it.each([
    ['STOP', true],
    ['stop', true],
    [' Stop. ', true],
    ['UNSUBSCRIBE', true],
    ['Stop all', true],
    ['STOP ALL!', true],
    ['please stop', false],
    ['stop the 10:30 visit', false],
    ['Thank you', false],
  ])('an inbound %j is an opt-out: %s', (text, optOut) => {
    const body = inboundPayload(text);
    const result = handleWebhook(body, sign(body), APP_SECRET);
    expect(result.ok && result.events).toEqual([{ type: 'inbound', providerId: 'wamid.inbound1', from: '+2348031234567', at: new Date(1764667800 * 1000), text, messageType: 'text', payload: null, contextId: null, optOut }]);
    expect(isOptOut(text)).toBe(optOut);
  });

  // Meta's webhooks reference, messages: "button" (a template's quick reply) and "interactive" (button_reply), each with its context.
  it.each([
    ['button', { type: 'button', button: { payload: 'cancel:BK-7K3QX', text: 'Cancel' } }],
    ['interactive', { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'cancel:BK-7K3QX', title: 'Cancel' } } }],
  ])('a tapped %s button: its payload, its label and the message it answers (never an opt-out)', (messageType, message) => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ context: { from: '2348000000000', id: 'wamid.REMINDER' }, from: '2348031234567', id: 'wamid.tap1', timestamp: '1764667800', ...message }] } }] }],
    });
    const result = handleWebhook(body, sign(body), APP_SECRET);
    expect(result.ok && result.events).toEqual([{ type: 'inbound', providerId: 'wamid.tap1', from: '+2348031234567', at: new Date(1764667800 * 1000), text: 'Cancel', messageType, payload: 'cancel:BK-7K3QX', contextId: 'wamid.REMINDER', optOut: false }]);
  });
});

describe('the 24-hour customer-service window', () => {
  const now = new Date('2026-12-02T12:00:00Z');
  it.each([
    ['never wrote', null, false],
    ['wrote a minute ago', new Date(now.getTime() - 60_000), true],
    ['wrote 23 h 59 min ago', new Date(now.getTime() - (24 * 60 - 1) * 60_000), true],
    ['wrote exactly 24 h ago', new Date(now.getTime() - 24 * 3_600_000), false],
    ['wrote 2 days ago', new Date(now.getTime() - 48 * 3_600_000), false],
    ['a time in the future (clock skew)', new Date(now.getTime() + 60_000), false],
  ])('%s → %s', (_label, lastInbound, allowed) => {
    expect(canSendFreeForm(lastInbound, now)).toBe(allowed);
  });
});

describe('classifying Graph API errors', () => {
  const graph = (code: number, details = 'details') => ({ error: { message: `(#${code}) title`, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'Azz' } });
  it.each([
    [400, 131026, 'refused'],
    [400, 131047, 'refused'],
    [400, 131051, 'refused'],
    [400, 131048, 'refused'],
    [400, 132000, 'refused'],
    [404, 132001, 'refused'],
    [400, 132015, 'refused'],
    [400, 132016, 'refused'],
    [401, 190, 'refused'],
    [401, 0, 'refused'],
    [403, 200, 'refused'],
    [403, 368, 'refused'],
    [400, 100, 'refused'],
    [429, 130429, 'retry'],
    [400, 131056, 'retry'],
    [400, 80007, 'retry'],
    [500, 131000, 'retry'],
    [503, 2, 'retry'],
    [500, 1, 'retry'],
    [400, 131057, 'retry'],
    // Unknown codes: by the HTTP status.
    [400, 999_999, 'refused'],
    [500, 999_999, 'retry'],
  ])('HTTP %i code %i → %s', (status, code, outcome) => {
    const result = classifyGraphError(status, graph(code));
    expect(result.outcome).toBe(outcome);
    expect(result.code).toBe(String(code));
    expect(result.reason).toContain(String(code));
  });

  it('131050 (the patient stopped messages) is an opt-out', () => {
    expect(classifyGraphError(400, graph(131050))).toMatchObject({ outcome: 'refused', optedOut: true });
  });

  it('without an error object, by the HTTP status', () => {
    expect(classifyGraphError(502, null).outcome).toBe('retry');
    expect(classifyGraphError(429, null, '12')).toMatchObject({ outcome: 'retry', retryAfterMs: 12_000 });
    expect(classifyGraphError(404, '<html>').outcome).toBe('refused');
  });
});

describe('Termii delivery reports', () => {
  const SECRET = 'termii-secret-key-0123456789';
  const signSha512 = (body: string, secret = SECRET) => createHmac('sha512', secret).update(body).digest('hex');
  const report = (status: string) =>
    JSON.stringify({
      type: 'outbound',
      id: '2b3c4d',
      message_id: '3017544054459083819197796',
      receiver: '2348031234567',
      sender: 'AbujaSpine',
      message: 'Hi Ada, your visit…',
      sent_at: '2026-12-02 10:30:00',
      cost: '3.9',
      status,
      channel: 'dnd',
    });

  it('accepts a signed report and parses it', () => {
    const body = report('DELIVERED | Message delivered to handset');
    expect(handleTermiiWebhook(Buffer.from(body), signSha512(body), SECRET)).toEqual({
      ok: true,
      status: 200,
      report: {
        providerId: '3017544054459083819197796',
        status: 'delivered',
        detail: 'DELIVERED | Message delivered to handset',
        to: '+2348031234567',
        at: new Date('2026-12-02T09:30:00Z'),
      },
    });
  });

  it.each([
    ['Delivered', 'delivered'],
    ['Message Sent', 'sent'],
    ['DND Active on Phone Number', 'failed'],
    ['Message Failed', 'failed'],
    ['Rejected', 'failed'],
    ['Expired', 'failed'],
  ])('status %j → %s', (raw, status) => {
    expect(termiiStatus(raw)).toBe(status);
  });

  it.each([
    ['a bad signature', (body: string) => signSha512(body, 'not-the-secret-at-all')],
    ['an SHA-256 signature', (body: string) => createHmac('sha256', SECRET).update(body).digest('hex')],
    ['another body\'s signature', () => signSha512(report('Message Failed'))],
  ])('refuses %s with 401', (_label, header) => {
    const body = report('Delivered');
    expect(handleTermiiWebhook(body, header(body), SECRET)).toEqual({ ok: false, status: 401, reason: 'bad signature' });
  });

  it('refuses a missing signature, and everything when no secret is configured', () => {
    const body = report('Delivered');
    expect(handleTermiiWebhook(body, undefined, SECRET)).toEqual({ ok: false, status: 401, reason: 'missing signature' });
    expect(handleTermiiWebhook(body, signSha512(body), null)).toEqual({ ok: false, status: 401, reason: 'no secret configured' });
    expect(verifyTermiiSignature(body, signSha512(body), '')).toBe(false);
  });

  it('ignores events that are neither a report nor a readable inbound SMS', () => {
    const noSender = JSON.stringify({ type: 'inbound', message_id: '1', status: 'Received' });
    expect(handleTermiiWebhook(noSender, signSha512(noSender), SECRET)).toEqual({ ok: true, status: 200, report: null });
    const device = JSON.stringify({ type: 'device_status', status: 'offline' });
    expect(handleTermiiWebhook(device, signSha512(device), SECRET)).toEqual({ ok: true, status: 200, report: null });
  });

  it('reads an inbound SMS (the documented example shape): STOP as the whole message is an opt-out', () => {
    const inbound = (message: string) =>
      JSON.stringify({ type: 'inbound', id: '8248611476370959318', message_id: '3905204342778053556', receiver: '12022214836', sender: '2347069549231', message, received_at: '2020-12-16T10:51:03.000000Z', cost: null, command: 'Received', status: 'Received', channel: null });
    const stop = inbound(' stop. ');
    expect(handleTermiiWebhook(stop, signSha512(stop), SECRET)).toEqual({
      ok: true,
      status: 200,
      report: null,
      inbound: { providerId: '3905204342778053556', from: '+2347069549231', optOut: true, at: new Date('2020-12-16T10:51:03Z'), text: ' stop. ' },
    });
    const chat = inbound('Great, see you then');
    expect(handleTermiiWebhook(chat, signSha512(chat), SECRET)).toMatchObject({ ok: true, report: null, inbound: { from: '+2347069549231', optOut: false, text: 'Great, see you then' } });
  });
});
