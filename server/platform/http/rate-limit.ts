import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (0 when allowed and nothing to wait for). */
  retryAfterSeconds: number;
}

/**
 * Where rate-limit counters live. In memory for one instance now; a PostgreSQL-backed
 * store (shared by every instance) plugs in through AppDeps/SessionOptions later.
 */
export interface RateLimitStore {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Fixed-window counters in a Map, bounded so a flood of distinct keys cannot grow memory without end. */
export function memoryRateLimitStore({ now = Date.now, maxKeys = 50_000 }: { now?: () => number; maxKeys?: number } = {}): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (t: number) => {
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
    // Still full: drop the oldest windows (a Map iterates in insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        if (windows.size >= maxKeys) sweep(t);
        w = { count: 0, resetAt: t + windowMs };
        windows.delete(key);
        windows.set(key, w);
      }
      w.count++;
      const allowed = w.count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
  };
}

/**
 * The one rate-limit key of a client address, for every limiter (sign-in, forms, booking): an
 * IPv4 address as it is (an IPv4-mapped IPv6 address is the same client), an IPv6 address by
 * its /64, since one subscriber usually holds a whole /64 and can pick any address in it.
 * Give it the address as Express resolved it (`req.ip`, which honours TRUST_PROXY), or the
 * `ip` of a route's clientContext, which is the same.
 */
export function addressKey(ip: string): string {
  return ip ? ipKeyGenerator(ip, 64) : 'unknown';
}

/**
 * One client address exactly (an IPv4 address, an IPv4-mapped IPv6 address as IPv4, a whole
 * IPv6 address): beside `addressKey`'s /64 where a limit counts both (the booking's).
 */
export function exactAddressKey(ip: string): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return ipKeyGenerator(mapped ? mapped[1]! : ip, false);
}

/** The rate-limit key of the request's client (`req.ip` honours TRUST_PROXY). */
export function clientKey(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? '');
}

/** Sends a 429 with Retry-After and the IETF RateLimit headers. */
export function tooMany(res: Response, result: RateLimitResult, policy: string, rule: RateLimitRule, message: string) {
  res.setHeader('Retry-After', String(result.retryAfterSeconds));
  res.setHeader('RateLimit-Policy', `"${policy}";q=${rule.limit};w=${Math.ceil(rule.windowMs / 1000)}`);
  res.setHeader('RateLimit', `"${policy}";r=0;t=${result.retryAfterSeconds}`);
  res.status(429).json({ error: message });
}

/**
 * Middleware limiting requests per client address. If the store fails (e.g. its database is
 * down) the request goes through and the failure is logged: a limiter must not lock everyone out.
 */
export function limitByAddress(store: RateLimitStore, policy: string, rule: RateLimitRule, message: string, onStoreError?: (error: unknown) => void): RequestHandler {
  return async (req, res, next) => {
    let result: RateLimitResult;
    try {
      result = await store.hit(`${policy}:${clientKey(req)}`, rule.limit, rule.windowMs);
    } catch (error) {
      onStoreError?.(error);
      next();
      return;
    }
    if (result.allowed) {
      res.setHeader('RateLimit-Policy', `"${policy}";q=${rule.limit};w=${Math.ceil(rule.windowMs / 1000)}`);
      next();
      return;
    }
    tooMany(res, result, policy, rule, message);
  };
}
