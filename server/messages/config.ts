/**
 * Which adapter answers for each channel, from the environment (checked at start):
 *  - no WHATSAPP_* variable → WhatsApp goes to the local sink; WHATSAPP_ACCESS_TOKEN,
 *    WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN → the Cloud API.
 *  - no SMS_* variable → SMS goes to the local sink; SMS_PROVIDER=termii with SMS_API_KEY and
 *    SMS_SENDER_ID → Termii.
 *  - e-mail: the project's mail transport when one is passed in, the sink otherwise.
 * A partial set is an error naming what is missing: a half-configured provider silently
 * falling back to the sink would look fine in the logs and reach no patient.
 * See server/messages/env.example.txt for the documented variables.
 */
import { z } from 'zod';
import type { Logger } from '../platform/http/logger';
import { CHANNELS, DEFAULT_TIMEOUT_MS, type Channel, type ChannelAdapter } from './channel';
import { emailAdapter, type SendMail } from './email';
import { DEFAULT_SCHEDULE, type ScheduleConfig } from './rules';
import { sinkAdapter } from './sink';
import { WHATSAPP_CODE_TEMPLATE } from './templates';
import { DEFAULT_TERMII_API_BASE, SENDER_ID, termiiAdapter } from './termii';
import { DEFAULT_WHATSAPP_API_BASE, DEFAULT_WHATSAPP_API_VERSION, whatsAppCloudAdapter, type WhatsAppCloudAdapter } from './whatsapp-cloud';

export class MessagingConfigError extends Error {
  override name = 'MessagingConfigError';
}

/** An unset variable and an empty one are the same (docker --env-file, CI secrets). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const origin = z
  .string()
  .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'expected scheme and host only, e.g. https://graph.facebook.com');

/** "24h,2h" or "1440m,120m" → minutes, longest first. */
const offsets = z
  .string()
  .regex(/^\s*\d+\s*[hm]\s*(,\s*\d+\s*[hm]\s*)*$/i, 'expected offsets before the visit such as 24h,2h or 90m')
  .transform((s) => s.split(',').map((part) => {
    const m = /(\d+)\s*([hm])/i.exec(part);
    return m ? Number(m[1]) * (m[2]?.toLowerCase() === 'h' ? 60 : 1) : 0;
  }))
  .refine((list) => list.every((n) => n >= 15 && n <= 14 * 24 * 60), 'each reminder must be between 15 minutes and 14 days before the visit')
  .transform((list) => [...new Set(list)].sort((a, b) => b - a));

/** "20:59" → minutes since midnight; between 17:00 and 20:59 (before the 21:00 quiet hours). */
const lastMinute = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM, e.g. 20:59')
  .transform((s) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3)))
  .refine((m) => m >= 17 * 60 && m < 21 * 60, 'must be between 17:00 and 20:59 (quiet hours start at 21:00)');

/** A daily window such as 21:00-07:00 (Abuja time), as minutes after midnight. */
const dailyWindow = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'expected a window such as 21:00-07:00')
  .transform((s) => ({ start: Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5)), end: Number(s.slice(6, 8)) * 60 + Number(s.slice(9, 11)) }))
  .refine((w) => w.start !== w.end, 'the window must not start and end at the same minute');

const schema = z.object({
  WHATSAPP_ACCESS_TOKEN: optional(z.string().min(20, 'expected a permanent (system user) access token')),
  WHATSAPP_PHONE_NUMBER_ID: optional(z.string().regex(/^\d{5,20}$/, 'expected the numeric phone number ID from WhatsApp Manager (not the phone number itself)')),
  WHATSAPP_APP_SECRET: optional(z.string().min(16, 'expected the Meta app secret (App settings > Basic)')),
  WHATSAPP_VERIFY_TOKEN: optional(z.string().min(8, 'expected at least 8 characters of your choosing')),
  WHATSAPP_API_BASE: optional(origin),
  WHATSAPP_API_VERSION: optional(z.string().regex(/^v\d+\.\d+$/, 'expected a Graph API version such as v26.0')),
  WHATSAPP_TEMPLATE_LANGUAGE: optional(z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'expected a template language code such as en or en_GB')),
  WHATSAPP_CODE_TEMPLATE: optional(z.string().regex(/^[a-z0-9_]{1,512}$/, 'expected a template name: lower-case letters, digits and underscores')),
  SMS_PROVIDER: optional(z.enum(['termii'], { message: 'expected termii (or leave it unset for the local sink)' })),
  SMS_API_KEY: optional(z.string().min(10, 'expected the Termii API key')),
  SMS_SENDER_ID: optional(z.string().regex(SENDER_ID, 'expected a registered sender ID of 3 to 11 letters, digits or spaces')),
  SMS_API_BASE: optional(origin),
  SMS_WEBHOOK_SECRET: optional(z.string().min(16, 'expected the Termii secret key that signs delivery reports')),
  MESSAGES_REMINDER_OFFSETS: optional(offsets),
  MESSAGES_LAST_MINUTE: optional(lastMinute),
  MESSAGES_QUIET_HOURS: optional(dailyWindow),
  MESSAGES_TIMEOUT_MS: optional(z.coerce.number().int().min(500).max(60_000)),
});

export type WhatsAppConfig =
  | { provider: 'sink' }
  | { provider: 'whatsapp-cloud'; accessToken: string; phoneNumberId: string; appSecret: string; verifyToken: string; apiBase: string; apiVersion: string; language: string; codeTemplate: string };

export type SmsConfig =
  | { provider: 'sink' }
  /** webhookSecret null: delivery reports are not accepted (answered 401). */
  | { provider: 'termii'; apiKey: string; senderId: string; apiBase: string; webhookSecret: string | null };

export interface MessagingConfig {
  whatsapp: WhatsAppConfig;
  sms: SmsConfig;
  schedule: ScheduleConfig;
  /** Per-request timeout of every provider call. */
  timeoutMs: number;
}

const WHATSAPP_REQUIRED = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
const WHATSAPP_ALL = [...WHATSAPP_REQUIRED, 'WHATSAPP_API_BASE', 'WHATSAPP_API_VERSION', 'WHATSAPP_TEMPLATE_LANGUAGE', 'WHATSAPP_CODE_TEMPLATE'] as const;
const SMS_REQUIRED = ['SMS_API_KEY', 'SMS_SENDER_ID'] as const;
const SMS_ALL = ['SMS_PROVIDER', ...SMS_REQUIRED, 'SMS_API_BASE', 'SMS_WEBHOOK_SECRET'] as const;

const list = (names: readonly string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** Reads and checks the messaging variables; throws MessagingConfigError naming every problem. */
export function parseMessagingConfig(env: Record<string, string | undefined>): MessagingConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new MessagingConfigError(`Invalid messaging configuration: ${problems}`);
  }
  const e = parsed.data;
  const problems: string[] = [];

  let whatsapp: WhatsAppConfig = { provider: 'sink' };
  if (WHATSAPP_ALL.some((name) => e[name] !== undefined)) {
    const missing = WHATSAPP_REQUIRED.filter((name) => e[name] === undefined);
    if (missing.length) {
      problems.push(`${list(missing)} ${missing.length === 1 ? 'is' : 'are'} missing: the WhatsApp Cloud API needs ${list(WHATSAPP_REQUIRED)} (or no WHATSAPP_* variable at all, for the local sink)`);
    } else {
      whatsapp = {
        provider: 'whatsapp-cloud',
        accessToken: e.WHATSAPP_ACCESS_TOKEN ?? '',
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? '',
        appSecret: e.WHATSAPP_APP_SECRET ?? '',
        verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? '',
        apiBase: (e.WHATSAPP_API_BASE ?? DEFAULT_WHATSAPP_API_BASE).replace(/\/+$/, ''),
        apiVersion: e.WHATSAPP_API_VERSION ?? DEFAULT_WHATSAPP_API_VERSION,
        language: e.WHATSAPP_TEMPLATE_LANGUAGE ?? 'en',
        codeTemplate: e.WHATSAPP_CODE_TEMPLATE ?? WHATSAPP_CODE_TEMPLATE,
      };
    }
  }

  let sms: SmsConfig = { provider: 'sink' };
  if (SMS_ALL.some((name) => e[name] !== undefined)) {
    if (e.SMS_PROVIDER === undefined) {
      problems.push(`SMS_PROVIDER is missing: set SMS_PROVIDER=termii to send SMS through Termii (or no SMS_* variable at all, for the local sink)`);
    } else {
      const missing = SMS_REQUIRED.filter((name) => e[name] === undefined);
      if (missing.length) {
        problems.push(`${list(missing)} ${missing.length === 1 ? 'is' : 'are'} missing: SMS_PROVIDER=termii needs ${list(SMS_REQUIRED)}`);
      } else {
        sms = {
          provider: 'termii',
          apiKey: e.SMS_API_KEY ?? '',
          senderId: e.SMS_SENDER_ID ?? '',
          apiBase: (e.SMS_API_BASE ?? DEFAULT_TERMII_API_BASE).replace(/\/+$/, ''),
          webhookSecret: e.SMS_WEBHOOK_SECRET ?? null,
        };
      }
    }
  }

  if (e.MESSAGES_QUIET_HOURS && e.MESSAGES_LAST_MINUTE !== undefined) {
    problems.push('MESSAGES_LAST_MINUTE is for the default quiet hours (21:00-07:00): with MESSAGES_QUIET_HOURS set, leave it unset (a reminder that would fall in them goes a minute before they start)');
  }

  if (problems.length) throw new MessagingConfigError(`Invalid messaging configuration: ${problems.join('; ')}`);

  const schedule: ScheduleConfig = {
    ...DEFAULT_SCHEDULE,
    ...(e.MESSAGES_REMINDER_OFFSETS ? { reminderOffsetsMinutes: e.MESSAGES_REMINDER_OFFSETS } : {}),
    ...(e.MESSAGES_QUIET_HOURS ? { quietHours: e.MESSAGES_QUIET_HOURS } : {}),
    ...(e.MESSAGES_LAST_MINUTE !== undefined ? { eveningLeadMinutes: DEFAULT_SCHEDULE.quietHours.start - e.MESSAGES_LAST_MINUTE } : {}),
  };
  return { whatsapp, sms, schedule, timeoutMs: e.MESSAGES_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS };
}

export interface Channels {
  whatsapp: WhatsAppCloudAdapter | ChannelAdapter;
  sms: ChannelAdapter;
  email: ChannelAdapter;
}

/**
 * One adapter per channel, as configured. `sendMail` is the project's mail transport; without
 * it e-mail goes to the sink too. Logs one line saying which provider answers for each channel
 * (never a secret).
 */
export function createChannels(
  config: MessagingConfig,
  deps: { dataDir: string; logger: Logger; sendMail?: SendMail | null; fetch?: typeof fetch },
): Channels {
  const sink = (channel: Channel) => sinkAdapter(channel, { dataDir: deps.dataDir, logger: deps.logger });
  const wa = config.whatsapp;
  const sms = config.sms;
  const channels: Channels = {
    whatsapp:
      wa.provider === 'whatsapp-cloud'
        ? whatsAppCloudAdapter({ accessToken: wa.accessToken, phoneNumberId: wa.phoneNumberId, apiBase: wa.apiBase, apiVersion: wa.apiVersion, language: wa.language, codeTemplate: wa.codeTemplate, timeoutMs: config.timeoutMs, fetch: deps.fetch })
        : sink('whatsapp'),
    sms:
      sms.provider === 'termii'
        ? termiiAdapter({ apiKey: sms.apiKey, senderId: sms.senderId, apiBase: sms.apiBase, timeoutMs: config.timeoutMs, fetch: deps.fetch })
        : sink('sms'),
    email: deps.sendMail ? emailAdapter({ sendMail: deps.sendMail, timeoutMs: config.timeoutMs }) : sink('email'),
  };
  deps.logger.info('messaging channels', Object.fromEntries(CHANNELS.map((c) => [c, channels[c].provider])));
  return channels;
}
