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
import { bookingDeps, bookingForm, provenCookie, useBookingStore, visitor } from '../support/booking';
import { makeTestApp } from '../support/test-app';
import { pageEngines } from '../support/test-store';

// The waitlist's pages through the app (their SQL is checked on both engines by waitlist.test.ts):
// the join form from a full day (no JavaScript needed: plain forms), bad input answered 400 with
// the message and what was typed, joined → the entry's own link, leaving; an offer's link taken →
// the visit's manage page; forged links 404; no stack trace anywhere.

const TUE = '2026-12-01';
const MORNING = new Date(lagosMoment('2026-11-30', '10:00'));
const PHONE = '+2348031234567';
const join = { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', day: '2', part: 'morning', until: '2026-12-20', name: 'Amina Bello', phone: '0803 123 4567', email: '', channel: 'whatsapp', consent: 'yes' };

describe.each(pageEngines())('waitlist pages on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['rate_limits', 'waitlist_entries', 'waitlist_rounds'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let booking: BookingService;
  let app: ReturnType<typeof makeTestApp>;
  beforeEach(() => {
    const base = bookingDeps(db.store, { now: () => MORNING, rules: { ...DEFAULT_BOOKING_RULES, cancellationNoticeMinutes: 60 } });
    const waitlist = { settings: DEFAULT_WAITLIST, messages: offerMessages() };
    booking = createBookingService({ ...base, waitlist, listeners: [visitMessages(), waitlistListener({ rules: base.rules, waitlist })] });
    app = makeTestApp({ store: db.store, booking });
  });
  const post = (url: string, fields: Record<string, string | string[]>) => request(app).post(url).type('form').set('Cookie', provenCookie(PHONE)).send(fields);
  const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);

  it('the join form from a full day: that weekday ticked, the next two weeks, never cached', async () => {
    const res = await request(app).get(`/waitlist/join?service=1&visit=follow_up&practitioner=adaeze-okafor&date=${TUE}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain('Join the waitlist');
    const ticked = [...res.text.matchAll(/<input type="checkbox" name="day"( checked="")? value="(\d)"/g)].filter((m) => m[1]).map((m) => m[2]);
    expect(ticked).toEqual(['2']);
    expect(res.text).toContain('value="2026-12-15"');
  });

  it('bad input: 400, each message beside its field, everything typed kept', async () => {
    const res = await post('/waitlist/join', { ...join, day: [], part: [], phone: '12', consent: '', until: 'soon' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please correct the fields marked below.');
    expect(res.text).toContain('Please tick at least one day that suits you.');
    expect(res.text).toContain('Please tick at least one time of day that suits you.');
    expect(res.text).toContain('Please give a Nigerian mobile number');
    expect(res.text).toContain('Please give the last day that suits you');
    expect(res.text).toContain('Please tick the box');
    expect(res.text).toContain('value="Amina Bello"');
    noStack(res.text);
  });

  it('joined: the entry’s own link shows what suits and the place in line; leaving, then leaving again, changes nothing more', async () => {
    const res = await post('/waitlist/join', join);
    expect(res.status).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/waitlist\/entry\/[\w-]{18,60}\?joined=1$/);
    const page = await request(app).get(location);
    expect(page.status).toBe(200);
    expect(page.text).toContain('You are on the waitlist');
    expect(page.text).toContain('You are first in line');
    const left = await post(location.split('?')[0]!, { intent: 'leave' });
    expect(left.status).toBe(200);
    expect(left.text).toContain('You have left the waitlist');
    expect((await post(location.split('?')[0]!, { intent: 'leave' })).status).toBe(200);
  });

  it('an unproven phone is asked for the code first, nothing joined yet', async () => {
    const res = await request(app).post('/waitlist/join').type('form').send(join);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Confirm your phone number');
    expect(await db.store.db.select().from(waitlistOffers)).toEqual([]);
  });

  it('an offer’s link: the time and its button; taken, the visit’s manage page; forged links 404', async () => {
    const other = await booking.book(bookingForm({ time: '09:00', patient: { name: 'Other', phone: '+2348030000001', email: null } }), visitor(null, '+2348030000001'));
    if (!other.ok) throw new Error(other.reason);
    expect((await post('/waitlist/join', join)).status).toBe(302);
    expect((await booking.cancel({ as: 'patient', token: other.manageToken })).ok).toBe(true);
    const [offer] = await db.store.db.select().from(waitlistOffers);
    const url = `/waitlist/offer/${booking.offerToken(offer!)}`;
    const page = await request(app).get(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('A time has come free for you');
    expect(page.text).toContain('Take this time');
    const taken = await post(url, { intent: 'take' });
    expect(taken.status).toBe(302);
    expect(String(taken.headers.location)).toMatch(/^\/booking\/manage\/[\w-]+\?booked=1$/);
    expect((await request(app).get(url)).text).toContain('You took this time');
    for (const forged of ['/waitlist/offer/AAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/waitlist/entry/AAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/waitlist/offer/%E0%A4%A']) {
      const res = await request(app).get(forged);
      expect(res.status).toBe(forged.includes('%E0') ? 400 : 404);
      noStack(res.text);
    }
    const forgedPost = await post('/waitlist/offer/AAAAAAAAAAAAAAAAAAAAAAAAAAAA', { intent: 'take' });
    expect(forgedPost.status).toBe(404);
    expect((await post(url, { intent: 'other' })).status).toBe(400);
  });
});
