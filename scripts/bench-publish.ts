// `npm run bench:publish` (after `npm run build`): how long until a publish is seen on another
// instance (issue 45: within 2 s). One throw-away PostgreSQL database; on it, the production
// server (dist/server/index.js, its own connection pool, page cache and content-version watcher,
// as deployed) is the instance a visitor asks. This script is the editor's instance: it
// publishes a service's new price the way the editor's action does (publishNow, then the content
// version's bump), and asks the server's service page, already in the server's page cache with
// the old price, every 20 ms until it shows the new one. Timed from the start of the publish.
// BENCH_N publishes (default 30); median, p95 and worst.
// Not a test: numbers depend on the machine (shared, 2 cores).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAppStore } from '../server/app/store';
import { watchContentVersion } from '../server/platform/db/content-version';
import type { Store } from '../server/platform/db/store';
import { silentLogger } from '../server/platform/http/logger';
import { getEntry, publishNow, valuesOf } from '../server/publishing/repo';
import { placeholderFirebaseEnv } from '../tests/support/placeholder-firebase.mjs';
import { startPostgresCluster } from '../tests/support/postgres-cluster.mjs';

const N = Number(process.env.BENCH_N ?? 30);
const SERVER = path.join(process.env.BUILD_OUT ?? 'dist', 'server/index.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The production server on the database: its origin once it answers. */
async function startInstance(databaseUrl: string, dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FIREBASE_'))),
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_REQUESTS: 'false',
      DATA_DIR: dataDir,
      ...placeholderFirebaseEnv('bench-publish'),
      DATABASE_URL: databaseUrl,
      FORM_KEY_SECRET: randomBytes(32).toString('base64url'),
      BOOKING_SECRET: randomBytes(32).toString('base64url'),
      INTAKE_KEK: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the production server did not start (see its log above)');
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the production server did not answer within a minute');
}

const naira = (n: number) => `₦${n.toLocaleString('en-GB')}`;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

if (!existsSync(SERVER)) {
  console.error(`bench:publish: ${SERVER} is missing: run npm run build first`);
  process.exit(1);
}
const cluster = await startPostgresCluster();
if (!cluster) {
  console.error('bench:publish needs PostgreSQL (two instances on one database): not installed');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-publish-'));
let store: Store | null = null;
let server: ChildProcess | null = null;
try {
  console.error('PostgreSQL: starting a throw-away cluster…');
  const url = await cluster.createDatabase('bench_publish');
  store = await openAppStore({ databaseUrl: url, dataDir, logger: silentLogger });
  const version = watchContentVersion(store, { logger: silentLogger, intervalMs: 3_600_000 });
  const instance = await startInstance(url, dataDir);
  server = instance.child;
  const page = `${instance.origin}/service-detail/1`;
  const editor = { uid: 'bench-editor', name: 'Bench Editor' };

  const seen: number[] = [];
  for (let i = 1; i <= N; i++) {
    const price = 20_000 + i * 100;
    // The server has the page in its cache (the old price), as it would for visitors.
    await fetch(page).then((r) => r.text());
    await fetch(page).then((r) => r.text());
    const state = (await getEntry(store.db, 'service', '1'))!;
    const sent = performance.now();
    const published = await publishNow(store.db, { kind: 'service', id: '1', version: state.version, values: { ...valuesOf('service', state), priceNgn: String(price) }, actor: editor });
    if (!published.ok) throw new Error(`publish refused: ${JSON.stringify(published)}`);
    await version.bump();
    const want = naira(price);
    for (;;) {
      if ((await (await fetch(page)).text()).includes(want)) break;
      if (performance.now() - sent > 30_000) throw new Error(`${want} not on the other instance after 30 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    seen.push(performance.now() - sent);
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  version.stop();
  const ms = (x: number) => `${Math.round(x).toLocaleString('en-GB')} ms`;
  console.log(`Publish on one instance → seen on another (PostgreSQL, the production server, ${N} publishes):`);
  console.log(`  median ${ms(quantile(seen, 0.5))}, p95 ${ms(quantile(seen, 0.95))}, worst ${ms(Math.max(...seen))}, best ${ms(Math.min(...seen))} (target: p95 ≤ 2,000 ms)`);
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((r) => server!.once('exit', r));
  await store?.close();
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
