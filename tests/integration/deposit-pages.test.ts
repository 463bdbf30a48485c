import { eq } from 'drizzle-orm';
import request from 'supertest';
import { appointments } from '../../server/booking/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeDomains, type Domains } from '../../server/app/domains';
import { loadConfig } from '../../server/app/config';
import { signatureOf } from '../../server/booking/payments/paystack';
import { silentLogger } from '../../server/platform/http/logger';
import type { Store } from '../../server/platform/db/store';
import { formKeys } from '../../server/requests/keys';
import { lagosDate, lagosMoment } from '../../shared/booking/time';
import { provenCookie, TEST_SECRET, useBookingStore } from '../support/booking';
import { textOf } from '../support/page-text';
import { makeTestApp } from '../support/test-app';
import { pageEngines } from '../support/test-store';
import type { SessionUser } from '../../shared/platform/session';

const staffUser: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const editorUser: SessionUser = { uid: 'u-editor', displayName: 'Ed Itor', email: 'ed@example.com', role: 'editor' };

// The deposit's pages through the app (issue 48), with the Paystack stand-in the app mounts:
// /book's deposit step, Paystack's checkout (the stand-in's page), the return page, the manage
// page's deposit and its refund on cancelling, the webhook's signature. The SQL behind them is
// tested on both engines in deposits.test.ts. The app's own clock: the next Tuesday's morning.

const nextTuesday = () => {
  const d = new Date(Date.now() + 24 * 3600_000);
  while (new Date(`${lagosDate(d)}T12:00:00Z`).getUTCDay() !== 2) d.setTime(d.getTime() + 24 * 3600_000);
  return lagosDate(d);
};
const TUE = nextTuesday();
const at = (time: string) => new Date(lagosMoment(TUE, time)).toISOString();
const choice = { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor' };
const stepUrl = `/book?${new URLSearchParams({ ...choice, date: TUE }).toString()}`;
const keyOf = (html: string) => /name="key" value="([^"]+)"/.exec(html)?.[1] ?? '';
const pathOf = (location: string) => new URL(location, 'http://clinic.test').pathname + new URL(location, 'http://clinic.test').search;

describe.each(pageEngines())('deposit pages on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['rate_limits', 'service_deposits'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let store: Store;
  let domains: Domains;
  let app: ReturnType<typeof makeTestApp>;
  beforeEach(async () => {
    store = db.store;
    const config = loadConfig({ NODE_ENV: 'test', BOOKING_SECRET: TEST_SECRET, BOOKING_MIN_NOTICE_MINUTES: '0' });
    domains = composeDomains({ config, store, formKeys: formKeys('k'.repeat(40)), logger: silentLogger });
    app = makeTestApp({ store, config, domains, getUser: async (req) => (req.headers['x-test-user'] === 'staff' ? staffUser : req.headers['x-test-user'] === 'editor' ? editorUser : null) });
    await domains.deposits.setRule('1', { rule: 'every', amountKobo: 500_000, policy: 'Refunded in full if you cancel 24 hours ahead; kept otherwise.' }, 'admin-uid');
  });

  const booked = async () => (await store.db.select().from(appointments).where(eq(appointments.status, 'booked'))).length;
  const post = (fields: Record<string, string>) =>
    request(app)
      .post(stepUrl)
      .type('form')
      .set('Cookie', provenCookie())
      .send({ ...choice, name: 'Amina Bello', phone: '0803 123 4567', email: 'amina@example.com', reminders: 'none', start: at('09:30'), ...fields });

  /** Details → the deposit step → Pay: Paystack's checkout address. */
  async function toCheckout(time = '09:30') {
    const page = await request(app).get(stepUrl);
    const key = keyOf(page.text);
    const step = await post({ key, start: at(time) });
    expect(step.status).toBe(200);
    const pay = await post({ key, start: at(time), intent: 'pay' });
    expect(pay.status).toBe(302);
    return pathOf(pay.headers.location!);
  }

  it('the chosen service says its deposit first; an e-mail is asked for; the step shows the amount and the policy, everything typed kept', async () => {
    const page = await request(app).get(stepUrl);
    expect(textOf(page.text)).toMatch(/This visit takes a deposit of ₦5,000 ?, paid through Paystack at the next step\./);
    expect(/<input[^>]*name="email"[^>]*>/.exec(page.text)?.[0]).toMatch(/required=""/);
    const noEmail = await post({ key: keyOf(page.text), email: '' });
    expect(noEmail.status).toBe(400);
    expect(textOf(noEmail.text)).toContain('the deposit’s receipt goes there');
    expect(noEmail.text).toContain('value="Amina Bello"');
    const step = await post({ key: keyOf(page.text) });
    expect(step.status).toBe(200);
    const text = textOf(step.text);
    expect(text).toContain('Pay the deposit');
    expect(text).toContain('Deposit: ₦5,000');
    expect(text).toContain('Refunded in full if you cancel 24 hours ahead');
    expect(text).toContain('Pay ₦5,000 with Paystack');
    expect(step.text).toContain('name="name" value="Amina Bello"');
    // Nothing is held or booked until "Pay".
    expect(await store.db.select().from(appointments)).toHaveLength(0);
  });

  it('pay → Paystack’s checkout → paid → back: booked, the manage page shows the deposit; cancelled in time: the refund and when to expect it', async () => {
    const checkout = await toCheckout();
    expect(checkout).toMatch(/^\/paystack-standin\/checkout\//);
    const held = await request(app).get(stepUrl);
    expect(held.text).not.toContain(`value="${at('09:30')}"`);
    const page = await request(app).get(checkout);
    expect(textOf(page.text)).toContain('Pay ₦5,000');
    const paid = await request(app).post(checkout).type('form').send({ outcome: 'success' });
    expect(paid.status).toBe(303);
    const back = await request(app).get(pathOf(paid.headers.location!));
    expect(back.status).toBe(302);
    const manage = pathOf(back.headers.location!);
    expect(manage).toMatch(/^\/booking\/manage\/[^?]+\?booked=1$/);
    const shown = await request(app).get(manage);
    const text = textOf(shown.text);
    expect(text).toContain('Your visit is booked');
    expect(text).toMatch(/Deposit paid ?: ₦5,000, Paystack reference DEP-[0-9A-F]{20}/);
    expect(text).toContain('we refund the whole deposit at once');
    const cancelled = await request(app).post(manage.split('?')[0]!).type('form').send({ intent: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(textOf(cancelled.text)).toContain('We have asked Paystack to refund ₦5,000 to the card or account you paid from. Expect it within 5 to 10 working days.');
  });

  it('abandoned at the checkout: back with everything typed, the time free again', async () => {
    const checkout = await toCheckout();
    const cancel = await request(app).post(checkout).type('form').send({ outcome: 'cancel' });
    expect(cancel.status).toBe(303);
    const back = await request(app).get(pathOf(cancel.headers.location!));
    expect(back.status).toBe(200);
    const text = textOf(back.text);
    expect(text).toContain('Payment cancelled');
    expect(text).toContain('nothing was charged');
    expect(back.text).toContain('name="name" value="Amina Bello"');
    expect(back.text).toMatch(/action="\/book\?service=1&amp;visit=follow_up&amp;practitioner=adaeze-okafor&amp;date=/);
    const again = await request(app).get(stepUrl);
    expect(again.text).toContain(`value="${at('09:30')}"`);
  });

  it('the return page never books on its own: an unknown reference is a 404; a reference not paid yet gives the time back', async () => {
    expect((await request(app).get('/book/deposit?reference=DEP-NOTOURS1234')).status).toBe(404);
    expect((await request(app).get('/book/deposit')).status).toBe(404);
    const checkout = await toCheckout();
    const reference = [...domains.paystackStandIn!.transactions.values()][0]!.reference;
    expect(checkout).toContain('/checkout/');
    const back = await request(app).get(`/book/deposit?reference=${reference}`);
    expect(back.status).toBe(200);
    expect(textOf(back.text)).toContain('Your payment did not go through');
    expect(await booked()).toBe(0);
  });

  it('the webhook: a bad or missing signature is 401 and changes nothing; a signed one settles the payment', async () => {
    await toCheckout();
    const t = [...domains.paystackStandIn!.transactions.values()][0]!;
    t.status = 'success';
    const body = JSON.stringify({ event: 'charge.success', data: { reference: t.reference, amount: t.amount, currency: 'NGN' } });
    const missing = await request(app).post('/webhooks/paystack').set('Content-Type', 'application/json').send(body);
    expect(missing.status).toBe(401);
    const bad = await request(app).post('/webhooks/paystack').set('Content-Type', 'application/json').set('x-paystack-signature', 'ab'.repeat(64)).send(body);
    expect(bad.status).toBe(401);
    expect(await booked()).toBe(0);
    const good = await request(app).post('/webhooks/paystack').set('Content-Type', 'application/json').set('x-paystack-signature', signatureOf(domains.paystackStandIn!.secretKey, body)).send(body);
    expect(good.status).toBe(200);
    expect(await booked()).toBe(1);
    const garbage = await request(app).post('/webhooks/paystack').set('Content-Type', 'application/json').set('x-paystack-signature', signatureOf(domains.paystackStandIn!.secretKey, '{nope')).send('{nope');
    expect(garbage.status).toBe(400);
  });

  it('staff: the visit’s page shows the deposit and refunds by hand in part (once per form, never above what is left); the calendar marks it; the payments page and its CSV', async () => {
    const checkout = await toCheckout();
    await request(app).post(checkout).type('form').send({ outcome: 'success' });
    const [visit] = await store.db.select().from(appointments);
    const page = await request(app).get(`/staff/bookings/${visit!.reference}`).set('x-test-user', 'staff');
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain('Deposit paid');
    expect(textOf(page.text)).toContain('Refund through Paystack');
    const key = /name="refundKey" value="([^"]+)"/.exec(page.text)![1]!;
    const refund = (amount: string, k = key) => request(app).post(`/staff/bookings/${visit!.reference}`).set('x-test-user', 'staff').type('form').send({ intent: 'refund', refundKey: k, amount });
    expect((await refund('1,500')).status).toBe(303);
    expect((await refund('1,500')).status).toBe(303);
    const after = await request(app).get(`/staff/bookings/${visit!.reference}`).set('x-test-user', 'staff');
    expect(textOf(after.text)).toContain('Deposit partly refunded');
    expect(textOf(after.text)).toMatch(/Refund ₦1,500, by hand: accepted by Paystack/);
    const tooMuch = await refund('4,000', 'another-key-123');
    expect(tooMuch.status).toBe(422);
    expect(textOf(tooMuch.text)).toContain('At most 3500 naira is left to refund.');
    expect((await refund('abc', 'another-key-456')).status).toBe(422);
    const calendar = await request(app).get(`/staff/calendar?view=day&date=${TUE}`).set('x-test-user', 'staff');
    expect(textOf(calendar.text)).toContain('Deposit partly refunded ₦5,000');
    const payments = await request(app).get(`/staff/payments?month=${TUE.slice(0, 7)}`).set('x-test-user', 'staff');
    expect(payments.status).toBe(200);
    expect(textOf(payments.text)).toContain('Everything matches');
    const badMonth = await request(app).get('/staff/payments?month=2026-13').set('x-test-user', 'staff');
    expect(badMonth.status).toBe(400);
    expect(textOf(badMonth.text)).toContain('Please choose a month like 2026-12.');
    // The month of the payment as the clinic counts it (Abuja's, as monthRange does): the UTC month is a different one in the last hour of each month.
    const csv = await request(app).get(`/staff/payments.csv?month=${lagosDate(new Date()).slice(0, 7)}`).set('x-test-user', 'staff');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain(`"${visit!.reference}","1","5000.00","NGN","part-refunded","booked","card"`);
    expect((await request(app).get('/staff/payments.csv')).status).toBe(401);
    expect((await request(app).get('/staff/payments.csv').set('x-test-user', 'editor')).status).toBe(403);
  });

  it('the deposit rule on the service’s editor page: editors see it, only admins change it', async () => {
    const page = await request(app).get('/staff/content/service/1').set('x-test-user', 'editor');
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain('Only an administrator can change the deposit.');
    const refused = await request(app).post('/staff/content/service/1').set('x-test-user', 'editor').type('form').send({ intent: 'deposit', rule: 'none', amount: '', policy: '' });
    expect(refused.status).toBe(403);
    expect(await domains.deposits.ruleFor('1', 'first')).not.toBeNull();
  });
});
