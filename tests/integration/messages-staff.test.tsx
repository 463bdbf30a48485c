import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { book } from '../../server/booking/book';
import { createBookingService } from '../../server/booking/service';
import { appointments } from '../../server/booking/schema';
import { createChannels, parseMessagingConfig } from '../../server/messages/config';
import { sinkFile } from '../../server/messages/sink';
import { messagesOf } from '../../server/messages/staff';
import { processMessages } from '../../server/messages/worker';
import { silentLogger } from '../../server/platform/http/logger';
import { MESSAGE_STATUSES, messageOptOuts, messages } from '../../server/messages/schema';
import { withdrawConsent } from '../../server/messages/webhooks';
import type { Store } from '../../server/platform/db/store';
import { erasePerson } from '../../server/requests/staff/repo';
import { formKeys } from '../../server/requests/keys';
import { personErasers } from '../../server/app/domains';
import { MessagesList } from '../../shared/messages/messages-list';
import { lagosMoment } from '../../shared/booking/time';
import { testEngines } from '../support/test-store';
import { bookingDeps, bookingForm, ORIGIN, TEST_SECRET, useBookingStore, visitor } from '../support/booking';

// The staff side of patient messages on both engines: the list of a booking's messages (and
// its component), and the erasure of a person, which takes their message rows with it.

describe.each(testEngines())('patient messages for staff on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['message_opt_outs'], plans: [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '17:00' }] });
  let store: Store;
  beforeEach(() => {
    store = db.store;
  });

  const bookOne = async (time: string, phone: string, email: string | null) => {
    const deps = bookingDeps(store, { now: () => new Date(lagosMoment('2026-11-30', '10:00')) });
    const r = await book(deps, bookingForm({ date: '2026-12-01', time, patient: { name: 'Amina Bello', phone, email } }), visitor(null, phone));
    if (!r.ok) throw new Error(r.reason);
    return r.appointment.id;
  };

  it('messagesOf lists an appointment’s messages in due order, destinations masked; the component shows them', async () => {
    const id = await bookOne('14:00', '+2348031234567', 'amina@example.com');
    await store.db.execute(sql`UPDATE messages SET status = 'failed', last_error = 'refused on sms: http-400' WHERE kind = 'reminder_2h'`);
    const list = await messagesOf(store.db, id);
    expect(list.map((m) => [m.kind, m.channel, m.status])).toEqual([
      ['confirmation', 'whatsapp', 'scheduled'],
      ['reminder_24h', 'whatsapp', 'scheduled'],
      ['reminder_2h', 'whatsapp', 'failed'],
    ]);
    expect(list[0]!.destination).toBe('+**********567');
    const html = renderToStaticMarkup(<MessagesList messages={list} />);
    expect(html).toContain('Messages to the patient');
    expect(html).toContain('Reminder 24 h before');
    expect(html).toContain('WhatsApp');
    expect(html).toContain('refused on sms: http-400');
    expect(html).not.toContain('+2348031234567');
    expect(renderToStaticMarkup(<MessagesList messages={[]} />)).toContain('No messages');
  });

  it('with no provider configured, the confirmation lands in the local sink and shows as sent on the staff list', async () => {
    const id = await bookOne('14:00', '+2348031234567', 'amina@example.com');
    const config = parseMessagingConfig({});
    const channels = createChannels(config, { dataDir: db.test.dataDir, logger: silentLogger });
    const now = new Date(lagosMoment('2026-11-30', '10:00:30'));
    expect(await processMessages({ store, channels, secret: TEST_SECRET, publicOrigin: ORIGIN, logger: silentLogger, now: () => now, schedule: config.schedule })).toMatchObject({ sent: 1 });
    const lines = readFileSync(sinkFile(db.test.dataDir, 'whatsapp'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; to: string; template: { name: string }; text: string; status: string });
    const last = lines[lines.length - 1]!;
    expect(last).toMatchObject({ kind: 'confirmation', to: '+2348031234567', template: { name: 'appointment_confirmation' }, status: 'sent' });
    expect(last.text).toMatch(new RegExp(`${ORIGIN}/m/[A-Za-z0-9_-]{20,40}\\n`));
    expect((await messagesOf(store.db, id))[0]).toMatchObject({ kind: 'confirmation', status: 'sent' });
  });

  it('the CHECK on status allows exactly the statuses in code, and (appointment, kind) is unique', async () => {
    const defs = await store.db
      .select({ def: sql<string>`pg_get_constraintdef(oid)` })
      .from(sql`pg_constraint`)
      .where(sql`conrelid = 'messages'::regclass`);
    const statusCheck = defs.map((d) => d.def).find((d) => d.includes('status') && d.includes('scheduled') && d.startsWith('CHECK'));
    expect(statusCheck).toBeDefined();
    const inCheck = [...statusCheck!.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]).sort();
    expect(inCheck).toEqual([...MESSAGE_STATUSES].sort());
    expect(defs.map((d) => d.def)).toContain('UNIQUE (appointment_id, kind)');
  });

  it('erasing a person removes their appointments, message rows and opt-outs, and leaves others’', async () => {
    await bookOne('14:00', '+2348031234567', 'amina@example.com');
    await bookOne('15:00', '+2348039999999', null);
    await withdrawConsent(store, '+2348031234567', { source: 'staff' }, new Date());
    expect(await store.db.select().from(messageOptOuts)).toHaveLength(2);
    await erasePerson(store, formKeys('k'.repeat(32)), { phone: '08031234567' }, { uid: 'staff-1', name: 'Ngozi Nwosu' }, personErasers(createBookingService(bookingDeps(store))));
    const left = await store.db.select().from(messages);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((m) => m.destination === '+2348039999999')).toBe(true);
    expect(await store.db.select().from(messageOptOuts)).toEqual([]);
    const visits = await store.db.select({ phone: appointments.patientPhone }).from(appointments);
    expect(visits.map((v) => v.phone)).toEqual(['+2348039999999']);
  });
});
