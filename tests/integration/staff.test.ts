import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../server/platform/mail/outbox';
import { requestEvents, requests } from '../../server/requests/schema';
import type { Store } from '../../server/platform/db/store';
import { submit as submitRequest } from '../support/submit';
import { runRetention } from '../../server/requests/staff/repo';
import type { SessionUser } from '../../shared/platform/session';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';
import { makeTestApp } from '../support/test-app';

const patient: SessionUser = { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' };
const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const POST_SLUG = 'healthy-eating-and-hydration-for-your-spine';

describe.each(testEngines())('the staff inbox on %s', (engine) => {
  let t: TestStore;
  let store: Store;
  let user: SessionUser | null = staff;
  let contentChanges = 0;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    store = t.store;
    app = makeTestApp({ store, requests: undefined, getUser: async () => user, onContentChange: () => contentChanges++ });
  });
  afterAll(() => t?.cleanup());
  beforeEach(async () => {
    user = staff;
    contentChanges = 0;
    await store.db.execute(sql`TRUNCATE requests, request_events, outbox, rate_limits, newsletter_subscribers RESTART IDENTITY CASCADE`);
  });

  const submit = (kind: 'appointment' | 'contact' | 'comment', fields: { name?: string; email?: string | null; phone?: string | null; payload?: Record<string, unknown> } = {}) =>
    submitRequest(store, { kind, idempotencyKey: randomUUID(), name: fields.name ?? 'Ada Obi', email: fields.email ?? null, phone: fields.phone ?? null, payload: fields.payload ?? {}, notify: null });
  const row = async (reference: string) => (await store.db.select().from(requests).where(eq(requests.reference, reference)))[0];
  const post = (path: string, fields: Record<string, string | number>) => request(app).post(path).type('form').send(fields);

  it('staff see the number of new requests in the site header on every page; patients see no inbox', async () => {
    await submit('appointment');
    await submit('contact');
    const home = await request(app).get('/');
    expect(home.text).toMatch(/<a[^>]*href="\/staff"[^>]*class="account__inbox"|<a[^>]*class="account__inbox"[^>]*href="\/staff"/);
    expect(home.text).toMatch(/account__badge">2</);
    user = { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' };
    expect((await request(app).get('/')).text).not.toContain('account__inbox');
  });

  it('signed out: every staff page and download redirects to sign in, and comes back', async () => {
    user = null;
    const { reference } = await submit('appointment');
    for (const path of ['/staff', `/staff/requests/${reference}`, '/staff/people', '/staff/export.csv?kind=contact']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
    }
    expect((await post(`/staff/requests/${reference}`, { intent: 'status', version: 1, status: 'contacted' })).status).toBe(302);
    expect((await row(reference))!.status).toBe('new');
  });

  it('signed in without the role: 403 pages, 403 downloads, and no change', async () => {
    user = patient;
    const { reference } = await submit('appointment');
    for (const path of ['/staff', `/staff/requests/${reference}`, '/staff/people', '/staff/export.csv']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(403);
      expect(res.text).not.toContain('Ada Obi');
    }
    expect((await post(`/staff/requests/${reference}`, { intent: 'status', version: 1, status: 'spam' })).status).toBe(403);
    expect((await post('/staff/people/export.json', { email: 'ada@example.com' })).status).toBe(403);
    expect((await row(reference))!.status).toBe('new');
  });

  it('staff: 200, newest first, the number of new requests, filters, search and paging in the URL', async () => {
    const older = await submit('contact', { name: 'Chidi Okafor', email: 'chidi@example.com', phone: '+2348031234567' });
    await store.db.update(requests).set({ createdAt: sql`now() - interval '1 day'` }).where(eq(requests.reference, older.reference));
    const newer = await submit('appointment', { name: 'Halima Yusuf', phone: '+2348051112222' });
    const res = await request(app).get('/staff');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.text.indexOf(newer.reference)).toBeGreaterThan(-1);
    expect(res.text.indexOf(newer.reference)).toBeLessThan(res.text.indexOf(older.reference));
    expect(res.text).toMatch(/data-testid="new-count">2</);

    const byKind = await request(app).get('/staff?kind=contact');
    expect(byKind.text).toContain(older.reference);
    expect(byKind.text).not.toContain(newer.reference);
    const byPhone = await request(app).get(`/staff?q=${encodeURIComponent('0803 123 4567')}`);
    expect(byPhone.text).toContain(older.reference);
    expect(byPhone.text).not.toContain(newer.reference);
    const byPartialPhone = await request(app).get('/staff?q=805111');
    expect(byPartialPhone.text).toContain(newer.reference);
    expect(byPartialPhone.text).not.toContain(older.reference);
    const byName = await request(app).get('/staff?q=halima');
    expect(byName.text).toContain(newer.reference);
    expect(byName.text).not.toContain(older.reference);
    const byReference = await request(app).get(`/staff?q=${older.reference.toLowerCase()}`);
    expect(byReference.text).toContain(older.reference);
    expect(byReference.text).not.toContain(newer.reference);

    for (let i = 0; i < 20; i++) await submit('contact', { name: `Filler ${i}` });
    const first = await request(app).get('/staff');
    expect(first.text).toContain('22 requests');
    expect(first.text).not.toContain(older.reference);
    const olderPage = /<a rel="next" href="(\/staff\?after=[^"]+)"/.exec(first.text)?.[1];
    const second = await request(app).get(olderPage!.replaceAll('&amp;', '&'));
    expect(second.text).toContain(older.reference);
    const data = await request(app).get('/staff?status=new&_data=%2Fstaff');
    expect(data.body).toMatchObject({ kind: 'data', data: { count: { n: 22, capped: false }, newCount: 22, filters: { status: 'new' } } });
  });

  it('a status change is recorded in the history with who and when, and shown on the detail page', async () => {
    const { reference } = await submit('appointment', { phone: '+2348031234567', payload: { service: '1', date: '2026-12-01', time: '10:30', request: 'Ground floor' } });
    const page = await request(app).get(`/staff/requests/${reference}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('+234 803 123 4567');
    expect(page.text).toContain('Preferred time (Abuja)');
    expect(page.text).toContain('name="version" value="1"');

    const res = await post(`/staff/requests/${reference}`, { intent: 'status', version: 1, status: 'contacted' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/staff/requests/${reference}?saved=status`);
    const stored = (await row(reference))!;
    expect(stored).toMatchObject({ status: 'contacted', version: 2 });
    const events = await store.db.select().from(requestEvents).where(eq(requestEvents.requestId, stored.id)).orderBy(requestEvents.id);
    expect(events.map((e) => [e.actor, e.action, e.fromStatus, e.toStatus])).toEqual([
      ['visitor', 'created', null, 'new'],
      ['u-staff', 'status', 'new', 'contacted'],
    ]);
    expect(events[1]!.at).toBeInstanceOf(Date);
    const after = await request(app).get(`/staff/requests/${reference}?saved=status`);
    expect(after.text.replaceAll('<!-- -->', '')).toMatch(/Status New → Contacted <span>by Ngozi Eze/);
    expect(after.text).toContain('Status saved.');
  });

  it('two staff editing at once: exactly one wins, the other gets 409 with a clear message and what they typed', async () => {
    const { reference } = await submit('contact');
    const [a, b] = await Promise.all([
      post(`/staff/requests/${reference}`, { intent: 'note', version: 1, note: 'Called, no answer' }),
      post(`/staff/requests/${reference}`, { intent: 'note', version: 1, note: 'Prefers WhatsApp' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const lost = a.status === 409 ? a : b;
    const lostNote = lost === a ? 'Called, no answer' : 'Prefers WhatsApp';
    expect(lost.text).toContain('Someone else changed this request');
    expect(lost.text).toContain(lostNote); // the typed value is kept in the form
    expect(lost.text).toContain('name="version" value="2"'); // and the page shows the current version
    expect((await row(reference))!.version).toBe(2);
    // The same through a data request (JavaScript on).
    const stale = await request(app).post(`/staff/requests/${reference}?_data=${encodeURIComponent('/staff/requests/:reference')}`).type('form').send({ intent: 'status', version: 1, status: 'spam' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ kind: 'data', status: 409, data: { outcome: 'conflict', values: { status: 'spam' } } });
  });

  it('booked asks for the date and time; with an e-mail, the confirmation and its .ics are queued in the same change', async () => {
    const { reference } = await submit('appointment', { email: 'ada@example.com', phone: '+2348031234567' });
    const missing = await post(`/staff/requests/${reference}`, { intent: 'status', version: 1, status: 'booked', date: '', time: '' });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Please enter the visit’s date');
    expect((await row(reference))!.status).toBe('new');

    const res = await post(`/staff/requests/${reference}`, { intent: 'status', version: 1, status: 'booked', date: '2026-12-01', time: '10:30' });
    expect(res.status).toBe(303);
    const stored = (await row(reference))!;
    expect(stored.visitAt?.toISOString()).toBe('2026-12-01T09:30:00.000Z');
    const mails = await store.db.select().from(outbox).where(eq(outbox.requestId, stored.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'ada@example.com', status: 'pending' });
    expect(mails[0]!.text).toContain('1 Dec 2026, 10:30');
    const [attachment] = mails[0]!.attachments!;
    expect(attachment).toMatchObject({ filename: `visit-${reference}.ics`, contentType: expect.stringContaining('text/calendar') });
    const ics = Buffer.from(attachment!.content, 'base64').toString('utf8');
    expect(ics.split('\r\n').length).toBeGreaterThan(10);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/); // CRLF only
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART;TZID=Africa/Lagos:20261201T103000');
    expect(ics).toContain('DTEND;TZID=Africa/Lagos:20261201T111500');
    expect(ics).toContain(`UID:${reference.toLowerCase()}@`);
    expect(ics.replace(/\r\n /g, '')).toContain('LOCATION:12 Example Crescent\\, Wuse II\\, Abuja\\, Nigeria');
    expect(ics.replace(/\r\n /g, '')).toContain('+234 800 000 0001');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // Without an e-mail: booked, and no mail.
    const phoneOnly = await submit('appointment', { phone: '+2348031234568' });
    await post(`/staff/requests/${phoneOnly.reference}`, { intent: 'status', version: 1, status: 'booked', date: '2026-12-02', time: '09:00' });
    expect((await row(phoneOnly.reference))!.status).toBe('booked');
    expect(await store.db.select().from(outbox)).toHaveLength(1);
  });

  it('erasing a person empties their personal fields and payload, keeps an anonymised history line, and leaves others alone', async () => {
    const mine = await submit('contact', { name: 'Bola Ade', email: 'Bola@Example.com', phone: '+2348031234567', payload: { message: 'My back hurts' } });
    const mineByPhone = await submit('appointment', { name: 'Bola', phone: '+2348031234567', payload: { request: 'Evening' } });
    const other = await submit('contact', { name: 'Chidi', email: 'chidi@example.com', payload: { message: 'Hello' } });
    const refused = await post('/staff/people', { intent: 'erase', email: 'bola@example.com', phone: '0803 123 4567' });
    expect(refused.status).toBe(422);
    expect((await row(mine.reference))!.name).toBe('Bola Ade');

    const res = await post('/staff/people', { intent: 'erase', email: 'bola@example.com', phone: '0803 123 4567', confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toContain('erased=2');
    for (const ref of [mine.reference, mineByPhone.reference]) {
      const r = (await row(ref))!;
      expect(r).toMatchObject({ name: null, email: null, phone: null, payload: {}, note: null });
      expect(r.erasedAt).toBeInstanceOf(Date);
      const events = await store.db.select().from(requestEvents).where(eq(requestEvents.requestId, r.id));
      expect(events.map((e) => e.action)).toEqual(['created', 'erased']);
      expect(JSON.stringify(events)).not.toMatch(/Bola|bola|2348031234567/);
    }
    expect(await row(other.reference)).toMatchObject({ name: 'Chidi', email: 'chidi@example.com', payload: { message: 'Hello' } });
    const detail = await request(app).get(`/staff/requests/${mine.reference}`);
    expect(detail.text).toContain('Personal data erased on request');
    expect(detail.text).not.toContain('My back hurts');
  });

  it('the export holds only that person’s requests, with their history', async () => {
    const a = await submit('contact', { name: 'Bola', email: 'bola@example.com', payload: { message: 'Hi' } });
    const b = await submit('appointment', { name: 'Bola', phone: '+2348031234567' });
    const other = await submit('contact', { name: 'Chidi', email: 'chidi@example.com' });
    const res = await post('/staff/people/export.json', { email: 'BOLA@example.com', phone: '' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.requests.map((r: { reference: string }) => r.reference)).toEqual([a.reference]);
    expect(res.body.requests[0]).toMatchObject({ email: 'bola@example.com', payload: { message: 'Hi' }, history: [{ action: 'created' }] });
    expect(res.body.requests[0].idempotencyKey).toBeUndefined();
    const both = await post('/staff/people/export.json', { email: 'bola@example.com', phone: '0803 123 4567' });
    expect(both.body.requests.map((r: { reference: string }) => r.reference).sort()).toEqual([a.reference, b.reference].sort());
    expect(JSON.stringify(both.body)).not.toContain(other.reference);
    // The people page lists the same.
    const page = await request(app).get('/staff/people?email=bola%40example.com');
    expect(page.text).toContain(a.reference);
    expect(page.text).not.toContain(other.reference);
  });

  it('retention deletes only closed (and spam) requests older than the period, never an open one or a published comment', async () => {
    const due = await submit('contact', { name: 'Old closed' });
    const recent = await submit('contact', { name: 'Recently closed' });
    const open = await submit('contact', { name: 'Old but open' });
    const spam = await submit('contact', { name: 'Old spam' });
    const comment = await submit('comment', { name: 'Old comment', payload: { postId: POST_SLUG, comment: 'Thanks' } });
    const old = sql`now() - interval '25 months'`;
    await store.db.update(requests).set({ status: 'closed', closedAt: old, createdAt: old }).where(eq(requests.reference, due.reference));
    await store.db.update(requests).set({ status: 'closed', closedAt: sql`now() - interval '23 months'`, createdAt: old }).where(eq(requests.reference, recent.reference));
    await store.db.update(requests).set({ createdAt: old, updatedAt: old }).where(eq(requests.reference, open.reference));
    await store.db.update(requests).set({ status: 'spam', createdAt: old, updatedAt: old }).where(eq(requests.reference, spam.reference));
    await store.db.update(requests).set({ status: 'closed', closedAt: old, publishedAt: old }).where(eq(requests.reference, comment.reference));
    expect(await runRetention(store.db, 24)).toMatchObject({ requests: 2 });
    expect(await row(due.reference)).toBeUndefined();
    expect(await row(spam.reference)).toBeUndefined();
    for (const kept of [recent, open, comment]) expect(await row(kept.reference)).toBeDefined();
    expect(await runRetention(store.db, 24)).toMatchObject({ requests: 0 });
  });

  it('the CSV export follows the filters and neutralises formulas', async () => {
    await submit('contact', { name: '=HYPERLINK("http://evil.example","click")', email: 'x@example.com' });
    await submit('contact', { name: '+SUM(1,2)' });
    await submit('appointment', { name: 'Plain, "quoted" name' });
    const res = await request(app).get('/staff/export.csv?kind=contact');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.text).toContain(`"'+SUM(1,2)"`);
    expect(res.text).not.toMatch(/(^|,)"[=+\-@]/m);
    expect(res.text).not.toContain('quoted');
    const all = await request(app).get('/staff/export.csv');
    expect(all.text).toContain('"Plain, ""quoted"" name"');
  });

  it('approving a comment publishes it under its post (server-rendered); rejecting deletes it', async () => {
    const good = await submit('comment', { name: 'Tunde', email: 'tunde@example.com', payload: { postId: POST_SLUG, comment: 'Drinking more water really helped my back.' } });
    const bad = await submit('comment', { name: 'Spammer', email: 's@example.com', payload: { postId: POST_SLUG, comment: 'Buy cheap pills' } });
    const before = await request(app).get(`/blogDetails?post=${POST_SLUG}`);
    expect(before.status).toBe(200);
    expect(before.text).not.toContain('Drinking more water');

    const detail = await request(app).get(`/staff/requests/${good.reference}`);
    expect(detail.text).toContain('Approve and publish');
    expect(detail.text).toContain('Eating well and drinking enough water'); // the post's title, not its slug
    expect((await post(`/staff/requests/${good.reference}`, { intent: 'approve', version: 1 })).status).toBe(303);
    expect((await row(good.reference))!.publishedAt).toBeInstanceOf(Date);
    expect(contentChanges).toBe(1);
    for (const path of ['/blogDetails', '/blogDetailsAudio', '/blogDetailsLeftSidebar']) {
      const page = await request(app).get(`${path}?post=${POST_SLUG}`);
      expect(page.text, path).toContain('Drinking more water really helped my back.');
      expect(page.text).toContain('Tunde');
      expect(page.text).not.toContain('Buy cheap pills');
    }
    const other = await request(app).get('/blogDetails?post=childrens-backpacks-and-posture');
    expect(other.text).not.toContain('Drinking more water');

    const rejected = await post(`/staff/requests/${bad.reference}`, { intent: 'reject', version: 1 });
    expect(rejected.status).toBe(303);
    expect(rejected.headers.location).toBe(`/staff?deleted=${bad.reference}`);
    expect(await row(bad.reference)).toBeUndefined();
    expect(contentChanges).toBe(2);
  });
});
