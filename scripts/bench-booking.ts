// `npm run bench:booking`: the booking core on the embedded PGlite database and on PostgreSQL
// (a throw-away, durable cluster: fsync on), each with 10,000 existing appointments:
//  - free-time search for one service over the 60-day horizon across all its practitioners,
//    server-side time of freeTimes() (the queries and the computation), p50/p95 of RUNS;
//  - attempts per second on one contested time (CONTESTED at once: one books, the rest
//    answer a conflict with three alternatives), median of 5 times;
//  - bookings per second at spread free times, 8 at once.
// Not a test: the numbers depend on the machine (2 shared cores here).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openAppStore } from '../server/app/store';
import { book } from '../server/booking/book';
import type { BookingDeps } from '../server/booking/deps';
import { freeTimes } from '../server/booking/repo';
import { appointments } from '../server/booking/schema';
import { WORKING_WEEKS } from '../server/booking/seed';
import type { Store } from '../server/platform/db/store';
import { bookingReference } from '../shared/booking/reference';
import { DEFAULT_BOOKING_RULES } from '../shared/booking/rules';
import { addDays, lagosDate, lagosMoment, minutesOf, weekdayOf } from '../shared/booking/time';
import type { AppointmentStatus } from '../shared/booking/types';
import { onEachEngine } from './bench-engines';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const EXISTING = Number(process.env.BENCH_EXISTING ?? 10_000);
const CONTESTED = Number(process.env.BENCH_CONTESTED ?? 200);
const SPREAD = Number(process.env.BENCH_SPREAD ?? 200);
const SERVICE = '4'; // Wellness Care: given by four of the five clinicians
const NOW = new Date(lagosMoment('2026-11-30', '05:00'));
const TODAY = lagosDate(NOW);
const rules = DEFAULT_BOOKING_RULES;

/** A deterministic pseudo-random sequence, so both engines get the same appointments. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/**
 * EXISTING appointments in 45-minute blocks of the seeded weeks (30-minute follow-ups, the
 * service's buffer inside the block): 60 % of the blocks of the next 60 days, the rest in the
 * past; completed, some no-shows and cancellations. Inserted directly, 500 per statement.
 */
async function fill(store: Store) {
  const rnd = random(31);
  const given: Record<string, string> = { 'adaeze-okafor': '1', 'ibrahim-musa': '4', 'funmilayo-adeyemi': '2', 'chinedu-eze': '5', 'tunde-bakare': '1' };
  const rows: (typeof appointments.$inferInsert)[] = [];
  // 10,000 draws from 32^5 codes collide about once and a half (the birthday bound): the
  // booking path draws again on the unique index; a bulk insert must not draw twice.
  const references = new Set<string>();
  const reference = () => {
    for (;;) {
      const r = bookingReference(randomBytes(5));
      if (!references.has(r)) return references.add(r), r;
    }
  };
  const add = (date: string, future: boolean) => {
    for (const [practitionerId, week] of Object.entries(WORKING_WEEKS)) {
      for (const day of week.filter((d) => d.days.includes(weekdayOf(date)))) {
        const spans = [{ start: minutesOf(day.starts), end: minutesOf(day.ends) }];
        for (const b of day.breaks) {
          const s = spans.pop()!;
          spans.push({ start: s.start, end: minutesOf(b.start) }, { start: minutesOf(b.end), end: s.end });
        }
        for (const span of spans) {
          for (let t = span.start; t + 45 <= span.end; t += 45) {
            if (rnd() > 0.6) continue;
            const start = new Date(lagosMoment(date, t));
            const r = rnd();
            const status: AppointmentStatus = r < 0.05 ? 'cancelled' : future ? 'booked' : r < 0.1 ? 'no_show' : 'completed';
            rows.push({
              reference: reference(),
              practitionerId,
              serviceId: given[practitionerId]!,
              locationId: 'abuja',
              visitKind: 'follow_up',
              startsAt: start,
              endsAt: new Date(start.getTime() + 30 * 60_000),
              blocked: { from: start, to: new Date(start.getTime() + 45 * 60_000) },
              status,
              patientName: 'Bench Patient',
              patientPhone: '+2348031234567',
              cancelledAt: status === 'cancelled' ? start : null,
              idempotencyKey: `bench-${randomBytes(8).toString('hex')}`,
              createdBy: 'visitor',
            });
          }
        }
      }
    }
  };
  for (let d = 1; d <= rules.horizonDays; d++) add(addDays(TODAY, d), true);
  const future = rows.length;
  for (let d = 1; rows.length < EXISTING; d++) add(addDays(TODAY, -d), false);
  rows.length = EXISTING;
  for (let i = 0; i < rows.length; i += 500) await store.db.insert(appointments).values(rows.slice(i, i + 500));
  await store.db.execute(sql`ANALYZE appointments`);
  return { future };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const median = (xs: number[]) => percentile(xs, 50);

async function bench(store: Store, label: string) {
  console.error(`${label}: inserting ${EXISTING} appointments…`);
  const { future } = await fill(store);
  const deps: BookingDeps = { store, rules, secret: 'bench-secret-0123456789abcdef0123456789', publicOrigin: 'https://clinic.example', clinicInbox: 'inbox@clinic.example', now: () => NOW };
  const query = { serviceId: SERVICE, visitKind: 'first' as const, practitionerId: null, fromDate: TODAY, toDate: addDays(TODAY, rules.horizonDays) };

  console.error(`${label}: free-time search, ${RUNS} runs…`);
  let slots = 0;
  for (let i = 0; i < 5; i++) await freeTimes(store.db, query, rules, NOW); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = await freeTimes(store.db, query, rules, NOW);
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(result.reason);
    slots = result.days.reduce((n, d) => n + d.slots.length, 0);
  }

  // Free slots to book: the search's own answer, spread over days and practitioners.
  const result = await freeTimes(store.db, query, rules, NOW);
  if (!result.ok) throw new Error(result.reason);
  const all = result.days.flatMap((d) => d.slots);
  const form = (startsAt: string, practitionerId: string, i: number) => ({
    serviceId: SERVICE,
    visitKind: 'first' as const,
    practitionerId,
    startsAt: new Date(startsAt),
    patient: { name: `Bench ${i}`, phone: '+2348031234567', email: 'bench@example.com' },
    reminders: { channel: 'sms' as const, consent: true },
    idempotencyKey: `bench-${randomBytes(8).toString('hex')}`,
  });

  console.error(`${label}: ${CONTESTED} attempts at once on one time, 5 times…`);
  const contested: number[] = [];
  for (let round = 0; round < 5; round++) {
    const slot = all[Math.floor((all.length * (round + 1)) / 7)]!;
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: CONTESTED }, (_, i) => book(deps, form(slot.startsAt, slot.practitionerId, i), { kind: 'visitor', uid: null })));
    contested.push(CONTESTED / ((performance.now() - started) / 1000));
    const booked = answers.filter((a) => a.ok).length;
    if (booked !== 1) throw new Error(`${label}: ${booked} bookings for one contested time`);
  }

  console.error(`${label}: ${SPREAD} bookings at spread times, 8 at once…`);
  // Free times as they are now (the contested rounds took five), one per practitioner and day.
  const fresh = await freeTimes(store.db, query, rules, NOW);
  if (!fresh.ok) throw new Error(fresh.reason);
  const taken = new Set<string>();
  const spreadSlots = fresh.days.flatMap((d) => d.slots).filter((s, i) => i % 5 === 0 && !taken.has(`${s.practitionerId} ${s.date}`) && taken.add(`${s.practitionerId} ${s.date}`)).slice(0, SPREAD);
  let next = 0;
  let booked = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < spreadSlots.length; i = next++) {
        const slot = spreadSlots[i]!;
        const r = await book(deps, form(slot.startsAt, slot.practitionerId, i), { kind: 'visitor', uid: null });
        if (r.ok) booked++;
      }
    }),
  );
  const spread = booked / ((performance.now() - started) / 1000);
  return { label, future, slots, p50: percentile(times, 50), p95: percentile(times, 95), contested: median(contested), spread, spreadBooked: booked, spreadTried: spreadSlots.length };
}

const results: Awaited<ReturnType<typeof bench>>[] = [];
await onEachEngine('bench-booking', openAppStore, async (store, engine) => {
  results.push(await bench(store, engine));
});

const r0 = results[0];
console.log(`\nBooking core with ${EXISTING} existing appointments (${r0?.future ?? 0} of them in the next ${rules.horizonDays} days)`);
console.log(`Free-time search: service ${SERVICE}, first visit, any practitioner, ${rules.horizonDays} days, ${RUNS} runs; contested: ${CONTESTED} at once, median of 5; spread: 8 at once\n`);
console.log('| engine | search p50 | search p95 | free slots found | contested attempts/s (1 booked) | spread bookings/s |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.label} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.slots} | ${r.contested.toFixed(0)} | ${r.spread.toFixed(0)} (${r.spreadBooked}/${r.spreadTried}) |`);
}
