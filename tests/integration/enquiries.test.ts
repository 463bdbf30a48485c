import { count, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../server/platform/mail/outbox';
import { newsletterSubscribers, requests } from '../../server/requests/schema';
import type { Store } from '../../server/platform/db/store';
import { HONEYPOT_FIELD } from '../../shared/requests/form-names';
import { openTestStore, pageEngines, type TestStore } from '../support/test-store';
import { nextOpenDay } from '../support/clinic-time';
import { makeTestApp } from '../support/test-app';


/** One valid submission per delivering form, posted to a page that shows the form. */
const forms = [
  { form: 'appointment', path: '/appoinment', kind: 'appointment', prefix: 'APT', fields: { name: 'Ada Obi', phone: '0803 123 4567', date: nextOpenDay(), time: '10:30', service: '2', request: 'Ground floor' } },
  { form: 'appointment-widget', path: '/homeFour', kind: 'appointment', prefix: 'APT', fields: { name: 'Ada Obi', email: 'ada@example.com', phone: '+234 803 123 4567', service: '1' } },
  { form: 'contact', path: '/contact', kind: 'contact', prefix: 'MSG', fields: { name: 'Chidi', email: 'chidi@example.com', phone: '', subject: 'Hours', message: 'Are you open on Sunday?' } },
  { form: 'quote', path: '/servicesTwo', kind: 'quote', prefix: 'QTE', fields: { service: '1', sessions: '4', patient: 'adult', payment: '', phone: '2348031234567' } },
  { form: 'newsletter', path: '/', kind: 'newsletter', prefix: 'NEWS', fields: { email: 'reader@example.com', consent: 'yes' } },
  { form: 'blog-comment', path: '/blogDetails', kind: 'comment', prefix: 'CMT', fields: { post: 'healthy-eating-and-hydration-for-your-spine', comment: 'Helpful, thanks.', name: 'Bola', email: 'bola@example.com', website: '' } },
  {
    form: 'checkout',
    path: '/checkout',
    kind: 'order',
    prefix: 'ORD',
    fields: { country: 'NG', firstName: 'Ada', lastName: 'Eze', address: '5 Example Close', city: 'Abuja', state: 'FCT', postcode: '900288', email: 'ada@example.com', phone: '0803 123 4567', shipping: 'free', payment: 'bank' },
  },
] as const;

describe.each(pageEngines())('forms deliver into the store on %s', (engine) => {
  let t: TestStore;
  let store: Store;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    store = t.store;
    app = makeTestApp({ store, requests: undefined });
  });
  afterAll(() => t?.cleanup());
  beforeEach(async () => {
    await store.db.execute(sql`TRUNCATE requests, request_events, outbox, rate_limits, newsletter_subscribers RESTART IDENTITY CASCADE`);
  });
  const rows = async () => store.db.select().from(requests);
  const outboxRows = async () => store.db.select().from(outbox);

  it.each(forms)('$form: a valid submission without JavaScript is stored once, with a reference and one mail', async ({ form, path, kind, prefix, fields }) => {
    const res = await request(app).post(path).type('form').send({ _form: form, ...fields });
    expect(res.status).toBe(200);
    const reference = new RegExp(`${prefix}-[A-Z0-9]{5}`).exec(res.text)?.[0];
    expect(reference).toBeTruthy();
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind, reference, status: 'new' });
    if ('phone' in fields && fields.phone) expect(stored[0]!.phone).toBe('+2348031234567');
    const mails = await outboxRows();
    expect(mails).toHaveLength(1);
    // The clinic's notice names the kind and reference only; a newsletter sign-up mails the subscriber instead.
    if (kind === 'newsletter') expect(mails[0]!.to).toBe('reader@example.com');
    else {
      expect(mails[0]!.subject).toContain(reference!);
      for (const value of Object.values(fields)) if (String(value).length > 6 && !String(value).includes('@')) expect(mails[0]!.text).not.toContain(String(value));
    }
  });

  it.each(forms)('$form: the same submission sent twice (reload, back and resubmit) stores one request', async ({ form, path, prefix, fields }) => {
    const first = await request(app).post(path).type('form').send({ _form: form, ...fields });
    const again = await request(app).post(`${path}?_data=${encodeURIComponent(path)}`).type('form').send({ _form: form, ...fields });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ kind: 'data', data: { status: 'sent', reference: expect.stringMatching(new RegExp(`^${prefix}-`)) } });
    expect(first.text).toContain(again.body.data.reference);
    expect(await rows()).toHaveLength(1);
  });

  it.each(forms)('$form: an empty required field is refused beside it (422), nothing is stored, the values come back', async ({ form, path, fields }) => {
    const broken: Record<string, string> = { ...fields };
    const emptied = 'email' in fields && form !== 'appointment-widget' ? 'email' : 'phone' in fields ? 'phone' : 'name';
    broken[emptied] = '';
    const res = await request(app).post(`${path}?_data=${encodeURIComponent(path)}`).type('form').send({ _form: form, ...broken });
    expect(res.status).toBe(422);
    expect(res.body.data.status).toBe('invalid');
    expect(res.body.data.errors[emptied]).toMatch(/^Please/);
    for (const [k, v] of Object.entries(broken)) expect(res.body.data.values[k]).toBe(v);
    expect(await rows()).toHaveLength(0);
  });

  it('phone numbers as people type them are stored as E.164; others are refused', async () => {
    for (const phone of ['0803 123 4567', '+234 803 123 4567', '2348031234567', '+234 (0) 803-123-4567']) {
      const res = await request(app).post('/servicesTwo').type('form').send({ _form: 'quote', phone, sessions: String(phone.length % 2 ? 1 : 4) });
      expect(res.status).toBe(200);
    }
    expect(new Set((await rows()).map((r) => r.phone))).toEqual(new Set(['+2348031234567']));
    for (const phone of ['12345', '+44 20 7946 0958', '0603 123 4567', '0803 123 456']) {
      const res = await request(app).post('/servicesTwo?_data=%2FservicesTwo').type('form').send({ _form: 'quote', phone });
      expect(res.status, phone).toBe(422);
      expect(res.body.data.errors.phone).toContain('Nigerian phone number');
    }
  });

  it('an appointment must be today or later, not on a Saturday, and within opening hours', async () => {
    const post = (date: string, time: string) => request(app).post('/appoinment?_data=%2Fappoinment').type('form').send({ _form: 'appointment', name: 'Ada', phone: '08031234567', date, time });
    expect((await post('2020-01-06', '10:00')).body.data.errors.date).toBe('Please choose today or a later date.');
    let saturday = Date.parse(`${nextOpenDay()}T12:00:00Z`);
    while (new Date(saturday).getUTCDay() !== 6) saturday += 86_400_000;
    expect((await post(new Date(saturday).toISOString().slice(0, 10), '10:00')).body.data.errors.date).toContain('closed on Saturdays');
    expect((await post(nextOpenDay(), '07:30')).body.data.errors.time).toContain('between 08:00 and 21:30');
    expect((await post(nextOpenDay(), '22:00')).body.data.errors.time).toContain('between 08:00 and 21:30');
    expect((await post(nextOpenDay(), '21:30')).status).toBe(200);
  });

  it('what people type is escaped, never echoed as markup', async () => {
    const res = await request(app).post('/contact').type('form').send({ _form: 'contact', name: '<script>alert(1)</script>', email: 'bad', message: '"><img src=x onerror=alert(1)>' });
    expect(res.status).toBe(422);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('a filled honeypot is answered like a success and stores nothing', async () => {
    const res = await request(app).post('/contact').type('form').send({ _form: 'contact', ...forms[2].fields, [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/MSG-[A-Z0-9]{5}/);
    expect(await rows()).toHaveLength(0);
    expect(await outboxRows()).toHaveLength(0);
  });

  it('after 20 submissions from one address in 10 minutes the next is refused with 429 and Retry-After', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await request(app).post('/servicesTwo?_data=%2FservicesTwo').type('form').send({ _form: 'quote', phone: '08031234567', sessions: ['1', '4', '8', '12'][i % 4], patient: ['adult', 'child', 'senior', 'group', ''][i % 5] });
      expect(res.status).not.toBe(429);
    }
    const res = await request(app).post('/servicesTwo').type('form').send({ _form: 'quote', phone: '08031234567' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.text).toContain('many requests from your connection');
    expect(res.text).toContain('value="08031234567"');
  });

  it('a form posted from another site is refused with 403 and stores nothing', async () => {
    const res = await request(app).post('/contact').set('Origin', 'https://evil.example').type('form').send({ _form: 'contact', ...forms[2].fields });
    expect(res.status).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it('a body over the forms’ limit (64 kB) is refused with 413, and nothing is stored', async () => {
    const res = await request(app).post('/contact').type('form').send({ _form: 'contact', message: 'x'.repeat(70_000) });
    expect(res.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  it('newsletter: the e-mailed link asks before confirming; the button confirms; unsubscribe is one click', async () => {
    await request(app).post('/').type('form').send({ _form: 'newsletter', email: 'reader@example.com', consent: 'yes' });
    const [sub] = await store.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(sub?.status).toBe('pending');
    const page = await request(app).get(`/newsletter/confirm?token=${sub!.confirmToken}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm my subscription');
    expect((await store.db.select().from(newsletterSubscribers))[0]!.status).toBe('pending');
    const confirmed = await request(app).post('/newsletter/confirm').type('form').send({ token: sub!.confirmToken });
    expect(confirmed.text).toContain('your subscription is confirmed');
    expect((await store.db.select().from(newsletterSubscribers))[0]!.status).toBe('confirmed');
    expect((await request(app).post('/newsletter/confirm').type('form').send({ token: sub!.confirmToken })).status).toBe(400);
    // RFC 8058 one-click: a mail client posts to the link itself.
    const one = await request(app).post(`/newsletter/unsubscribe?token=${sub!.unsubscribeToken}`).type('form').send({ 'List-Unsubscribe': 'One-Click' });
    expect(one.status).toBe(200);
    // Unsubscribed: the subscriber row is gone (only a salted hash stays: tests/integration/unsubscribe.test.ts).
    expect(await store.db.select().from(newsletterSubscribers)).toEqual([]);
  });

  it('when the database is unreachable the form answers 503 with every typed value and the phone number', async () => {
    const other = await openTestStore(engine);
    const down = makeTestApp({ store: other.store, requests: undefined });
    await other.cleanup();
    const res = await request(down).post('/contact').type('form').send({ _form: 'contact', ...forms[2].fields });
    expect(res.status).toBe(503);
    expect(res.text).toContain('We could not save your request just now');
    expect(res.text).toContain('+234 800 000 0001');
    expect(res.text).toContain('value="Chidi"');
    expect(res.text).toContain('Are you open on Sunday?</textarea>');
  });

  it('counts stay exact: one request and one history row per stored form', async () => {
    for (const f of forms) await request(app).post(f.path).type('form').send({ _form: f.form, ...f.fields });
    expect((await store.db.select({ n: count() }).from(requests))[0]!.n).toBe(forms.length);
  });
});
