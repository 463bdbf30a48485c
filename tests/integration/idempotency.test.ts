import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requests } from '../../server/requests/schema';
import { abujaNow } from '../../shared/platform/clinic-time';
import type { SessionUser } from '../../shared/platform/session';
import { makeTestApp } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// Issue 34, defect 4: the idempotency key was an unsalted SHA-256 of the form, the day and the
// typed values (anyone holding the database could confirm a guessed e-mail or phone), and it
// outlived closing and erasure: the same submission afterwards answered "sent" with the old
// reference and stored nothing, so a patient's second request was silently lost.

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const fields = { name: 'Ifeoma Nwachukwu', email: 'ifeoma@example.com', phone: '0803 111 2233', subject: 'Back', message: 'My lower back hurts when I sit' };

describe.each(testEngines())('idempotency keys on %s', (engine) => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    app = makeTestApp({ store: t.store, requests: undefined, getUser: async () => staff });
  });
  afterAll(() => t?.cleanup());
  beforeEach(async () => {
    await t.store.db.execute(sql`TRUNCATE requests, request_events, outbox, rate_limits, newsletter_subscribers RESTART IDENTITY CASCADE`);
  });

  const send = async () => {
    const res = await request(app).post('/contact?_data=%2Fcontact').type('form').send(fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.reference as string;
  };
  const stored = () => t.store.db.select().from(requests).orderBy(requests.id);

  it('is salted with the server’s secret: the typed values cannot be confirmed from the database', async () => {
    await send();
    const [row] = await stored();
    const unsalted = createHash('sha256')
      .update(JSON.stringify(['contact', abujaNow().date, Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))]))
      .digest('base64url');
    expect(row!.idempotencyKey).toBeTruthy();
    expect(row!.idempotencyKey).not.toBe(unsalted);
    // Another server secret, another key for the same submission.
    const other = makeTestApp({ store: t.store, requests: undefined, formKeySecret: 'another-secret-of-at-least-32-characters' });
    await request(other).post('/contact').type('form').send(fields);
    const keys = (await stored()).map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it('the same submission again is the same request', async () => {
    expect(await send()).toBe(await send());
    expect(await stored()).toHaveLength(1);
  });

  it('after staff closed the request, the same submission is stored anew', async () => {
    const first = await send();
    const close = await request(app).post(`/staff/requests/${first}`).type('form').send({ intent: 'status', version: 1, status: 'closed' });
    expect(close.status).toBe(303);
    const second = await send();
    expect(second).not.toBe(first);
    expect((await stored()).map((r) => r.reference)).toEqual([first, second]);
  });

  it('after the person was erased, the same submission is stored anew', async () => {
    const first = await send();
    const erase = await request(app).post('/staff/people').type('form').send({ intent: 'erase', email: fields.email, confirm: 'yes' });
    expect(erase.status).toBe(303);
    const [erased] = await stored();
    expect(erased!.idempotencyKey).toBeNull();
    const second = await send();
    expect(second).not.toBe(first);
    expect(await stored()).toHaveLength(2);
  });

  it('a key lives a day: the same submission a day later is a new request, and old keys are cleared', async () => {
    const first = await send();
    await t.store.db.update(requests).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(requests.reference, first));
    const second = await send();
    expect(second).not.toBe(first);
    const rows = await stored();
    expect(rows.find((r) => r.reference === first)!.idempotencyKey).toBeNull();
    expect(rows.find((r) => r.reference === second)!.idempotencyKey).toBeTruthy();
  });
});
