import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeDomains } from '../../server/app/domains';
import { loadConfig } from '../../server/app/config';
import { parseMessagingConfig } from '../../server/messages/config';
import { silentLogger } from '../../server/platform/http/logger';
import { formKeys } from '../../server/requests/keys';
import { lagosDate, lagosMoment } from '../../shared/booking/time';
import { provenCookie, TEST_SECRET, useBookingStore } from '../support/booking';
import { textOf } from '../support/page-text';
import { makeTestApp } from '../support/test-app';
import { pageEngines } from '../support/test-store';

// The booking form's reminder hint says what this server's messages will do (issue 46): a
// server started with MESSAGES_REMINDER_OFFSETS=3h and MESSAGES_QUIET_HOURS=22:00-06:00 says
// "three hours before" and "between 22:00 and 06:00" on /book and on the manage page, and a
// server with the defaults the defaults. The wording itself: tests/unit/reminder-plan.test.ts.

const nextTuesday = () => {
  const d = new Date(Date.now() + 24 * 3600_000);
  while (new Date(`${lagosDate(d)}T12:00:00Z`).getUTCDay() !== 2) d.setTime(d.getTime() + 24 * 3600_000);
  return lagosDate(d);
};
const TUE = nextTuesday();
const choice = { service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor' };
const stepUrl = `/book?${new URLSearchParams({ ...choice, date: TUE }).toString()}`;
const keyOf = (html: string) => /name="key" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe.each(pageEngines())('the reminder hint on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['rate_limits'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  const appWith = (env: Record<string, string>) => {
    const config = loadConfig({ NODE_ENV: 'test', BOOKING_SECRET: TEST_SECRET, BOOKING_MIN_NOTICE_MINUTES: '0' });
    const domains = composeDomains({ config, store: db.store, formKeys: formKeys('k'.repeat(40)), logger: silentLogger, schedule: parseMessagingConfig(env).schedule });
    return makeTestApp({ store: db.store, config, domains });
  };
  let app: ReturnType<typeof makeTestApp>;
  beforeEach(() => {
    app = appWith({ MESSAGES_REMINDER_OFFSETS: '3h', MESSAGES_QUIET_HOURS: '22:00-06:00' });
  });

  it('/book and the manage page say this server’s offsets and quiet hours', async () => {
    const form = await request(app).get(stepUrl);
    expect(form.status).toBe(200);
    const text = textOf(form.text);
    expect(text).toContain('A reminder three hours before, with a link to move or cancel. Never anything about your health; no messages between 22:00 and 06:00.');
    expect(text).not.toContain('a day before');

    const booked = await request(app)
      .post(stepUrl)
      .type('form')
      .set('Cookie', provenCookie())
      .send({ ...choice, key: keyOf(form.text), name: 'Amina Bello', phone: '0803 123 4567', email: 'amina@example.com', reminders: 'none', start: new Date(lagosMoment(TUE, '09:30')).toISOString() });
    expect(booked.headers.location).toMatch(/^\/booking\/manage\/[^?]+\?booked=1$/);
    const manage = await request(app).get(booked.headers.location!);
    expect(manage.status).toBe(200);
    expect(textOf(manage.text)).toContain('A reminder three hours before, with a link to move or cancel. Never anything about your health; no messages between 22:00 and 06:00.');
  });

  it('a server with the default settings says the defaults', async () => {
    const res = await request(appWith({})).get(stepUrl);
    expect(textOf(res.text)).toContain('A reminder a day before and two hours before, with a link to move or cancel. Never anything about your health; no messages between 21:00 and 07:00.');
  });
});
