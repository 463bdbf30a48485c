// `npm run bench:waitlist`: a freed time → the first offer leaves the messages queue, with
// WAITLIST entries waiting (default 10,000), on the embedded PGlite database and on PostgreSQL
// (a throw-away cluster). Each run books a visit, then times, on one clock: the patient's
// cancellation (whose transaction runs the waitlist's round: the candidates read through the
// partial index, the free times, the offers and their message rows), then one messages-worker
// round that claims the due rows and hands the first offer to a channel that answers at once.
// p50/p95 of RUNS. Then the plan of the round's candidates query (EXPLAIN), to show it uses an
// index. Not a test: the numbers depend on the machine (2 shared cores here).
import { sql } from 'drizzle-orm';
import { openAppStore } from '../server/app/store';
import { createBookingService } from '../server/booking/service';
import { appointments, waitlistEntries } from '../server/booking/schema';
import { candidatesQuery, waitlistListener } from '../server/booking/waitlist';
import type { ChannelAdapter } from '../server/messages/channel';
import { offerMessages } from '../server/messages/offers';
import { visitMessages } from '../server/messages/queue';
import { processMessages } from '../server/messages/worker';
import { silentLogger } from '../server/platform/http/logger';
import { queryRows } from '../server/platform/db/db';
import type { Store } from '../server/platform/db/store';
import { DEFAULT_BOOKING_LIMITS } from '../shared/booking/limits';
import { DEFAULT_BOOKING_RULES } from '../shared/booking/rules';
import { addDays, lagosDate, lagosMoment } from '../shared/booking/time';
import { DEFAULT_WAITLIST } from '../shared/booking/waitlist';
import { onEachEngine } from './bench-engines';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WAITING = Number(process.env.BENCH_WAITLIST ?? 10_000);
/** Monday 30 November 2026, 10:00 in Abuja (outside the quiet hours: offers go at once). */
const NOW = new Date(lagosMoment('2026-11-30', '10:00'));
const PRACTITIONERS = ['adaeze-okafor', 'ibrahim-musa', 'funmilayo-adeyemi', 'chinedu-eze', 'tunde-bakare'];

function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** WAITING entries, joined a minute apart: a fifth for anyone, the rest per practitioner; most days and parts. */
async function fill(store: Store) {
  const rnd = random(46);
  const rows: (typeof waitlistEntries.$inferInsert)[] = [];
  for (let i = 0; i < WAITING; i++) {
    rows.push({
      serviceId: '1',
      visitKind: 'follow_up',
      practitionerId: rnd() < 0.2 ? null : PRACTITIONERS[Math.floor(rnd() * PRACTITIONERS.length)]!,
      days: 1 + Math.floor(rnd() * 127),
      parts: 1 + Math.floor(rnd() * 7),
      untilDate: addDays(lagosDate(NOW), 7 + Math.floor(rnd() * 50)),
      patientName: `Patient ${i}`,
      patientPhone: `+234803${String(i).padStart(7, '0')}`,
      channel: rnd() < 0.7 ? 'whatsapp' : 'sms',
      consentAt: NOW,
      createdAt: new Date(NOW.getTime() - (WAITING - i) * 60_000),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await store.db.insert(waitlistEntries).values(rows.slice(i, i + 500));
  await store.db.execute(sql`ANALYZE waitlist_entries`);
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

const instant: ChannelAdapter = { channel: 'whatsapp', provider: 'bench', send: async () => ({ outcome: 'sent', providerId: 'bench' }) };

async function bench(store: Store, label: string) {
  await store.db.execute(sql`TRUNCATE appointments, waitlist_entries, waitlist_rounds RESTART IDENTITY CASCADE`);
  await fill(store);
  const waitlist = { settings: DEFAULT_WAITLIST, messages: offerMessages() };
  const booking = createBookingService({
    store,
    rules: { ...DEFAULT_BOOKING_RULES, cancellationNoticeMinutes: 60 },
    secret: 'bench-secret-0123456789abcdef0123456789abcdef',
    publicOrigin: 'https://clinic.example',
    clinicInbox: null,
    now: () => NOW,
    limits: { ...DEFAULT_BOOKING_LIMITS, futureVisitsPerPhone: 1000, visitsPerDayPerPhone: 1000 },
    listeners: [visitMessages(), waitlistListener({ rules: DEFAULT_BOOKING_RULES, waitlist })],
    waitlist,
  });
  const channels = { whatsapp: instant, sms: { ...instant, channel: 'sms' as const }, email: { ...instant, channel: 'email' as const } };
  const times: number[] = [];
  let offers = 0;
  // Tuesday to Thursday of the next week and the one after, 10:00 onward: free at first, each run books and frees one.
  const days = [1, 2, 3, 8, 9, 10].map((d) => addDays(lagosDate(NOW), d));
  for (let run = 0; run < RUNS; run++) {
    const date = days[run % days.length]!;
    // Adaeze works 09:00-17:00 with lunch at 13:00: these hours are in her plan.
    const time = ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00'][Math.floor(run / days.length) % 7]!;
    const booked = await booking.book(
      { serviceId: '1', visitKind: 'follow_up', practitionerId: 'adaeze-okafor', startsAt: new Date(lagosMoment(date, time)), patient: { name: 'Bench', phone: '+2348030000000', email: null }, reminders: { channel: 'none', consent: false }, idempotencyKey: `bench-${run}-${Date.now()}` },
      { kind: 'staff', uid: 'bench', name: 'Bench' },
    );
    if (!booked.ok) throw new Error(`run ${run}: ${booked.reason}`);
    // Earlier runs' offers are sent already: only this run's are due.
    await processMessages({ store, channels, secret: 'bench-secret-0123456789abcdef0123456789abcdef', publicOrigin: 'https://clinic.example', logger: silentLogger, now: () => NOW, clinic: { name: 'Clinic', phone: '0803 000 0000' }, batchSize: 500 });
    const t0 = performance.now();
    const cancelled = await booking.cancel({ as: 'staff', appointmentId: booked.appointment.id, version: booked.appointment.version, uid: 'bench', name: 'Bench' });
    if (!cancelled.ok) throw new Error(`run ${run}: ${cancelled.reason}`);
    const round = await processMessages({ store, channels, secret: 'bench-secret-0123456789abcdef0123456789abcdef', publicOrigin: 'https://clinic.example', logger: silentLogger, now: () => NOW, clinic: { name: 'Clinic', phone: '0803 000 0000' }, batchSize: 1 });
    times.push(performance.now() - t0);
    if (round.sent !== 1) throw new Error(`run ${run}: no offer left the queue (${JSON.stringify(round)})`);
    offers++;
  }
  const plan = await queryRows<Record<string, string>>(store.db, sql`EXPLAIN ${candidatesQuery(store.db, 'adaeze-okafor', lagosDate(NOW), NOW)}`);
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(store.db, sql`SELECT count(*)::int AS n FROM ${appointments}`);
  return { label, p50: quantile(times, 0.5), p95: quantile(times, 0.95), offers, plan: plan.map((r) => Object.values(r)[0]).join('\n'), visits: n };
}

const results: Awaited<ReturnType<typeof bench>>[] = [];
await onEachEngine('bench-waitlist', openAppStore, async (store, engine) => {
  results.push(await bench(store, engine));
});

console.log(`\nWaitlist: a freed time → the first offer leaves the queue, ${WAITING} entries waiting, ${RUNS} runs (the cancellation's transaction with its round, then one worker round)\n`);
console.log('| engine | p50 | p95 | runs with an offer sent |');
console.log('|---|---:|---:|---:|');
for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.offers}/${RUNS} |`);
for (const r of results) console.log(`\nThe round's candidates query on ${r.label} (EXPLAIN):\n${r.plan}`);
