// The body of `npm run bench:inbox [-- <rows>]` (scripts/bench-inbox.mjs loads it through Vite,
// as the server runs from source): the staff inbox at scale, on PostgreSQL. Seeds the database
// up to <rows> requests (default 1,000,000; scripts/inbox-seed.ts), then times what staff do,
// through the app as they reach it (an in-process server on loopback, a signed-in member of
// staff): the list's first and last page, a filter, searches by name, phone and reference (each
// as a data request, what the hydrated page asks for, and as the whole HTML page), and the CSV
// export of every request (time, rows, and the process's peak memory above its start).
// DATABASE_URL: that database (kept, seeded once); otherwise a throw-away durable cluster
// (Debian's postgresql). Not a test: numbers depend on the machine. BENCH_RUNS: requests per case (40).
import { once } from 'node:events';
import { request as httpRequest, Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app/app';
import { loadConfig } from '../server/app/config';
import { openAppStore } from '../server/app/store';
import { queryRows } from '../server/platform/db/db';
import { createLogger, silentLogger } from '../server/platform/http/logger';
import type { SessionUser } from '../shared/platform/session';
import type { StaffListData } from '../shared/requests/staff/types';
import { startPostgresCluster } from '../tests/support/postgres-cluster.mjs';
import { LAST_NAMES, FIRST_NAMES, seedRequests } from './inbox-seed';

/** Seeds up to `ROWS` requests, times the cases, and prints the table (Markdown) on stdout. */
export async function run(ROWS: number): Promise<void> {
  const RUNS = Number(process.env.BENCH_RUNS ?? 40);
  const log = createLogger((line) => process.stderr.write(line + '\n'));

  /** DATABASE_URL (kept), or a throw-away durable cluster removed at the end. */
  async function benchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
    if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
    const cluster = await startPostgresCluster();
    if (!cluster) throw new Error('npm run bench:inbox needs PostgreSQL: set DATABASE_URL, or install Debian\'s postgresql package for a throw-away cluster.');
    process.once('exit', () => cluster.stopSync());
    return { url: await cluster.createDatabase('inbox'), stop: () => cluster.stop() };
  }

  const database = await benchDatabase();
  const started = performance.now();
  const store = await openAppStore({ databaseUrl: database.url, dataDir: tmpdir(), logger: log });
  log.info('store open (migrations applied)', { seconds: Math.round((performance.now() - started) / 100) / 10 });
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(store.db, sql`SELECT count(*)::int AS n FROM requests`);
  if (n < ROWS) {
    const seeding = performance.now();
    await seedRequests(store, ROWS - n, (done) => log.info('seeding', { done, of: ROWS - n }));
    log.info('seeded', { rows: ROWS - n, seconds: Math.round((performance.now() - seeding) / 100) / 10 });
  }

  const staff: SessionUser = { uid: 'bench-staff', displayName: 'Bench Staff', email: 'bench@example.com', role: 'staff' };
  const app = createApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', RENDER_TIMEOUT_MS: '30000' }),
    assets: { forPages: () => ({ entryScripts: [], preloads: [], styles: [] }) },
    logger: silentLogger,
    store,
    getUser: async () => staff,
  });
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  /** One GET: status, body length, milliseconds; `onChunk` sees the body as it streams. */
  function get(path: string, onChunk?: (chunk: Buffer) => void): Promise<{ status: number; body: string; bytes: number; ms: number }> {
    return new Promise((resolve, reject) => {
      const t = performance.now();
      const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'identity' } }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (onChunk) onChunk(c);
          else chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), bytes, ms: performance.now() - t }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  };
  const dataPath = (path: string) => `${path}${path.includes('?') ? '&' : '?'}_data=%2Fstaff`;

  /** p50 and p95 of `paths` (cycled) as data requests and as pages, after three warm-up requests. */
  async function time(paths: string[]) {
    for (const p of paths.slice(0, 3)) await get(dataPath(p));
    const data: number[] = [];
    const page: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const path = paths[i % paths.length]!;
      const d = await get(dataPath(path));
      if (d.status !== 200) throw new Error(`${path}: ${d.status} ${d.body.slice(0, 200)}`);
      data.push(d.ms);
      const h = await get(path);
      if (h.status !== 200) throw new Error(`${path}: ${h.status}`);
      page.push(h.ms);
    }
    return { data: [pct(data, 50), pct(data, 95)], page: [pct(page, 50), pct(page, 95)] };
  }

  const sample = async <T>(query: ReturnType<typeof sql>) => queryRows<T>(store.db, query);
  const phones = (await sample<{ phone: string }>(sql`SELECT phone FROM requests TABLESAMPLE SYSTEM (1) WHERE phone IS NOT NULL LIMIT 40`)).map((r) => r.phone);
  const references = (await sample<{ reference: string }>(sql`SELECT reference FROM requests TABLESAMPLE SYSTEM (1) LIMIT 40`)).map((r) => r.reference);
  const q = (v: string) => `/staff?q=${encodeURIComponent(v)}`;

  // The last page: the list's "Oldest" link (keyset paging).
  const firstData = JSON.parse((await get(dataPath('/staff'))).body) as { data: StaffListData };
  const lastPage = `/staff${firstData.data.paging.oldest ?? ''}`;

  const cases: [string, string[]][] = [
    ['list, first page', ['/staff']],
    ['list, last page', [lastPage]],
    ['filter: appointments, closed', ['/staff?kind=appointment&status=closed']],
    ['filter: new', ['/staff?status=new']],
    ['search by surname (≈1.3 % of rows)', LAST_NAMES.slice(0, 10).map(q)],
    ['search by full name (≈0.02 %)', FIRST_NAMES.slice(0, 10).map((f, i) => q(`${f} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`))],
    ['search by phone (7 digits)', phones.map((p) => q(p.slice(-7)))],
    ['search by phone (as typed, 0803…)', phones.map((p) => q(`0${p.slice(4, 7)} ${p.slice(7, 10)} ${p.slice(10)}`))],
    ['search by reference', references.map(q)],
  ];

  const table: string[] = [`| case (${ROWS.toLocaleString('en')} requests, ${RUNS} runs) | data request p50 | p95 | whole page p50 | p95 |`, '|---|---|---|---|---|'];
  for (const [name, paths] of cases) {
    const r = await time(paths);
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    table.push(`| ${name} | ${f(r.data[0]!)} | ${f(r.data[1]!)} | ${f(r.page[0]!)} | ${f(r.page[1]!)} |`);
    log.info('timed', { case: name });
  }

  // The CSV export of everything: time, rows, and how far the process's memory rose while it ran.
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let lines = 0;
  const csv = await get('/staff/export.csv', (chunk) => {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  });
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  table.push('', '| CSV export of every request | time | rows | bytes | peak RSS (above start) |', '|---|---|---|---|---|');
  table.push(`| /staff/export.csv | ${(csv.ms / 1000).toFixed(1)} s | ${(lines - 1).toLocaleString('en')} | ${mb(csv.bytes)} | ${mb(peak)} (+${mb(peak - rssBefore)}) |`);

  console.log(table.join('\n'));
  server.close();
  agent.destroy();
  await store.close();
  await database.stop();
}
