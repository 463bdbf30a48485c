import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book } from '../../server/booking/book';
import { bookCourse } from '../../server/booking/course';
import type { BookingDeps } from '../../server/booking/deps';
import { appointments } from '../../server/booking/schema';
import type { ChannelAdapter, OutgoingMessage } from '../../server/messages/channel';
import { countSms } from '../../server/messages/gsm';
import { renderSms, renderWhatsApp } from '../../server/messages/templates';
import { processMessages } from '../../server/messages/worker';
import { silentLogger } from '../../server/platform/http/logger';
import { lagosMoment } from '../../shared/booking/time';
import { bookingDeps, bookingForm, newKey, ORIGIN, TEST_SECRET, useBookingStore, visitor } from '../support/booking';
import { testEngines } from '../support/test-store';

// A course's one WhatsApp/SMS confirmation names every date (issue 46, ADR 0050), on both
// engines with a fixed clock: the worker reads the course's booked visits when it sends.

const at = (date: string, time: string) => new Date(lagosMoment(date, time));
const WEEKLY = ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05', '2027-01-12'];

describe.each(testEngines())('a course’s confirmation message on %s', (engine) => {
  const db = useBookingStore(engine, { plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }] });
  let deps: BookingDeps;
  let sent: OutgoingMessage[];
  const memory = (channel: 'whatsapp' | 'sms' | 'email'): ChannelAdapter => ({
    channel,
    provider: 'memory',
    send: async (message) => {
      sent.push(message);
      return { outcome: 'sent', providerId: `mem-${sent.length}` };
    },
  });
  beforeEach(async () => {
    sent = [];
    deps = bookingDeps(db.store, { now: () => at('2026-11-30', '10:00') });
  });

  it.for(['whatsapp', 'sms'] as const)('lists all six dates on %s, within the template’s and the SMS’s limits', async (channel) => {
    const first = await book(deps, bookingForm({ time: '09:30', reminders: { channel, consent: true } }), visitor('patient-uid'));
    if (!first.ok) throw new Error(first.reason);
    const course = await bookCourse(deps, { as: 'patient', token: first.manageToken }, { rhythm: 'weekly', starts: WEEKLY.map((d) => at(d, '09:30')), idempotencyKey: newKey('course') });
    expect(course.ok).toBe(true);
    // Only the course's confirmation is in this round (the anchor visit's own is out of the way).
    await db.store.db.execute(sql`UPDATE messages SET status = 'cancelled' WHERE kind <> 'confirmation' OR appointment_id = ${first.appointment.id}`);
    await processMessages({ store: db.store, channels: { whatsapp: memory('whatsapp'), sms: memory('sms'), email: memory('email') }, secret: TEST_SECRET, publicOrigin: ORIGIN, logger: silentLogger, clinic: { name: 'Abuja Spine & Wellness Clinic', phone: '0803 123 4567' }, now: () => at('2026-11-30', '10:00') });
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message!.variables.course).toEqual({ count: 6, dates: 'Tue 8 Dec, Tue 15 Dec, Tue 22 Dec, Tue 29 Dec, Tue 5 Jan and Tue 12 Jan at 9:30am' });
    const [visit] = await db.store.db.select().from(appointments).where(eq(appointments.courseSeq, 1));
    expect(message!.to).toBe(visit!.patientPhone);
    if (channel === 'whatsapp') {
      const rendered = renderWhatsApp('confirmation', message!.variables);
      expect(rendered.template).toBe('course_confirmation');
      expect(rendered.text).toContain('your course of 6 visits');
      expect(rendered.text).toContain('Tue 12 Jan at 9:30am');
      // Meta: a body of at most 1,024 characters, no new line inside a parameter.
      expect(rendered.text.length).toBeLessThanOrEqual(1024);
      expect(rendered.parameters.every((p) => !/[\n\t]/.test(p))).toBe(true);
    } else {
      const text = renderSms('confirmation', message!.variables);
      expect(text).toContain('Tue 8 Dec, Tue 15 Dec, Tue 22 Dec, Tue 29 Dec, Tue 5 Jan and Tue 12 Jan at 9:30am');
      // Six dates do not fit one segment: two, in GSM-7.
      expect(countSms(text)).toMatchObject({ encoding: 'gsm7', segments: 2 });
    }
  });
});
