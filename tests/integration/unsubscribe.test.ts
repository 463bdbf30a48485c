import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formKeys } from '../../server/requests/keys';
import { outbox } from '../../server/platform/mail/outbox';
import { newsletterSubscribers, requests } from '../../server/requests/schema';
import { suppressUnsubscribed } from '../../server/requests/repo';
import { runRetention } from '../../server/requests/staff/repo';
import { dumpDatabase, rowsHolding } from '../support/database-dump';
import { makeTestApp } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// Issue 34, defect 6: unsubscribing kept the address in newsletter_subscribers, in a request
// with status new (which retention never removes) and in the outbox. Now it keeps only what
// is needed to honour it: a salted hash of the address, so it is not added again without a
// new consent; the request is closed (retention removes it in time) and the newsletter's
// mail to the address goes.

const SECRET = 'unsubscribe-test-secret-of-32-characters-at-least';
const address = 'Folasade.Unsub@example.com';
const lower = address.toLowerCase();

describe.each(testEngines())('unsubscribing on %s', (engine) => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    app = makeTestApp({ store: t.store, requests: undefined, formKeySecret: SECRET });
  });
  afterAll(() => t?.cleanup());

  const signUp = () => request(app).post('/?_data=%2F').type('form').send({ email: address, consent: 'yes' });
  const subscriber = async () => (await t.store.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, lower)))[0];

  it('keeps a salted hash only, closes the request, drops the newsletter’s mail; the link works twice; a new sign-up needs a new confirmation', async () => {
    expect((await signUp()).status).toBe(200);
    const { confirmToken } = (await subscriber())!;
    expect((await request(app).post('/newsletter/confirm').type('form').send({ token: confirmToken })).status).toBe(200);
    // Signing up again while subscribed queues an "already subscribed" mail: pending, like the confirmation.
    await request(app).post('/').type('form').send({ email: address, consent: 'yes', note: 'again' });
    const { unsubscribeToken } = (await subscriber())!;
    expect((await t.store.db.select().from(outbox).where(sql`lower(${outbox.to}) = ${lower}`)).length).toBeGreaterThan(0);

    const res = await request(app).post(`/newsletter/unsubscribe?token=${unsubscribeToken}`).type('form').send({ 'List-Unsubscribe': 'One-Click' });
    expect(res.status).toBe(200);

    expect(await subscriber()).toBeUndefined();
    expect(await t.store.db.select().from(outbox).where(sql`lower(${outbox.to}) = ${lower}`)).toEqual([]);
    const newsletterRequests = await t.store.db.select().from(requests).where(eq(requests.kind, 'newsletter'));
    expect(newsletterRequests.length).toBeGreaterThan(0);
    for (const r of newsletterRequests) {
      expect(r.status).toBe('closed');
      expect(r.closedAt).toBeInstanceOf(Date);
      expect(r.idempotencyKey).toBeNull();
    }
    // The address is left only in the closed requests (the record of the consent given, until retention).
    expect(new Set(rowsHolding(await dumpDatabase(t.store), [lower]).map((r) => r.table))).toEqual(new Set(['public.requests']));
    const hash = formKeys(SECRET).email(address);
    expect(rowsHolding(await dumpDatabase(t.store), [hash]).map((r) => r.table)).toEqual(['public.newsletter_suppressions']);

    // A second click (or a mail client's retry) still says unsubscribed.
    expect((await request(app).post('/newsletter/unsubscribe').type('form').send({ token: unsubscribeToken })).status).toBe(200);

    // Retention removes the closed requests in time: then only the hash is left.
    await t.store.db.update(requests).set({ closedAt: sql`now() - interval '25 months'` }).where(eq(requests.kind, 'newsletter'));
    await runRetention(t.store.db, 24);
    expect(rowsHolding(await dumpDatabase(t.store), [lower])).toEqual([]);
    expect(rowsHolding(await dumpDatabase(t.store), [hash])).toHaveLength(1);

    // Subscribing again is a new request and needs a new confirmation, which lifts the suppression.
    expect((await signUp()).status).toBe(200);
    const again = (await subscriber())!;
    expect(again.status).toBe('pending');
    expect((await request(app).post('/newsletter/confirm').type('form').send({ token: again.confirmToken })).status).toBe(200);
    expect(rowsHolding(await dumpDatabase(t.store), [hash])).toEqual([]);
  });

  it('rows the code before this left as "unsubscribed" become suppressions at the next retention run', async () => {
    await t.store.db.insert(newsletterSubscribers).values({ email: 'legacy.reader@example.com', status: 'unsubscribed', unsubscribeToken: 'legacy-token' });
    expect(await suppressUnsubscribed(t.store, formKeys(SECRET))).toBe(1);
    expect(rowsHolding(await dumpDatabase(t.store), ['legacy.reader@example.com'])).toEqual([]);
    expect(rowsHolding(await dumpDatabase(t.store), [formKeys(SECRET).email('legacy.reader@example.com')]).map((r) => r.table)).toEqual(['public.newsletter_suppressions']);
    expect((await request(app).post('/newsletter/unsubscribe').type('form').send({ token: 'legacy-token' })).status).toBe(200);
    expect(await suppressUnsubscribed(t.store, formKeys(SECRET))).toBe(0);
  });
});
