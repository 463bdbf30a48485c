// `npm run bench:reminders`: the patient-messages worker (server/messages/worker.ts) draining
// due messages against a fake provider, on the embedded PGlite database and on PostgreSQL (a
// throw-away, durable cluster), by one worker and by two in parallel (the same process, each
// its own claims: FOR UPDATE SKIP LOCKED decides who sends what). Two runs per engine:
//  - BENCH_MESSAGES (default 10,000) due messages, a provider that answers at once: the
//    database's share (claim, read the appointment, record);
//  - BENCH_SLOW_MESSAGES (default 400) with a provider answering in BENCH_PROVIDER_MS (200 ms),
//    as the WhatsApp Cloud API and Termii typically do.
// Every message must be sent exactly once (checked). Not a test: the numbers depend on the
// machine (2 shared cores here).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openAppStore } from '../server/app/store';
import { appointments } from '../server/booking/schema';
import type { Channel, ChannelAdapter, OutgoingMessage, SendResult } from '../server/messages/channel';
import { messages } from '../server/messages/schema';
import { processMessages } from '../server/messages/worker';
import type { Store } from '../server/platform/db/store';
import { silentLogger } from '../server/platform/http/logger';
import { bookingReference } from '../shared/booking/reference';
import { startPostgresCluster } from '../tests/support/postgres-cluster.mjs';

const FAST = Number(process.env.BENCH_MESSAGES ?? 10_000);
const SLOW = Number(process.env.BENCH_SLOW_MESSAGES ?? 400);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 200);
const NOW = new Date('2026-11-30T09:00:00Z'); // 10:00 in Abuja: outside the quiet hours
const SECRET = 'bench-booking-secret-0123456789abcdef0123456789';

function fakeProvider(channel: Channel, delayMs: number): ChannelAdapter & { ids: string[] } {
  const ids: string[] = [];
  return {
    channel,
    provider: 'bench',
    ids,
    async send(message: OutgoingMessage): Promise<SendResult> {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      ids.push(message.id);
      return { outcome: 'sent', providerId: `bench-${message.id}` };
    },
  };
}

/** `count` appointments tomorrow (no constraint in the way: one per 45 minutes across practitioners and days) and one due confirmation each. */
async function fill(store: Store, count: number) {
  await store.db.execute(sql`TRUNCATE appointments, appointment_events, messages RESTART IDENTITY CASCADE`);
  const practitioners = ['adaeze-okafor', 'ibrahim-musa', 'funmilayo-adeyemi', 'chinedu-eze', 'tunde-bakare'];
  const references = new Set<string>();
  for (let from = 0; from < count; from += 500) {
    const rows: (typeof appointments.$inferInsert)[] = [];
    for (let i = from; i < Math.min(count, from + 500); i++) {
      let reference = bookingReference(randomBytes(5));
      while (references.has(reference)) reference = bookingReference(randomBytes(5));
      references.add(reference);
      const start = new Date(NOW.getTime() + 24 * 3_600_000 + Math.floor(i / practitioners.length) * 45 * 60_000);
      const end = new Date(start.getTime() + 30 * 60_000);
      rows.push({
        reference,
        practitionerId: practitioners[i % practitioners.length]!,
        serviceId: '1',
        locationId: 'abuja',
        visitKind: 'follow_up',
        startsAt: start,
        endsAt: end,
        blocked: { from: start, to: new Date(end.getTime() + 10 * 60_000) },
        status: 'booked',
        patientName: `Patient ${i}`,
        patientPhone: `+234803${String(1_000_000 + i).slice(-7)}`,
        reminderChannel: 'whatsapp',
        remindersConsentAt: NOW,
        idempotencyKey: `bench-${i}-${randomBytes(4).toString('hex')}`,
        createdBy: 'bench',
      });
    }
    const inserted = await store.db.insert(appointments).values(rows).returning({ id: appointments.id, phone: appointments.patientPhone });
    await store.db.insert(messages).values(inserted.map((a) => ({ appointmentId: a.id, kind: 'confirmation', channel: 'whatsapp' as const, destination: a.phone, status: 'scheduled' as const, dueAt: NOW, nextAttemptAt: NOW })));
  }
}

async function drain(store: Store, count: number, workers: number, delayMs: number) {
  await fill(store, count);
  const provider = fakeProvider('whatsapp', delayMs);
  const channels = { whatsapp: provider, sms: fakeProvider('sms', delayMs), email: fakeProvider('email', delayMs) };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        const round = await processMessages({ store, channels, secret: SECRET, publicOrigin: 'https://clinic.example', logger: silentLogger, now: () => NOW, batchSize: 20, concurrency: 4 });
        if (round.claimed === 0) return;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [left] = await store.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(sql`${messages.status} <> 'sent'`);
  const unique = new Set(provider.ids).size;
  if (provider.ids.length !== count || unique !== count || (left?.n ?? 0) !== 0) throw new Error(`expected ${count} sent once each, got ${provider.ids.length} sends (${unique} distinct), ${left?.n} not sent`);
  return count / seconds;
}

async function bench(store: Store, label: string) {
  console.error(`${label}: ${FAST} messages, instant provider…`);
  const fast1 = await drain(store, FAST, 1, 0);
  const fast2 = await drain(store, FAST, 2, 0);
  console.error(`${label}: ${SLOW} messages, provider ${PROVIDER_MS} ms…`);
  const slow1 = await drain(store, SLOW, 1, PROVIDER_MS);
  const slow2 = await drain(store, SLOW, 2, PROVIDER_MS);
  return { label, fast1, fast2, slow1, slow2 };
}

const results: Awaited<ReturnType<typeof bench>>[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-reminders-'));
try {
  console.error('PGlite: creating a database…');
  const store = await openAppStore({ dataDir, logger: silentLogger });
  results.push(await bench(store, 'PGlite (in-process)'));
  await store.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const cluster = process.env.BENCH_SKIP_POSTGRES ? null : await startPostgresCluster();
if (!cluster) {
  console.error('PostgreSQL: not installed or skipped');
} else {
  try {
    console.error('PostgreSQL: starting a throw-away cluster…');
    const store = await openAppStore({ databaseUrl: await cluster.createDatabase('bench_reminders'), dataDir: tmpdir(), logger: silentLogger });
    results.push(await bench(store, 'PostgreSQL (TCP, pool of 10)'));
    await store.close();
  } finally {
    await cluster.stop();
  }
}

console.log(`\nDue messages sent per second (batches of 20, 4 sends in flight per worker; each message sent exactly once, checked)\n`);
console.log(`| engine | ${FAST} msgs, instant provider: 1 worker | 2 workers | ${SLOW} msgs, provider ${PROVIDER_MS} ms: 1 worker | 2 workers |`);
console.log('|---|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.label} | ${r.fast1.toFixed(0)} | ${r.fast2.toFixed(0)} | ${r.slow1.toFixed(1)} | ${r.slow2.toFixed(1)} |`);
