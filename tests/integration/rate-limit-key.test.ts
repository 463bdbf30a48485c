import { count, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/app/config';
import { silentLogger } from '../../server/platform/http/logger';
import { addressKey, exactAddressKey, type RateLimitStore } from '../../server/platform/http/rate-limit';
import { createSession } from '../../server/platform/session/session';
import { outbox } from '../../server/platform/mail/outbox';
import { rateLimits } from '../../server/platform/db/rate-limit';
import { makeTestApp, rejectingAdmin } from '../support/test-app';
import { openTestStore, pageEngines, type TestStore } from '../support/test-store';

// Issue 34, defect 2: every limiter counts a client by the same key: an IPv4 address as it is,
// an IPv6 address by its /64 (one subscriber usually holds a whole /64), the forwarded address
// behind TRUST_PROXY. Before, the forms counted each IPv6 address on its own.

/** 2001:db8:1:2::1 … ::19 (hex): 25 addresses of one /64. */
const sameSlash64 = Array.from({ length: 25 }, (_, i) => `2001:db8:1:2::${(i + 1).toString(16)}`);

describe('addressKey', () => {
  it('keeps an IPv4 address, folds an IPv4-mapped one into it, and keys IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(new Set(sameSlash64.map(addressKey)).size).toBe(1);
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe.each(pageEngines())('the form limit behind a proxy on %s', (engine) => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    app = makeTestApp({ config: loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }), store: t.store, requests: undefined });
  });
  afterAll(() => t?.cleanup());

  it('25 newsletter sign-ups from one IPv6 /64: the 21st is limited, and only 20 confirmation mails are queued', async () => {
    const statuses: number[] = [];
    for (const [i, address] of sameSlash64.entries()) {
      const res = await request(app).post('/?_data=%2F').set('X-Forwarded-For', address).type('form').send({ email: `reader${i}@example.com`, consent: 'yes' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    expect((await t.store.db.select({ n: count() }).from(outbox))[0]!.n).toBe(20);
    const keys = await t.store.db.select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits).where(sql`${rateLimits.key} LIKE 'form:%'`);
    expect(keys).toEqual([{ key: `form:${addressKey(sameSlash64[0]!)}`, count: 25 }]);
    // The next /64 is another client.
    const other = await request(app).post('/?_data=%2F').set('X-Forwarded-For', '2001:db8:1:3::1').type('form').send({ email: 'other@example.com', consent: 'yes' });
    expect(other.status).toBe(200);
  });
});

describe('sign-in uses the same key', () => {
  it('counts the forwarded IPv6 address by its /64 under the key the forms use', async () => {
    const keys: string[] = [];
    const recording: RateLimitStore = {
      async hit(key) {
        keys.push(key);
        return { allowed: true, retryAfterSeconds: 0 };
      },
    };
    const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', FIREBASE_PROJECT_ID: 'demo-limits' });
    const session = createSession({ auth: config.auth, admin: rejectingAdmin, secureCookies: false, logger: silentLogger, rateLimitStore: recording });
    const app = makeTestApp({ config, api: session.api, getUser: session.getUser });
    for (const address of sameSlash64.slice(0, 3)) {
      await request(app).post('/api/session').set('Host', 'clinic.test').set('Sec-Fetch-Site', 'same-origin').set('X-Forwarded-For', address).send({ idToken: 'y'.repeat(40) });
    }
    expect(keys).toEqual(Array(3).fill(`signin-address:${addressKey(sameSlash64[0]!)}`));
  });
});

describe('the booking counts apart from the forms', () => {
  it('counts a booking by its exact address and, for IPv6, by its /64 as well, in buckets of its own (issue 44)', async () => {
    const keys: string[] = [];
    const rateLimitStore: RateLimitStore = {
      async hit(key) {
        keys.push(key);
        // Each address is under its own limit; the /64 they share is not.
        return key.startsWith('book-net:') ? { allowed: false, retryAfterSeconds: 60 } : { allowed: true, retryAfterSeconds: 0 };
      },
    };
    const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' });
    const app = makeTestApp({ config, rateLimitStore });
    for (const address of sameSlash64.slice(0, 3)) {
      const res = await request(app).post('/book').type('form').set('X-Forwarded-For', address).send({ service: '4', visit: 'follow_up', name: 'Ada' });
      expect(res.status).toBe(429);
    }
    expect(keys).toEqual(sameSlash64.slice(0, 3).flatMap((a) => [`book:${exactAddressKey(a)}`, `book-net:${addressKey(sameSlash64[0]!)}`]));
    expect(keys.some((k) => k.startsWith('form:'))).toBe(false);
  });
});
