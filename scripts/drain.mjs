// `npm run drain`: a measurement, not a test. Starts the production build on a free port,
// hammers it with DRAIN_CLIENTS clients (default 50: half keep-alive, half a new connection per
// request) behind a simulated load balancer that polls /readyz every 250 ms and stops routing
// at the first 503, sends SIGTERM after DRAIN_LOAD_MS (default 3000), and reports the exit
// code, the time from SIGTERM to exit, and every request that failed (a reset is a failure).
import { Agent, get } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { startProdServer } from './prod-server.mjs';

const clients = Number(process.env.DRAIN_CLIENTS ?? 50);
const loadMs = Number(process.env.DRAIN_LOAD_MS ?? 3000);
const pollMs = 250;
const paths = ['/', '/about', '/healthz', '/services'];

const server = await startProdServer({ env: { SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '3000', SHUTDOWN_TIMEOUT_MS: process.env.SHUTDOWN_TIMEOUT_MS ?? '8000' } });
console.log(`drain: ${server.url} on Node ${process.version}; ${clients} clients, SIGTERM after ${loadMs} ms`);

const keepAlive = new Agent({ keepAlive: true, maxSockets: clients });
const fetchOnce = (path, agent) =>
  new Promise((resolve) => {
    const req = get(`${server.url}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, close: res.headers.connection === 'close' }));
      res.on('error', (e) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e) => resolve({ error: e.code ?? e.message }));
  });

let routed = true;
let sigtermAt = 0;
let notReadyAfterMs = null;
const stats = { ok: 0, non2xx: 0, connectionClose: 0, failures: {} };

const balancer = (async () => {
  while (routed) {
    const r = await fetchOnce('/readyz', false);
    if (sigtermAt && r.status !== 200) {
      notReadyAfterMs = Math.round(performance.now() - sigtermAt);
      routed = false;
      break;
    }
    await delay(pollMs);
  }
})();

const client = async (i) => {
  const agent = i % 2 === 0 ? keepAlive : false;
  let n = i;
  while (routed) {
    const r = await fetchOnce(paths[n++ % paths.length], agent);
    if (r.error) stats.failures[r.error] = (stats.failures[r.error] ?? 0) + 1;
    else if (r.status >= 200 && r.status < 300) stats.ok++;
    else stats.non2xx++;
    if (r.close) stats.connectionClose++;
  }
};

const running = Array.from({ length: clients }, (_, i) => client(i));
await delay(loadMs);
const okBefore = stats.ok;
sigtermAt = performance.now();
server.child.kill('SIGTERM');
await Promise.all([balancer, ...running]);
const { code, at } = await server.exit;
keepAlive.destroy();

const report = {
  node: process.version,
  exitCode: code,
  exitAfterSigtermMs: Math.round(at - sigtermAt),
  readyzFailedAfterMs: notReadyAfterMs,
  requestsOk: stats.ok,
  requestsOkAfterSigterm: stats.ok - okBefore,
  non2xx: stats.non2xx,
  answersWithConnectionClose: stats.connectionClose,
  failures: stats.failures,
  resets: stats.failures.ECONNRESET ?? 0,
};
console.log(JSON.stringify(report, null, 2));
for (const l of server.lines.filter((l) => /shutting down|drain window|stopped|"level":"error"/.test(l))) console.log(`  server: ${l}`);
process.exit(code === 0 && Object.keys(stats.failures).length === 0 && stats.non2xx === 0 ? 0 : 1);
