import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenRoutes } from '../../server/app/app';
import { loadConfig } from '../../server/app/config';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { unavailableStore } from '../../server/platform/db/store';
import { createLogger } from '../../server/platform/http/logger';
import { hasSecretParam, pathRedactor, REDACTED, SECRET_PARAM } from '../../server/platform/http/redact';
import { pages } from '../../shared/app/routes';
import { addPlans, bookingDeps, bookingForm, clearBooking, provenCookie, visitor } from '../support/booking';
import { makeTestApp, TEST_RENDER_TIMEOUT_MS } from '../support/test-app';
import { openTestStore, pageEngines, type TestStore } from '../support/test-store';

// Issue 44: a manage link or a calendar feed's token in a log line is enough to move or cancel
// anyone's visit, or read a practitioner's calendar. The route table (the pages' and the routes
// Express answers itself) is walked for every path that carries a token; each is requested, as a
// page, a data request, a form and a download, on a working app and on one whose database is
// down (the error lines), and no log line may hold the token.
// What the app logs and answers, so on one engine (docs/conventions.md, "Which database engines"):
// the queries behind these routes are checked on both by booking-book and booking-staff.

/** Route parameters that are not secrets: naming a new one here is a decision, not an accident. */
// kind and n: the site editor's kind of content (service, post…) and a revision's number (issue 45).
const PUBLIC_PARAMS = new Set(['id', 'reference', 'slug', 'file', 'kind', 'n']);

type Layer = { route?: { path: string | string[] }; handle?: { stack?: Layer[] } };
/** The paths of every route Express answers itself (outside the page table), nested routers included. */
function expressRoutes(app: ReturnType<typeof makeTestApp>): string[] {
  const out: string[] = [];
  const walk = (stack: readonly Layer[]) => {
    for (const layer of stack) {
      if (layer.route) out.push(...[layer.route.path].flat().map(String));
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app.express as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

describe('the route table, walked for paths that carry a secret', () => {
  const app = makeTestApp();
  const all = [...pages.map((p) => p.path), ...expressRoutes(app)];

  it('finds the manage link, its calendar file, the staff feed, the short links and the new-patient form’s routes, and every one is redacted', () => {
    const withToken = all.filter(hasSecretParam);
    expect(withToken).toEqual(
      expect.arrayContaining([
        '/booking/manage/:token',
        '/booking/manage/:token/visit.ics',
        '/staff/calendar/:token.ics',
        '/m/:token',
        '/m/:token/form',
        '/booking/manage/:token/form',
        '/booking/manage/:token/form/answers.txt',
      ]),
    );
    const redact = pathRedactor(tokenRoutes);
    for (const pattern of withToken) {
      const path = pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => (name === SECRET_PARAM ? 'SeCrEtToKeN123' : 'x'));
      expect(redact(path), pattern).not.toContain('SeCrEtToKeN123');
      expect(redact(path), pattern).toContain(REDACTED);
    }
  });

  it('every other parameter of every route is named as public (a new secret must be called :token)', () => {
    const unknown = all.flatMap((path) => paramsOf(path).filter((name) => name !== SECRET_PARAM && !PUBLIC_PARAMS.has(name)).map((name) => `${path} (${name})`));
    expect(unknown).toEqual([]);
  });

  it('a path that carries no secret is logged as it is', () => {
    const redact = pathRedactor(tokenRoutes);
    for (const path of ['/staff/bookings/BK-ABCDE', '/service-detail/1', '/booking/manage', '/book', '/staff/calendar']) expect(redact(path)).toBe(path);
  });
});

describe.each(pageEngines())('no token in any log line on %s', (engine) => {
  let t: TestStore;
  let booking: BookingService;
  const lines: string[] = [];
  const logger = createLogger((line) => lines.push(line));
  const config = loadConfig({ NODE_ENV: 'test', RENDER_TIMEOUT_MS: TEST_RENDER_TIMEOUT_MS, LOG_REQUESTS: 'true' });
  let app: ReturnType<typeof makeTestApp>;
  let down: ReturnType<typeof makeTestApp>;
  let manageToken = '';
  let feedToken = '';

  beforeAll(async () => {
    t = await openTestStore(engine);
    await clearBooking(t.store);
    await addPlans(t.store, [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }]);
    booking = createBookingService(bookingDeps(t.store));
    const booked = await booking.book(bookingForm(), visitor());
    if (!booked.ok) throw new Error(booked.reason);
    manageToken = booked.manageToken;
    const feed = await booking.createFeed('adaeze-okafor', { uid: 'u-staff', name: 'Ngozi Eze' });
    if (!feed.ok) throw new Error('no feed');
    feedToken = feed.token;
    app = makeTestApp({ config, logger, store: t.store, booking });
    // The same routes with no database behind them: every one that needs it fails, and logs why.
    down = makeTestApp({ config, logger, booking: createBookingService(bookingDeps(unavailableStore())) });
  });
  afterAll(() => t?.cleanup());
  beforeEach(() => {
    lines.length = 0;
    for (const method of ['error', 'warn', 'info', 'log'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  /** Every request a token-bearing route answers: the page, its data request, its form, its file. */
  const requests = (token: string) => [
    (a: typeof app) => request(a).get(`/booking/manage/${token}`),
    (a: typeof app) => request(a).get(`/booking/manage/${token}?booked=1`),
    (a: typeof app) => request(a).get(`/booking/manage/${token}?move=1&date=2026-12-08`),
    (a: typeof app) => request(a).get(`/booking/manage/${token}?_data=${encodeURIComponent('/booking/manage/:token')}`),
    (a: typeof app) => request(a).post(`/booking/manage/${token}`).type('form').send({ intent: 'reminders', reminders: 'none' }),
    (a: typeof app) => request(a).post(`/booking/manage/${token}?_data=${encodeURIComponent('/booking/manage/:token')}`).type('form').send({ intent: 'nonsense' }),
    (a: typeof app) => request(a).get(`/booking/manage/${token}/visit.ics`),
    (a: typeof app) => request(a).get(`/booking/manage/${token}/no-such-file`),
    (a: typeof app) => request(a).get(`/m/${token}`),
    (a: typeof app) => request(a).get(`/m/${token}/form`),
    (a: typeof app) => request(a).get(`/booking/manage/${token}/form`),
    (a: typeof app) => request(a).post(`/booking/manage/${token}/form`).type('form').send({ intent: 'nonsense' }),
    (a: typeof app) => request(a).get(`/booking/manage/${token}/form/answers.txt`),
  ];

  const leaks = (secret: string) => lines.filter((line) => line.includes(secret));

  it('the manage link: pages, data requests, forms and its calendar file are logged with [token] in its place', async () => {
    for (const send of requests(manageToken)) expect((await send(app)).status).toBeLessThan(500);
    expect(lines.some((l) => l.includes(`/booking/manage/${REDACTED}`))).toBe(true);
    expect(leaks(manageToken)).toEqual([]);
  });

  it('a forged or truncated token is kept out of the log as well', async () => {
    const forged = `${manageToken.slice(0, 20)}ForgedPart`;
    for (const send of requests(forged)) expect((await send(app)).status).toBeLessThan(500);
    expect(leaks('ForgedPart')).toEqual([]);
  });

  it('the calendar feed, live and revoked or unknown', async () => {
    expect((await request(app).get(`/staff/calendar/${feedToken}.ics`)).status).toBe(200);
    expect((await request(app).get('/staff/calendar/UnknownFeedTokenXyz.ics')).status).toBe(404);
    expect(lines.some((l) => l.includes(`/staff/calendar/${REDACTED}.ics`))).toBe(true);
    expect(leaks(feedToken)).toEqual([]);
    expect(leaks('UnknownFeedTokenXyz')).toEqual([]);
  });

  it('with the database down: the error lines name the route, never the token', async () => {
    for (const send of requests(manageToken)) await send(down);
    await request(down).get(`/staff/calendar/${feedToken}.ics`);
    expect(lines.some((l) => l.includes('"level":"error"') && l.includes(REDACTED))).toBe(true);
    expect(leaks(manageToken)).toEqual([]);
    expect(leaks(feedToken)).toEqual([]);
  });

  it('the newsletter’s tokens travel in the query string, which no log line holds', async () => {
    await request(app).get('/newsletter/confirm?token=NewsletterSecretQq1');
    await request(app).post('/newsletter/unsubscribe?token=NewsletterSecretQq2').type('form').send({ token: 'NewsletterSecretQq3' });
    expect(lines.some((l) => l.includes('/newsletter/confirm'))).toBe(true);
    expect(leaks('NewsletterSecretQq')).toEqual([]);
  });
});

describe.each(pageEngines())('where the token travels on %s', (engine) => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    await clearBooking(t.store);
    await addPlans(t.store, [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }]);
    app = makeTestApp({ store: t.store, booking: createBookingService(bookingDeps(t.store)) });
  });
  afterAll(() => t?.cleanup());

  const form = (start: string, key: string) => ({ service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', start, key, name: 'Amina Bello', phone: '0803 123 4567', email: '', reminders: 'none' });
  const firstTime = async () => {
    const page = (await request(app).get('/book?service=1&visit=follow_up&practitioner=adaeze-okafor&date=2026-12-01')).text;
    return { start: /name="start" value="([^"]+)"/.exec(page)![1]!, key: /name="key" value="([^"]+)"/.exec(page)![1]! };
  };

  it('the 302 after a booking, whose Location holds the token, is stored by no cache, and leads to a new document', async () => {
    const { start, key } = await firstTime();
    const res = await request(app).post('/book').type('form').set('Cookie', provenCookie()).send(form(start, key));
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/booking\/manage\/[^/?]+\?booked=1$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // After hydration the same booking answers a redirect the browser follows with a new document.
    const next = await firstTime();
    const data = await request(app).post(`/book?_data=${encodeURIComponent('/book')}`).type('form').set('Cookie', provenCookie()).send(form(next.start, next.key));
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.body).toMatchObject({ kind: 'redirect', document: true, location: expect.stringMatching(/^\/booking\/manage\//) });
  });

  it('the manage page, valid or refused, is sent with Referrer-Policy: same-origin (its address goes to no other site, and its forms still post an Origin); other pages keep the site’s policy', async () => {
    const { start, key } = await firstTime();
    const location = (await request(app).post('/book').type('form').set('Cookie', provenCookie()).send(form(start, key))).headers.location as string;
    const page = await request(app).get(location);
    expect(page.status).toBe(200);
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const refused = await request(app).get('/booking/manage/not-a-real-token');
    expect(refused.status).toBe(403);
    expect(refused.headers['referrer-policy']).toBe('same-origin');
    // The new-patient form under the manage link, opened or refused, and its short link's redirect.
    expect((await request(app).get(`${location.split('?')[0]}/form`)).headers['referrer-policy']).toBe('same-origin');
    expect((await request(app).get('/booking/manage/not-a-real-token/form')).headers['referrer-policy']).toBe('same-origin');
    expect((await request(app).get('/m/not-a-real-token/form')).headers['referrer-policy']).toBe('no-referrer');
    expect((await request(app).get('/newsletter/confirm?token=x')).headers['referrer-policy']).toBe('same-origin');
    expect((await request(app).get('/book')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
