// `npm run load`: a measurement, not a test. Starts the production build on a free port and
// runs LOAD_ROUNDS rounds (default 3) of LOAD_SECONDS each (default 10: 30 s in all) with
// LOAD_CONNECTIONS clients (default 50), 30 % of which abort every request after 50 ms (as
// visitors on mobile data do). After each round: non-2xx answers, errors, and the heap after a
// full GC (the server runs with --expose-gc and DEBUG_HEAP_ENDPOINT=true, measurement only).
import { get } from 'node:http';
import autocannon from 'autocannon';
import { startProdServer } from './prod-server.mjs';

const rounds = Number(process.env.LOAD_ROUNDS ?? 3);
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50);
const abortShare = 0.3;
const abortAfterMs = 50;
const paths = ['/', '/about', '/services', '/blogs', '/shop', '/login', '/healthz'];

const server = await startProdServer({ nodeArgs: ['--expose-gc'], env: { DEBUG_HEAP_ENDPOINT: 'true' } });
console.log(`load: ${server.url} on Node ${process.version}; ${rounds} rounds × ${seconds} s, ${connections} connections, ${Math.round(abortShare * 100)} % aborting at ${abortAfterMs} ms`);

const heap = () =>
  new Promise((resolve, reject) => {
    get(`${server.url}/__debug/heap`, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(JSON.parse(body)));
    }).on('error', reject);
  });

/** A client that starts a page request and walks away after abortAfterMs, again and again, until `until`. */
async function abortingClient(until) {
  let aborted = 0;
  let i = 0;
  while (performance.now() < until) {
    const path = paths[i++ % paths.length];
    await new Promise((resolve) => {
      const req = get(`${server.url}${path}`, { agent: false }, (res) => res.resume());
      const timer = setTimeout(() => {
        aborted++;
        req.destroy();
      }, abortAfterMs);
      req.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
      req.on('error', () => {});
    });
  }
  return aborted;
}

const before = await heap();
console.log(`heap after GC before load: ${(before.heapUsed / 1048576).toFixed(1)} MB (gc available: ${before.gc})`);
const results = [];
for (let round = 1; round <= rounds; round++) {
  const aborters = Math.round(connections * abortShare);
  const until = performance.now() + seconds * 1000;
  const [cannon, ...aborts] = await Promise.all([
    autocannon({
      url: server.url,
      connections: connections - aborters,
      duration: seconds,
      requests: paths.map((path) => ({ method: 'GET', path })),
    }),
    ...Array.from({ length: aborters }, () => abortingClient(until)),
  ]);
  const h = await heap();
  const row = {
    round,
    requests: cannon.requests.total,
    '2xx': cannon['2xx'],
    non2xx: cannon.non2xx,
    errors: cannon.errors,
    timeouts: cannon.timeouts,
    aborted: aborts.reduce((a, b) => a + b, 0),
    'req/s': Math.round(cannon.requests.average),
    'p99 ms': cannon.latency.p99,
    'heap MB after GC': Number((h.heapUsed / 1048576).toFixed(1)),
    'rss MB': Math.round(h.rss / 1048576),
    statuses: Object.entries(cannon.statusCodeStats ?? {}).map(([s, v]) => `${s}×${v.count}`).join(' '),
  };
  results.push(row);
  console.log(JSON.stringify(row));
}
console.table(results);

server.child.kill('SIGTERM');
const { code } = await server.exit;
// Errors logged while serving count against the run; what the server says at start about its
// configuration (no SMTP_URL here: mail goes to files) is shown but is not a failure of the load.
// (startProdServer resolved on the 'listening' line, so it is there.)
const listening = server.lines.findIndex((l) => l.includes('"msg":"listening"'));
const isError = (l) => l.includes('"level":"error"');
const startNotices = server.lines.slice(0, listening).filter(isError);
const errorLines = server.lines.slice(listening).filter(isError);
for (const l of startNotices) console.log(`start-up notice: ${l}`);
console.log(`server exit code ${code}; error log lines while serving: ${errorLines.length}`);
for (const l of errorLines.slice(0, 5)) console.log(`  ${l}`);
const unexpected = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
process.exit(unexpected === 0 && code === 0 && errorLines.length === 0 ? 0 : 1);
