import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_BOOKING_RULES, type BookingRules } from '../../shared/booking/rules';
import { DEFAULT_BOOKING_LIMITS, type BookingLimits } from '../../shared/booking/limits';
import { DEFAULT_WAITLIST, type WaitlistSettings } from '../../shared/booking/waitlist';
import type { AuthConfig, ServiceAccount } from '../platform/session/auth-config';
import { parseKek } from '../intake/crypto';

export type { AuthConfig, ServiceAccount };

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** 0 = any free port (tests, measurement scripts); the 'listening' line says which. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Express "trust proxy" hops, for correct client IPs behind a load balancer (rate limits, logs). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** A render that has not produced its shell by then is aborted. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  /**
   * Time a client has to send a whole request, headers and body (server.requestTimeout; Node's
   * default is 300 s, so a body trickled a byte at a time held a socket that long); a form body
   * still arriving then is answered 408 by the body reader.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** Time a client has to send a request's headers (slow-header attacks). At most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
  LOG_REQUESTS: bool,
  /** After SIGTERM: keep accepting this long while /readyz answers 503 (default 3000 in production, 0 otherwise). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** After SIGTERM: connections still open by then are closed; keep it below the orchestrator's kill timeout. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8000),
  /** Set by the Docker image: a container must run in production mode. */
  CLINIC_CONTAINER: bool,
  /** Measurement only (scripts/load.mjs): GET /__debug/heap, from loopback, runs the GC (--expose-gc) and reports the heap. */
  DEBUG_HEAP_ENDPOINT: bool,
  /**
   * The site's public origin (scheme, host and port, no path), for absolute URLs in the sitemap,
   * robots.txt, canonical links and social cards. Defaults to http://localhost:$PORT.
   */
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'expected an origin such as https://www.example.com')
    .optional(),
  /** Bytes the anonymous pages' cache may hold (all encodings); 0 turns it off. Default: 32 MiB in production, off otherwise. */
  PAGE_CACHE_BYTES: z.coerce.number().int().min(0).max(2 ** 31).optional(),
  // Identity service (Firebase Authentication). See .env.example and docs/decisions.
  /** host:port of a Firebase Auth Emulator; development and test only. */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}$/, 'expected host:port, e.g. 127.0.0.1:9099')
    .optional(),
  FIREBASE_PROJECT_ID: z.string().regex(/^[a-z0-9-]{4,40}$/, 'expected a Firebase project id').optional(),
  /** Browser (web app) configuration: public values, sent to the sign-in pages. */
  FIREBASE_WEB_API_KEY: z.string().min(10).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().regex(/^[\w.-]+$/, 'expected a host name, e.g. my-project.firebaseapp.com').optional(),
  FIREBASE_WEB_APP_ID: z.string().min(1).optional(),
  /** firebase-admin credentials: a service account key as JSON, or a file path for Application Default Credentials. */
  FIREBASE_SERVICE_ACCOUNT_JSON: z.string().min(2).optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  // The store (PostgreSQL, or embedded PGlite) and mail. See .env.example.
  /** PostgreSQL 15+; required in production. Without it: embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'expected a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Embedded database and .eml files when no SMTP server is set. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** smtp:// or smtps:// URL with credentials; without it, mail is written to DATA_DIR/outbox/*.eml. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'expected an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Receives the clinic's notifications of new requests. */
  CLINIC_INBOX_EMAIL: z.email('expected an e-mail address').default('clinic-inbox@example.com'),
  /** Sender of every mail, e.g. "Clinic website <no-reply@clinic.example>". */
  MAIL_FROM: z.string().min(3).default('Clinic website <no-reply@example.com>'),
  /** How long requests are kept before they are erased (months). */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  // Booking rules (shared/booking/rules.ts, ADR 0029). See .env.example.
  BOOKING_MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).max(14 * 24 * 60).default(DEFAULT_BOOKING_RULES.minNoticeMinutes),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_BOOKING_RULES.horizonDays),
  /** Starts are on this grid from midnight: a divisor of 60 keeps every hour's times alike. */
  BOOKING_SLOT_STEP_MINUTES: z.coerce
    .number()
    .int()
    .refine((v) => [5, 10, 15, 20, 30, 60].includes(v), 'expected 5, 10, 15, 20, 30 or 60')
    .default(DEFAULT_BOOKING_RULES.slotStepMinutes),
  BOOKING_CANCEL_NOTICE_MINUTES: z.coerce.number().int().min(0).max(14 * 24 * 60).default(DEFAULT_BOOKING_RULES.cancellationNoticeMinutes),
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(30).default(DEFAULT_BOOKING_RULES.holdMinutes),
  // What one patient may take online (shared/booking/limits.ts, ADR 0042). See .env.example.
  BOOKING_MAX_FUTURE_VISITS_PER_PHONE: z.coerce.number().int().min(1).max(100).default(DEFAULT_BOOKING_LIMITS.futureVisitsPerPhone),
  BOOKING_MAX_VISITS_PER_DAY_PER_PHONE: z.coerce.number().int().min(1).max(20).default(DEFAULT_BOOKING_LIMITS.visitsPerDayPerPhone),
  BOOKING_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_BOOKING_LIMITS.bookingsPerAddressPerHour),
  BOOKING_MAX_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_BOOKING_LIMITS.bookingsPerNetworkPerHour),
  BOOKING_MAX_MOVES_PER_VISIT_PER_DAY: z.coerce.number().int().min(1).max(50).default(DEFAULT_BOOKING_LIMITS.movesPerVisitPerDay),
  BOOKING_PHONE_PROOF_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_BOOKING_LIMITS.phoneProofDays),
  BOOKING_CODES_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).max(20).default(DEFAULT_BOOKING_LIMITS.codesPerPhonePerHour),
  BOOKING_CODES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_BOOKING_LIMITS.codesPerHour),
  // The waitlist (shared/booking/waitlist.ts, ADR 0047). See .env.example.
  WAITLIST_OFFER_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(DEFAULT_WAITLIST.offerMinutes),
  WAITLIST_OFFERS_PER_TIME: z.coerce.number().int().min(1).max(20).default(DEFAULT_WAITLIST.offersPerTime),
  WAITLIST_ENTRIES_PER_PHONE: z.coerce.number().int().min(1).max(20).default(DEFAULT_WAITLIST.entriesPerPhone),
  /** Signs the patients' manage links (HMAC-SHA256); required in production. */
  BOOKING_SECRET: z
    .string()
    .min(32, 'expected at least 32 characters (e.g. openssl rand -base64 32)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Salts the keys made from what people type (idempotency keys, the newsletter's hash of an
   * unsubscribed address). Required in production, the same on every instance; without it in
   * development a random one is kept in DATA_DIR/form-key-secret.
   */
  FORM_KEY_SECRET: z.string().min(32, 'expected at least 32 characters, e.g. from `openssl rand -base64 32`').optional().or(z.literal('').transform(() => undefined)),
  // Deposits through Paystack (issue 48, ADR 0048). See .env.example and the README.
  /** Paystack's secret key (sk_test_… or sk_live_…): selects Paystack; without it the local stand-in (development, tests). */
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]{10,}$/, 'expected a Paystack secret key, sk_test_… or sk_live_…')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Paystack's API (tests point it at a local fake). */
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  // New-patient forms (issue 47, ADR 0044). See .env.example and docs/data-protection.md.
  /**
   * The key-encryption key of the new-patient forms: 32 random bytes in base64 (openssl rand
   * -base64 32). Required in production (server/intake/keys.ts); without it in development one is
   * kept in DATA_DIR/intake-kek. Kept apart from the database and its backups.
   */
  INTAKE_KEK: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** Older keys, comma-separated, still read until `npm run intake:rekey` has rewrapped every form under INTAKE_KEK. */
  INTAKE_KEK_PREVIOUS: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** Months after its visit that a new-patient form is kept (the clinic's records policy), then deleted. */
  INTAKE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(600).default(120),
});

export type Env = z.infer<typeof schema>;

/** Project id used with the emulator when none is given; the `demo-` prefix keeps the emulator offline. */
export const DEMO_PROJECT_ID = 'demo-clinic';

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  trustProxy: number;
  renderTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this (server.requestTimeout, and the form body reader's own deadline). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (server.headersTimeout). */
  headersTimeoutMs: number;
  logRequests: boolean;
  shutdownDrainMs: number;
  shutdownTimeoutMs: number;
  debugHeap: boolean;
  pageCacheBytes: number;
  auth: AuthConfig;
  store: StoreConfig;
  mail: MailConfig;
  /** The site's public origin, without a trailing slash: links in e-mails, sitemap, canonical links, social cards. */
  publicOrigin: string;
  retentionMonths: number;
  /** FORM_KEY_SECRET; null outside production when unset (server/main.ts then keeps one in DATA_DIR). */
  formKeySecret: string | null;
  booking: BookingConfig;
  intake: IntakeConfig;
}

export interface IntakeConfig {
  /** INTAKE_KEK (checked for its form here; production without one stops where the keys are resolved, server/intake/keys.ts). */
  kek: string | null;
  /** INTAKE_KEK_PREVIOUS, split. */
  previousKeks: string[];
  retentionMonths: number;
}

export interface BookingConfig {
  rules: BookingRules;
  /** What one patient may take online: caps per phone, address and visit, the code's limits. */
  limits: BookingLimits;
  /** The waitlist: how long an offer stays open, to how many at once, entries per phone. */
  waitlist: WaitlistSettings;
  /**
   * BOOKING_SECRET, or null: server/booking/secret.ts then keeps a random one in DATA_DIR
   * outside production and refuses to start in production (loadConfig stays free of I/O).
   */
  secret: string | null;
  /** Deposits' payments (issue 48): Paystack with PAYSTACK_SECRET_KEY, else the local stand-in (refused in production while a service takes a deposit). */
  paystack: { secretKey: string | null; baseUrl: string };
}

export interface StoreConfig {
  /** PostgreSQL when set; embedded PGlite in `${dataDir}/db` otherwise (never in production). */
  databaseUrl: string | null;
  dataDir: string;
}

export interface MailConfig {
  /** SMTP when set; `.eml` files in `${dataDir}/outbox` otherwise. */
  smtpUrl: string | null;
  clinicInbox: string;
  from: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses and checks the environment once, at start. A bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // `docker run --env-file .env` with a development .env would otherwise quietly run the image
  // with development cookies, CSP and settings.
  if (e.CLINIC_CONTAINER && e.NODE_ENV !== 'production') {
    throw new ConfigError(`Invalid configuration: NODE_ENV is ${e.NODE_ENV} inside the container image, which runs in production only; remove NODE_ENV from the container's environment (.env)`);
  }
  const shutdownDrainMs = e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 3000 : 0);
  if (shutdownDrainMs >= e.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError(`Invalid configuration: SHUTDOWN_DRAIN_MS (${shutdownDrainMs}) must be below SHUTDOWN_TIMEOUT_MS (${e.SHUTDOWN_TIMEOUT_MS})`);
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    logRequests: env.LOG_REQUESTS === undefined ? e.NODE_ENV !== 'test' : e.LOG_REQUESTS,
    shutdownDrainMs,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    debugHeap: e.DEBUG_HEAP_ENDPOINT,
    pageCacheBytes: e.PAGE_CACHE_BYTES ?? (e.NODE_ENV === 'production' ? 32 * 1024 * 1024 : 0),
    auth: authConfig(e),
    store: storeConfig(e),
    mail: { smtpUrl: e.SMTP_URL ?? null, clinicInbox: e.CLINIC_INBOX_EMAIL, from: e.MAIL_FROM },
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    retentionMonths: e.RETENTION_MONTHS,
    formKeySecret: formKeySecretOf(e),
    booking: bookingConfig(e),
    intake: intakeConfig(e),
  };
}

function intakeConfig(e: Env): IntakeConfig {
  const previousKeks = (e.INTAKE_KEK_PREVIOUS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  try {
    if (e.INTAKE_KEK) parseKek(e.INTAKE_KEK);
    previousKeks.forEach((k, i) => parseKek(k, `INTAKE_KEK_PREVIOUS (key ${i + 1})`));
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  return { kek: e.INTAKE_KEK ?? null, previousKeks, retentionMonths: e.INTAKE_RETENTION_MONTHS };
}

function bookingConfig(e: Env): BookingConfig {
  // Production without BOOKING_SECRET is refused where the booking service is built at start
  // (server/booking/secret.ts resolveBookingSecret), not here: production runs that do not
  // serve bookings yet (smoke test, measurements) need not carry one.
  return {
    rules: {
      minNoticeMinutes: e.BOOKING_MIN_NOTICE_MINUTES,
      horizonDays: e.BOOKING_HORIZON_DAYS,
      slotStepMinutes: e.BOOKING_SLOT_STEP_MINUTES,
      cancellationNoticeMinutes: e.BOOKING_CANCEL_NOTICE_MINUTES,
      holdMinutes: e.BOOKING_HOLD_MINUTES,
    },
    limits: {
      futureVisitsPerPhone: e.BOOKING_MAX_FUTURE_VISITS_PER_PHONE,
      visitsPerDayPerPhone: e.BOOKING_MAX_VISITS_PER_DAY_PER_PHONE,
      bookingsPerAddressPerHour: e.BOOKING_MAX_PER_ADDRESS_PER_HOUR,
      bookingsPerNetworkPerHour: Math.max(e.BOOKING_MAX_PER_NETWORK_PER_HOUR, e.BOOKING_MAX_PER_ADDRESS_PER_HOUR),
      movesPerVisitPerDay: e.BOOKING_MAX_MOVES_PER_VISIT_PER_DAY,
      phoneProofDays: e.BOOKING_PHONE_PROOF_DAYS,
      codesPerPhonePerHour: e.BOOKING_CODES_PER_PHONE_PER_HOUR,
      codesPerHour: e.BOOKING_CODES_PER_HOUR,
    },
    // The quiet hours are the messages' (MESSAGES_QUIET_HOURS): the composition puts them in (server/app/domains.ts).
    waitlist: { offerMinutes: e.WAITLIST_OFFER_MINUTES, offersPerTime: e.WAITLIST_OFFERS_PER_TIME, entriesPerPhone: e.WAITLIST_ENTRIES_PER_PHONE, quietHours: DEFAULT_WAITLIST.quietHours },
    secret: e.BOOKING_SECRET ?? null,
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY ?? null, baseUrl: e.PAYSTACK_BASE_URL },
  };
}

function formKeySecretOf(e: Env): string | null {
  // Several instances must make the same keys, and a secret made at start would differ on each.
  if (e.NODE_ENV === 'production' && !e.FORM_KEY_SECRET) {
    throw new ConfigError('Invalid configuration: production needs FORM_KEY_SECRET (at least 32 random characters, the same on every instance, e.g. from `openssl rand -base64 32`)');
  }
  return e.FORM_KEY_SECRET ?? null;
}

function storeConfig(e: Env): StoreConfig {
  // PGlite is one process's database: production runs several instances on PostgreSQL.
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: production needs DATABASE_URL (a PostgreSQL 15+ connection string, e.g. postgres://clinic:secret@db:5432/clinic)');
  }
  return { databaseUrl: e.DATABASE_URL ?? null, dataDir: e.DATA_DIR };
}

function parseServiceAccount(json: string): ServiceAccount {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ConfigError('Invalid configuration: FIREBASE_SERVICE_ACCOUNT_JSON is not valid JSON');
  }
  const sa = z.object({ project_id: z.string().min(1), client_email: z.string().min(3), private_key: z.string().min(20) }).safeParse(raw);
  if (!sa.success) {
    throw new ConfigError('Invalid configuration: FIREBASE_SERVICE_ACCOUNT_JSON needs project_id, client_email and private_key (a service account key file)');
  }
  return { projectId: sa.data.project_id, clientEmail: sa.data.client_email, privateKey: sa.data.private_key };
}

function authConfig(e: Env): AuthConfig {
  const isProduction = e.NODE_ENV === 'production';
  if (e.FIREBASE_AUTH_EMULATOR_HOST) {
    // An emulator accepts unsigned tokens: never in production.
    if (isProduction) throw new ConfigError('Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST is set but NODE_ENV is production; unset it to use real Firebase');
    const projectId = e.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
    const emulatorUrl = `http://${e.FIREBASE_AUTH_EMULATOR_HOST}`;
    return {
      mode: 'emulator',
      projectId,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
      web: { apiKey: e.FIREBASE_WEB_API_KEY ?? 'demo-api-key', authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`, projectId, emulatorUrl },
    };
  }

  const real = { FIREBASE_PROJECT_ID: e.FIREBASE_PROJECT_ID, FIREBASE_WEB_API_KEY: e.FIREBASE_WEB_API_KEY, FIREBASE_AUTH_DOMAIN: e.FIREBASE_AUTH_DOMAIN };
  const given = Object.entries(real).filter(([, v]) => v);
  const hasCredentials = Boolean(e.FIREBASE_SERVICE_ACCOUNT_JSON || e.GOOGLE_APPLICATION_CREDENTIALS);
  // GOOGLE_APPLICATION_CREDENTIALS alone is often set machine-wide for other tools: it does not switch modes.
  if (given.length === 0 && !e.FIREBASE_SERVICE_ACCOUNT_JSON) {
    if (isProduction) {
      throw new ConfigError(
        'Invalid configuration: production needs Firebase settings (FIREBASE_PROJECT_ID, FIREBASE_WEB_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_SERVICE_ACCOUNT_JSON or GOOGLE_APPLICATION_CREDENTIALS)',
      );
    }
    return { mode: 'unavailable', reason: 'No identity service is configured on this server (no Firebase settings and no Auth Emulator).' };
  }
  const missing = Object.entries(real)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (!hasCredentials) missing.push('FIREBASE_SERVICE_ACCOUNT_JSON or GOOGLE_APPLICATION_CREDENTIALS');
  if (missing.length) throw new ConfigError(`Invalid configuration: Firebase settings are incomplete, missing ${missing.join(', ')}`);

  const projectId = e.FIREBASE_PROJECT_ID!;
  const serviceAccount = e.FIREBASE_SERVICE_ACCOUNT_JSON ? parseServiceAccount(e.FIREBASE_SERVICE_ACCOUNT_JSON) : null;
  if (serviceAccount && serviceAccount.projectId !== projectId) {
    throw new ConfigError(`Invalid configuration: FIREBASE_SERVICE_ACCOUNT_JSON is for project ${serviceAccount.projectId}, not FIREBASE_PROJECT_ID ${projectId}`);
  }
  return {
    mode: 'firebase',
    projectId,
    serviceAccount,
    ...(serviceAccount ? {} : { credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS! }),
    web: { apiKey: e.FIREBASE_WEB_API_KEY!, authDomain: e.FIREBASE_AUTH_DOMAIN!, projectId, ...(e.FIREBASE_WEB_APP_ID ? { appId: e.FIREBASE_WEB_APP_ID } : {}) },
  };
}

/**
 * With GOOGLE_APPLICATION_CREDENTIALS, the key file must be there and be a credentials
 * JSON at start, not at the first sign-in. Called by server/main.ts (loadConfig stays free of I/O).
 */
export function checkCredentialsFile(auth: AuthConfig, read: (path: string) => string = (p) => readFileSync(p, 'utf8')): void {
  if (auth.mode !== 'firebase' || !auth.credentialsFile) return;
  const file = auth.credentialsFile;
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new ConfigError(`Invalid configuration: GOOGLE_APPLICATION_CREDENTIALS=${file} cannot be read (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`Invalid configuration: GOOGLE_APPLICATION_CREDENTIALS=${file} is not valid JSON`);
  }
  if (typeof json !== 'object' || json === null || typeof (json as { type?: unknown }).type !== 'string') {
    throw new ConfigError(`Invalid configuration: GOOGLE_APPLICATION_CREDENTIALS=${file} is not a Google credentials file (no "type")`);
  }
}
