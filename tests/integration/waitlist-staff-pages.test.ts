import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitlistOffers } from '../../server/booking/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { waitlistListener } from '../../server/booking/waitlist';
import { offerMessages } from '../../server/messages/offers';
import { visitMessages } from '../../server/messages/queue';
import { DEFAULT_BOOKING_RULES } from '../../shared/booking/rules';
import { lagosMoment } from '../../shared/booking/time';
import { DEFAULT_WAITLIST } from '../../shared/booking/waitlist';
import type { SessionUser } from '../../shared/platform/session';
import { bookingDeps, provenCookie, useBookingStore } from '../support/booking';
import { makeTestApp } from '../support/test-app';
import { pageEngines } from '../support/test-store';

// /staff/waitlist through the app (its SQL is checked on both engines by waitlist.test.ts): who
// may see it, the list of who waits for a practitioner, and a time offered by hand (a free one
// offered; a time that is not free, bad input and a forged entry refused
// with a message, nothing offered).

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const patient: SessionUser = { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' };
const MORNING = new Date(lagosMoment('2026-11-30', '10:00'));
const PHONE = '+2348031234567';
const join = { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', day: '2', part: 'morning', until: '2026-12-20', name: 'Amina Bello', phone: '0803 123 4567', email: '', channel: 'whatsapp', consent: 'yes' };

describe.each(pageEngines())('the staff waitlist page on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['rate_limits', 'waitlist_entries', 'waitlist_rounds'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let booking: BookingService;
  let user: SessionUser | null = staff;
  let app: ReturnType<typeof makeTestApp>;
  beforeEach(() => {
    user = staff;
    const base = bookingDeps(db.store, { now: () => MORNING, rules: DEFAULT_BOOKING_RULES });
    const waitlist = { settings: DEFAULT_WAITLIST, messages: offerMessages() };
    booking = createBookingService({ ...base, waitlist, listeners: [visitMessages(), waitlistListener({ rules: base.rules, waitlist })] });
    app = makeTestApp({ store: db.store, booking, getUser: async () => user });
  });
  const joined = async () => {
    const res = await request(app).post('/waitlist/join').type('form').set('Cookie', provenCookie(PHONE)).send(join);
    expect(res.status).toBe(302);
  };
  const offer = (fields: Record<string, string>) => request(app).post('/staff/waitlist?practitioner=adaeze-okafor').type('form').send({ intent: 'offer', practitioner: 'adaeze-okafor', ...fields });
  const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);

  it('signed out: redirected to sign in; a patient: 403; staff: the entry listed with what suits and its offer form', async () => {
    await joined();
    user = null;
    const out = await request(app).get('/staff/waitlist');
    expect(out.status).toBe(302);
    expect(String(out.headers.location)).toMatch(/^\/login\?returnTo=/);
    user = patient;
    expect((await request(app).get('/staff/waitlist')).status).toBe(403);
    user = staff;
    const res = await request(app).get('/staff/waitlist?practitioner=adaeze-okafor');
    expect(res.status).toBe(200);
    expect(res.text).toContain('1 waiting for');
    expect(res.text).toContain('Amina Bello');
    expect(res.text).toContain('until');
    expect(res.text).toContain('aria-label="Offer a time to Amina Bello"');
  });

  it('a free time offered by hand: one offer at that time, then no second while it is open; a time not free, bad input and a forged entry refused, nothing more offered', async () => {
    await joined();
    const page = await request(app).get('/staff/waitlist?practitioner=adaeze-okafor');
    const entry = /name="entry" value="(\d+)"/.exec(page.text)![1]!;

    const busy = await offer({ entry, date: '2026-12-01', time: '15:00' });
    expect(busy.status).toBe(409);
    expect(busy.text).toContain('That time is not free');
    expect(busy.text).toContain('value="15:00"');
    const bad = await offer({ entry, date: 'soon', time: '9' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Please give the day');
    const forged = await offer({ entry: '999999', date: '2026-12-01', time: '09:00' });
    expect(forged.status).toBe(404);
    expect(forged.text).toContain('There is no such entry on the waitlist.');
    for (const r of [busy, bad, forged]) noStack(r.text);
    expect(await db.store.db.select().from(waitlistOffers)).toEqual([]);

    const res = await offer({ entry, date: '2026-12-01', time: '09:00' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Offered. The patient has');
    const offers = await db.store.db.select().from(waitlistOffers);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.startsAt.toISOString()).toBe(new Date(lagosMoment('2026-12-01', '09:00')).toISOString());
    expect((await offer({ entry, date: '2026-12-01', time: '09:30' })).text).toContain('has an offer open already');
    expect(await db.store.db.select().from(waitlistOffers)).toHaveLength(1);
  });
});
