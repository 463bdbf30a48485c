import express, { type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { SessionUser } from '../../../shared/platform/session';
import { REMEMBER_DAYS, type PublicAuthConfig } from '../../../shared/platform/auth-config';
import type { AuthConfig } from './auth-config';
import type { AdminAuth, DecodedToken } from './firebase';
import { readCookie } from '../http/cookies';
import type { Logger } from '../http/logger';
import { limitByAddress, memoryRateLimitStore, tooMany, type RateLimitRule, type RateLimitStore } from '../http/rate-limit';
import { errorFields } from '../http/error-fields';
import { isPractitionerId, isRole } from '../../../shared/platform/roles';
import { requestIdOf } from '../http/request-id';

export interface SessionOptions {
  auth: AuthConfig;
  /** firebase-admin Auth, or null when no identity service is configured. */
  admin: AdminAuth | null;
  /** Secure cookies (and the __Host- prefix) outside local development and tests over http. */
  secureCookies: boolean;
  logger: Logger;
  /** Clock, in milliseconds (tests move it). */
  now?: () => number;
  /** A sign-in older than this cannot start a session. */
  maxAuthAgeS?: number;
  /** Sign-in attempts per client address (IPv6 by /64, behind TRUST_PROXY the forwarded address). */
  rateLimit?: RateLimitRule;
  /** Sessions started per account (Firebase uid). */
  accountRateLimit?: RateLimitRule;
  /** Where the counters live; in memory unless a shared store is given. */
  rateLimitStore?: RateLimitStore;
}

export interface Session {
  api: express.Router;
  getUser(req: Request): Promise<SessionUser | null>;
}

const MAX_AUTH_AGE_S = 5 * 60;
// One carrier-grade NAT can put thousands of people behind one address: the address limit is
// generous; the account limit is the tight one. Sign-out is never limited.
const ADDRESS_LIMIT: RateLimitRule = { limit: 100, windowMs: 10 * 60 * 1000 };
const ACCOUNT_LIMIT: RateLimitRule = { limit: 10, windowMs: 10 * 60 * 1000 };
const DAY_MS = 24 * 60 * 60 * 1000;
const UNAVAILABLE = 'Sign-in is not available: no identity service is configured on this server.';

const sessionBody = z.object({ idToken: z.string().min(20).max(8192), remember: z.boolean().optional() });

function cookieName(secure: boolean) {
  // __Host- cookies must be Secure, Path=/ and host-only: browsers enforce it.
  return secure ? '__Host-session' : 'session';
}

/** A state-changing request from another site (or a client that says nothing about where it comes from) is refused. */
function isSameOrigin(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin') return false;
  const origin = req.get('origin');
  if (origin) {
    try {
      return new URL(origin).host === req.host;
    } catch {
      return false; // "null" or garbage
    }
  }
  return site === 'same-origin';
}

/** Where to send the visitor after signing out: the same-site page they were on, else home. */
function backTo(req: Request): string {
  const referer = req.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    if (url.host !== req.host || url.pathname.startsWith('//')) return '/';
    return url.pathname + url.search;
  } catch {
    return '/';
  }
}

/** Errors of the identity service that mean "this token is not acceptable", as opposed to "the service is unreachable". */
function isRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

/**
 * The user a token or cookie names. `fresh`: the role is read again from the user record,
 * because a session cookie's claims are frozen at sign-in and a revoked member of staff
 * must lose access at the next request (only cookies that claim a role pay for this).
 */
async function toSessionUser(decoded: DecodedToken, admin: AdminAuth, fresh = false): Promise<SessionUser> {
  let name = typeof decoded.name === 'string' ? decoded.name.trim() : '';
  let email = decoded.email ?? null;
  let role = isRole(decoded.role) ? decoded.role : undefined;
  let practitionerId = isPractitionerId(decoded.practitionerId) ? decoded.practitionerId : undefined;
  if (!name || (fresh && role)) {
    const record = await admin.getUser(decoded.uid);
    name ||= record.displayName?.trim() ?? '';
    email ??= record.email ?? null;
    if (fresh && role) {
      const current = record.customClaims?.role;
      role = isRole(current) ? current : undefined;
      // The practitioner link is read again with the role: taken away, it stops at the next request too.
      const linked = record.customClaims?.practitionerId;
      practitionerId = isPractitionerId(linked) ? linked : undefined;
    }
  }
  if (!name) name = email ? email.split('@')[0]! : 'Patient';
  const user: SessionUser = { uid: decoded.uid, displayName: name.slice(0, 80), email };
  if (role) user.role = role;
  // Only with a role: a practitioner link alone opens nothing of the staff area.
  if (role && practitionerId) user.practitionerId = practitionerId;
  return user;
}

export function publicAuthConfig(auth: AuthConfig): PublicAuthConfig {
  return auth.mode === 'unavailable' ? { mode: 'unavailable', message: UNAVAILABLE } : { mode: auth.mode, web: auth.web };
}

/**
 * Sign-in session: POST /api/session turns a fresh Firebase ID token into an httpOnly
 * session cookie, POST /api/session/logout ends it, and getUser() reads it for every render.
 */
export function createSession(options: SessionOptions): Session {
  const { admin, auth, logger, secureCookies } = options;
  const now = options.now ?? Date.now;
  const maxAuthAgeS = options.maxAuthAgeS ?? MAX_AUTH_AGE_S;
  const name = cookieName(secureCookies);
  const cookieBase = { httpOnly: true, secure: secureCookies, sameSite: 'lax' as const, path: '/' };
  const clearCookie = (res: Response) => res.clearCookie(name, cookieBase);

  const store = options.rateLimitStore ?? memoryRateLimitStore({ now });
  const accountRule = options.accountRateLimit ?? ACCOUNT_LIMIT;
  const limiter = limitByAddress(
    store,
    'signin-address',
    options.rateLimit ?? ADDRESS_LIMIT,
    'Too many sign-in attempts from this address. Please wait a few minutes and try again.',
    (error) => logger.error('rate limit store failed', { ...errorFields(error) }),
  );
  /** The session cookie of this request: a bad one (broken encoding, oversized, duplicated, garbage) is expired and ignored. */
  const sessionCookie = (req: Request, res: Response | undefined): string | null => {
    const read = readCookie(req.headers.cookie, name);
    if (read.kind === 'ok') return read.value;
    if (read.kind === 'bad' && res && !res.headersSent) clearCookie(res);
    return null;
  };
  const sameOrigin: RequestHandler = (req, res, next) => {
    if (isSameOrigin(req)) return next();
    res.status(403).json({ error: 'Cross-site requests are not allowed.' });
  };
  const available: RequestHandler = (_req, res, next) => {
    if (admin) return next();
    res.status(503).json({ error: UNAVAILABLE });
  };
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  const api = express.Router();

  api.get('/auth-config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(publicAuthConfig(auth));
  });

  api.post('/session', noStore, limiter, sameOrigin, available, express.json({ limit: '10kb' }), async (req, res) => {
    if (!req.is('application/json')) {
      res.status(415).json({ error: 'Send the ID token as JSON.' });
      return;
    }
    const body = sessionBody.safeParse(req.body);
    if (!body.success) {
      res.status(400).json({ error: 'Expected { idToken, remember? }.' });
      return;
    }
    const { idToken, remember = false } = body.data;
    let decoded: DecodedToken;
    try {
      decoded = await admin!.verifyIdToken(idToken, true);
    } catch (error) {
      if (isRejection(error)) {
        res.status(401).json({ error: 'This sign-in could not be verified. Please sign in again.' });
      } else {
        logger.error('identity service unreachable', { requestId: requestIdOf(req), ...errorFields(error) });
        res.status(503).json({ error: 'The identity service is not reachable. Please try again in a moment.' });
      }
      return;
    }
    if (now() / 1000 - decoded.auth_time > maxAuthAgeS) {
      res.status(401).json({ error: 'This sign-in is too old to start a session. Please sign in again.' });
      return;
    }
    const perAccount = await store.hit(`signin-account:${decoded.uid}`, accountRule.limit, accountRule.windowMs).catch((error: unknown) => {
      logger.error('rate limit store failed', { requestId: requestIdOf(req), ...errorFields(error) });
      return { allowed: true, retryAfterSeconds: 0 };
    });
    if (!perAccount.allowed) {
      tooMany(res, perAccount, 'signin-account', accountRule, 'Too many sign-ins to this account. Please wait a few minutes and try again.');
      return;
    }
    // Not remembered: a browser-session cookie, and a shorter life on the server too.
    const expiresIn = remember ? REMEMBER_DAYS * DAY_MS : DAY_MS;
    try {
      const cookie = await admin!.createSessionCookie(idToken, { expiresIn });
      res.cookie(name, cookie, remember ? { ...cookieBase, maxAge: expiresIn } : cookieBase);
      res.json({ user: await toSessionUser(decoded, admin!) });
    } catch (error) {
      if (isRejection(error)) {
        res.status(401).json({ error: 'This sign-in could not be verified. Please sign in again.' });
        return;
      }
      logger.error('session cookie failed', { requestId: requestIdOf(req), ...errorFields(error) });
      res.status(503).json({ error: 'The identity service is not reachable. Please try again in a moment.' });
    }
  });

  // Sign-out is never rate limited, and a same-site sign-out always expires the cookie, even
  // when the identity service is missing or unreachable.
  const clearFirst: RequestHandler = (_req, res, next) => {
    clearCookie(res);
    next();
  };
  api.post('/session/logout', noStore, sameOrigin, clearFirst, available, async (req, res) => {
    const cookie = sessionCookie(req, undefined);
    if (cookie) {
      try {
        const decoded = await admin!.verifySessionCookie(cookie, true);
        await admin!.revokeRefreshTokens(decoded.uid);
      } catch (error) {
        if (!isRejection(error)) logger.error('sign-out revoke failed', { requestId: requestIdOf(req), ...errorFields(error) });
      }
    }
    // The header's sign-out is a plain form: go back to the page, signed out. fetch() callers may ask for JSON.
    if (req.accepts(['html', 'json']) === 'json') res.json({ ok: true });
    else res.redirect(303, backTo(req));
  });

  if (auth.mode === 'emulator') mountEmulatorPopup(api, auth.emulatorHost);

  async function getUser(req: Request): Promise<SessionUser | null> {
    const cookie = sessionCookie(req, req.res);
    if (!cookie || !admin) return null;
    try {
      const decoded = await admin.verifySessionCookie(cookie, true);
      return await toSessionUser(decoded, admin, true);
    } catch (error) {
      if (isRejection(error)) {
        if (req.res && !req.res.headersSent) clearCookie(req.res);
      } else {
        logger.error('session check failed', { requestId: requestIdOf(req), ...errorFields(error) });
      }
      return null;
    }
  }

  return { api, getUser };
}

/**
 * Google sign-in with the emulator, offline. The SDK's popup flow needs Google's gapi
 * script (from the internet) both on our page and in the emulator's helper frame. Instead,
 * the emulator's own account chooser is served from our origin, so when the visitor picks an
 * account it hands the result to a same-origin relay frame in the opener (client/emulator-google.ts),
 * which signs in with that credential. Development and tests only: production refuses the emulator.
 */
function mountEmulatorPopup(api: express.Router, emulatorHost: string) {
  api.get('/emulator/auth/handler', async (req, res) => {
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    try {
      const upstream = await fetch(`http://${emulatorHost}/emulator/auth/handler${search}`);
      // The chooser is the emulator's page, with inline script and styles; its CDN assets are not needed (and stay blocked).
      res.setHeader('Content-Security-Policy', "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      res.setHeader('Cache-Control', 'no-store');
      res.status(upstream.status).type('html').send(await upstream.text());
    } catch {
      res.status(503).type('text/plain').send('The Auth Emulator is not reachable.');
    }
  });
  api.get('/auth-relay', (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'");
    res.removeHeader('X-Frame-Options');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send('<!doctype html><meta charset="utf-8"><title>Sign-in relay</title>');
  });
}
