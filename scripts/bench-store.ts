// `npm run bench:store`: stored submissions per second (request + history event + outbox
// row, one transaction each) on the embedded PGlite database and on PostgreSQL (a
// throw-away, durable cluster: fsync on), sequentially and with 8 at once. Median of 5 runs.
// Not a test: numbers depend on the machine. BENCH_N sets submissions per run (default 300).
import { sql } from 'drizzle-orm';
import { openStore, type Store } from '../server/platform/db/store';
import { submit } from '../tests/support/submit';
import { onEachEngine } from './bench-engines';

const N = Number(process.env.BENCH_N ?? 300);
const RUNS = 5;
const notify = { to: 'inbox@clinic.example', publicOrigin: 'https://clinic.example' };
let seq = 0;

async function submissions(store: Store, concurrency: number): Promise<number> {
  await store.db.execute(sql`TRUNCATE requests, request_events, outbox RESTART IDENTITY CASCADE`);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < N) {
        await submit(store, {
          kind: 'appointment',
          idempotencyKey: `bench-${process.pid}-${++seq}`,
          name: 'Bench Mark',
          email: 'bench@example.com',
          phone: '+2348001234567',
          payload: { service: 'Spinal adjustment', preferredDate: '2026-12-01', message: 'x'.repeat(300) },
          notify,
        });
      }
    }),
  );
  return N / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function bench(store: Store) {
  await submissions(store, 1); // warm-up
  const result: Record<string, number> = {};
  for (const concurrency of [1, 8]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await submissions(store, concurrency));
    result[concurrency === 1 ? 'sequential' : '8 concurrent'] = median(runs);
  }
  return result;
}

const rows: { engine: string; sequential: number; concurrent: number }[] = [];

await onEachEngine('bench-store', openStore, async (store, engine) => {
  const r = await bench(store);
  rows.push({ engine, sequential: r.sequential!, concurrent: r['8 concurrent']! });
});

console.log(`\nStored submissions per second (${N} per run, median of ${RUNS})\n`);
console.log('| engine | sequential | 8 concurrent |');
console.log('|---|---:|---:|');
for (const row of rows) console.log(`| ${row.engine} | ${row.sequential.toFixed(0)} | ${row.concurrent.toFixed(0)} |`);
