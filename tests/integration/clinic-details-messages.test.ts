import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWiring } from '../../server/app/store';
import { createBookingService } from '../../server/booking/service';
import { clinicPhone } from '../../server/clinic/details';
import { silentLogger } from '../../server/platform/http/logger';
import { outbox } from '../../server/platform/mail/outbox';
import { createPageCache } from '../../server/platform/page-cache';
import { getEntry, valuesOf } from '../../server/publishing/repo';
import { lagosMoment } from '../../shared/booking/time';
import { failureMessage, FAILURES } from '../../shared/booking/results';
import { site } from '../../shared/content/site';
import type { SessionUser } from '../../shared/platform/session';
import { addPlans, bookingDeps, bookingForm, clearBooking, visitor, WIDE_LIMITS } from '../support/booking';
import { makeTestApp } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// Issue 45: every message a patient reads names the clinic's details as the clinic edited them
// at /staff/content, never the seed's (shared/content/site.ts): the booking's refusals that say
// to call, the new-patient form's download, the calendar files and the booking's mails.

const editor: SessionUser = { uid: 'u-editor', displayName: 'Chioma Editor', email: 'chioma@example.com', role: 'editor' };
const NEW_PHONE = /809\D{0,3}555\D{0,3}1234/;
const NEW_EMAIL = 'desk@clinic.example';

describe.each(testEngines())('the clinic’s details in patients’ messages on %s', (engine) => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  let wiring: ReturnType<typeof contentWiring>;
  let manageToken: string;

  beforeAll(async () => {
    t = await openTestStore(engine);
    await clearBooking(t.store);
    await addPlans(t.store, [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }]);
    const pageCache = createPageCache({ maxBytes: 8 * 1024 * 1024, buildId: 'details-messages-test' });
    wiring = contentWiring(t.store, { pageCache, logger: silentLogger, scheduleIntervalMs: 3_600_000 });
    // No move online today (the limit at 0): a move is refused with the number to call.
    const booking = createBookingService(bookingDeps(t.store, { limits: { ...WIDE_LIMITS, movesPerVisitPerDay: 0 } }));
    app = makeTestApp({
      store: t.store,
      requests: undefined,
      booking,
      clinic: wiring.clinic,
      blog: wiring.blog,
      gallery: wiring.gallery,
      pageCache,
      onContentChange: wiring.onContentChange,
      getUser: async (req) => (req.get('x-test-user') === 'editor' ? editor : null),
    });
    // The clinic changes its number and its e-mail address; then a visitor books.
    const state = (await getEntry(t.store.db, 'details', 'clinic'))!;
    const values = valuesOf('details', state);
    const body: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries({ ...values, phone1: '0809 555 1234', email: NEW_EMAIL })) body[k] = Array.isArray(v) ? v : String(v ?? '');
    const published = await request(app).post('/staff/content/details/clinic').type('form').set('x-test-user', 'editor').send({ ...body, intent: 'publish', version: String(state.version) });
    expect(published.status, published.text.slice(0, 400)).toBe(303);
    const booked = await booking.book(bookingForm({ time: '09:30' }), visitor());
    if (!booked.ok) throw new Error(`booking refused: ${booked.reason}`);
    manageToken = booked.manageToken;
  });
  afterAll(async () => {
    wiring?.stop();
    await t?.cleanup();
  });

  it('the seed’s number is no longer the clinic’s (the test changes something)', async () => {
    expect(await clinicPhone(wiring.clinic)).toMatch(NEW_PHONE);
    expect(site.phones[0].display).not.toMatch(NEW_PHONE);
  });

  it('a refusal that says to call (the booking’s caps) names the new number', async () => {
    const phone = await clinicPhone(wiring.clinic);
    for (const reason of ['too-many-visits', 'one-a-day', 'too-many-moves', 'too-late'] as const) {
      expect(failureMessage(reason, phone)).toMatch(NEW_PHONE);
      expect(FAILURES[reason].message).not.toContain(site.phones[0].display);
    }
    const moved = await request(app)
      .post(`/booking/manage/${manageToken}`)
      .type('form')
      .send({ intent: 'move', start: new Date(lagosMoment('2026-12-01', '10:30')).toISOString(), practitioner: 'adaeze-okafor' });
    expect(moved.status, moved.text.slice(0, 400)).toBe(429);
    expect(moved.text).toContain('moved as often as we allow online');
    expect(moved.text).toMatch(NEW_PHONE);
    expect(moved.text).not.toContain(`call us on ${site.phones[0].display}`);
  });

  it('the new-patient form’s download, refused, names the new number', async () => {
    const res = await request(app).get('/booking/manage/not-a-token/form/answers.txt');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.text).toMatch(NEW_PHONE);
    expect(res.text).not.toContain(site.phones[0].display);
  });

  it('the visit’s calendar file names the new number and the new address as its organizer', async () => {
    const res = await request(app).get(`/booking/manage/${manageToken}/visit.ics`);
    expect(res.status).toBe(200);
    const ics = res.text.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(NEW_PHONE);
    expect(ics).toContain(`ORGANIZER;CN=`);
    expect(ics).toContain(`:mailto:${NEW_EMAIL}`);
    expect(ics).not.toContain(site.email);
  });

  it('the booking’s confirmation mail and its calendar file name the new details', async () => {
    const [mail] = await t.store.db.select().from(outbox).where(eq(outbox.to, 'amina@example.com'));
    expect(mail, 'a confirmation is queued').toBeDefined();
    expect(mail!.text).toMatch(NEW_PHONE);
    expect(mail!.text).not.toContain(site.phones[0].display);
    const file = mail!.attachments?.find((a) => a.filename.endsWith('.ics'));
    expect(file).toBeDefined();
    const ics = Buffer.from(file!.content, 'base64').toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`mailto:${NEW_EMAIL}`);
    expect(ics).toMatch(NEW_PHONE);
  });
});
