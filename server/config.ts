import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Express "trust proxy" hops, for correct client IPs behind a load balancer (rate limits, logs). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** A render that has not produced its shell by then is aborted. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  LOG_REQUESTS: bool,
});

export type Env = z.infer<typeof schema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  trustProxy: number;
  renderTimeoutMs: number;
  logRequests: boolean;
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
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    logRequests: env.LOG_REQUESTS === undefined ? e.NODE_ENV !== 'test' : e.LOG_REQUESTS,
  };
}
