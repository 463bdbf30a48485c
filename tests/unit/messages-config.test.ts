import { describe, expect, it } from 'vitest';
import { createLogger, silentLogger } from '../../server/platform/http/logger';
import { createChannels, MessagingConfigError, parseMessagingConfig } from '../../server/messages/config';
import { DEFAULT_SCHEDULE } from '../../server/messages/rules';

const WHATSAPP = {
  WHATSAPP_ACCESS_TOKEN: 'EAAG-test-token-0123456789',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'app-secret-0123456789abcdef',
  WHATSAPP_VERIFY_TOKEN: 'verify-token-123',
};
const TERMII = { SMS_PROVIDER: 'termii', SMS_API_KEY: 'TLtest-api-key-0123456789', SMS_SENDER_ID: 'AbujaSpine' };

const problem = (env: Record<string, string | undefined>) => {
  try {
    parseMessagingConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(MessagingConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
};

describe('parseMessagingConfig', () => {
  it('nothing set: every channel goes to the local sink, with the default schedule', () => {
    expect(parseMessagingConfig({})).toEqual({ whatsapp: { provider: 'sink' }, sms: { provider: 'sink' }, schedule: DEFAULT_SCHEDULE, timeoutMs: 10_000 });
  });

  it('empty values count as unset', () => {
    expect(parseMessagingConfig({ WHATSAPP_ACCESS_TOKEN: '', SMS_PROVIDER: '  ', MESSAGES_TIMEOUT_MS: '' })).toMatchObject({ whatsapp: { provider: 'sink' }, sms: { provider: 'sink' } });
  });

  it('the four WhatsApp variables select the Cloud API, with defaults for the rest', () => {
    expect(parseMessagingConfig(WHATSAPP).whatsapp).toEqual({
      provider: 'whatsapp-cloud',
      accessToken: WHATSAPP.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: '106540352242922',
      appSecret: WHATSAPP.WHATSAPP_APP_SECRET,
      verifyToken: WHATSAPP.WHATSAPP_VERIFY_TOKEN,
      apiBase: 'https://graph.facebook.com',
      apiVersion: 'v26.0',
      language: 'en',
      codeTemplate: 'verification_code',
    });
  });

  it('takes the optional WhatsApp variables', () => {
    const wa = parseMessagingConfig({ ...WHATSAPP, WHATSAPP_API_BASE: 'http://127.0.0.1:9999/', WHATSAPP_API_VERSION: 'v25.0', WHATSAPP_TEMPLATE_LANGUAGE: 'en_GB', WHATSAPP_CODE_TEMPLATE: 'clinic_code' }).whatsapp;
    expect(wa).toMatchObject({ apiBase: 'http://127.0.0.1:9999', apiVersion: 'v25.0', language: 'en_GB', codeTemplate: 'clinic_code' });
  });

  it.each(Object.keys(WHATSAPP))('a WhatsApp set without %s is an error naming it', (name) => {
    const message = problem({ ...WHATSAPP, [name]: undefined });
    expect(message).toContain(`${name} is missing`);
  });

  it('names every missing WhatsApp variable', () => {
    expect(problem({ WHATSAPP_ACCESS_TOKEN: WHATSAPP.WHATSAPP_ACCESS_TOKEN })).toContain('WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are missing');
    // An optional variable alone is a partial set too: someone meant to configure WhatsApp.
    expect(problem({ WHATSAPP_API_VERSION: 'v26.0' })).toContain('WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are missing');
  });

  it.each([
    ['WHATSAPP_PHONE_NUMBER_ID', '+2348031234567', 'numeric phone number ID'],
    ['WHATSAPP_API_VERSION', '26', 'v26.0'],
    ['WHATSAPP_API_BASE', 'https://graph.facebook.com/v26.0', 'scheme and host only'],
    ['WHATSAPP_TEMPLATE_LANGUAGE', 'English', 'en_GB'],
  ])('checks %s=%s', (name, value, hint) => {
    const message = problem({ ...WHATSAPP, [name]: value });
    expect(message).toContain(name);
    expect(message).toContain(hint);
  });

  it('SMS_PROVIDER=termii with a key and a sender ID selects Termii', () => {
    expect(parseMessagingConfig(TERMII).sms).toEqual({
      provider: 'termii',
      apiKey: TERMII.SMS_API_KEY,
      senderId: 'AbujaSpine',
      apiBase: 'https://api.ng.termii.com',
      webhookSecret: null,
    });
    expect(parseMessagingConfig({ ...TERMII, SMS_API_BASE: 'https://v3.api.termii.com', SMS_WEBHOOK_SECRET: 'termii-secret-0123456789' }).sms).toMatchObject({
      apiBase: 'https://v3.api.termii.com',
      webhookSecret: 'termii-secret-0123456789',
    });
  });

  it.each(['SMS_API_KEY', 'SMS_SENDER_ID'])('SMS_PROVIDER=termii without %s is an error naming it', (name) => {
    expect(problem({ ...TERMII, [name]: undefined })).toContain(`${name} is missing`);
  });

  it('SMS variables without SMS_PROVIDER are an error naming it', () => {
    expect(problem({ SMS_API_KEY: TERMII.SMS_API_KEY, SMS_SENDER_ID: 'AbujaSpine' })).toContain('SMS_PROVIDER is missing');
  });

  it('refuses an unknown SMS provider', () => {
    expect(problem({ ...TERMII, SMS_PROVIDER: 'twilio' })).toContain('SMS_PROVIDER');
  });

  it.each([
    ['AbujaSpine', true],
    ['ASW', true],
    ['Abuja Spine', true],
    ['Clinic2026', true],
    ['AB', false],
    ['AbujaSpineWC', false],
    ['12345', false],
    [' Abuja', false],
    ['Abuja-Spine', false],
  ])('sender ID %j valid: %s', (senderId, valid) => {
    if (valid) expect(parseMessagingConfig({ ...TERMII, SMS_SENDER_ID: senderId }).sms).toMatchObject({ senderId });
    else expect(problem({ ...TERMII, SMS_SENDER_ID: senderId })).toContain('SMS_SENDER_ID: expected a registered sender ID of 3 to 11');
  });

  it('reads the reminder offsets, the last minute and the timeout', () => {
    const config = parseMessagingConfig({ MESSAGES_REMINDER_OFFSETS: '2h, 48h,30m,2h', MESSAGES_LAST_MINUTE: '20:45', MESSAGES_TIMEOUT_MS: '3000' });
    expect(config.schedule.reminderOffsetsMinutes).toEqual([48 * 60, 120, 30]);
    expect(config.schedule.eveningLeadMinutes).toBe(15);
    expect(config.timeoutMs).toBe(3000);
  });

  it('reads the quiet hours, which MESSAGES_LAST_MINUTE may not be set beside', () => {
    const config = parseMessagingConfig({ MESSAGES_QUIET_HOURS: '22:30-06:15' });
    expect(config.schedule.quietHours).toEqual({ start: 22 * 60 + 30, end: 6 * 60 + 15 });
    expect(config.schedule.eveningLeadMinutes).toBe(DEFAULT_SCHEDULE.eveningLeadMinutes);
    expect(parseMessagingConfig({}).schedule.quietHours).toEqual(DEFAULT_SCHEDULE.quietHours);
    expect(problem({ MESSAGES_QUIET_HOURS: '22:00-07:00', MESSAGES_LAST_MINUTE: '20:45' })).toContain('MESSAGES_LAST_MINUTE');
  });

  it.each([
    ['MESSAGES_REMINDER_OFFSETS', 'tomorrow'],
    ['MESSAGES_REMINDER_OFFSETS', '5m'],
    ['MESSAGES_REMINDER_OFFSETS', '400h'],
    ['MESSAGES_LAST_MINUTE', '21:00'],
    ['MESSAGES_LAST_MINUTE', '8pm'],
    ['MESSAGES_QUIET_HOURS', '21:00'],
    ['MESSAGES_QUIET_HOURS', '21:00-21:00'],
    ['MESSAGES_QUIET_HOURS', '25:00-07:00'],
    ['MESSAGES_TIMEOUT_MS', '50'],
  ])('refuses %s=%s', (name, value) => {
    expect(problem({ [name]: value })).toContain(name);
  });

  it('reports every problem at once', () => {
    const message = problem({ WHATSAPP_ACCESS_TOKEN: WHATSAPP.WHATSAPP_ACCESS_TOKEN, SMS_API_KEY: TERMII.SMS_API_KEY });
    expect(message).toContain('WHATSAPP_PHONE_NUMBER_ID');
    expect(message).toContain('SMS_PROVIDER is missing');
  });
});

describe('createChannels', () => {
  it('uses the sink for unconfigured channels, and the mail transport for e-mail when given', () => {
    const lines: string[] = [];
    const channels = createChannels(parseMessagingConfig({}), { dataDir: '/tmp/x', logger: createLogger((l) => lines.push(l)), sendMail: async () => {} });
    expect([channels.whatsapp.provider, channels.sms.provider, channels.email.provider]).toEqual(['sink', 'sink', 'email']);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'messaging channels', whatsapp: 'sink', sms: 'sink', email: 'email' });
    expect(createChannels(parseMessagingConfig({}), { dataDir: '/tmp/x', logger: silentLogger }).email.provider).toBe('sink');
  });

  it('selects the providers and never logs a secret', () => {
    const lines: string[] = [];
    const channels = createChannels(parseMessagingConfig({ ...WHATSAPP, ...TERMII }), { dataDir: '/tmp/x', logger: createLogger((l) => lines.push(l)) });
    expect([channels.whatsapp.provider, channels.sms.provider, channels.email.provider]).toEqual(['whatsapp-cloud', 'termii', 'sink']);
    for (const secret of [WHATSAPP.WHATSAPP_ACCESS_TOKEN, WHATSAPP.WHATSAPP_APP_SECRET, WHATSAPP.WHATSAPP_VERIFY_TOKEN, TERMII.SMS_API_KEY]) {
      expect(lines.join('\n')).not.toContain(secret);
    }
  });
});
