// Throughput of anonymous pages, side by side in one run (issue 13):
//   static   – plain node:http answering the cached page's exact bytes and headers from memory
//   cached   – the production server with its page cache (server/platform/page-cache.ts)
//   uncached – the production server with PAGE_CACHE_BYTES=0 (every request renders)
//   nonce    – (simulated) the alternative to hashes: a fresh nonce patched into the stored
//              page and compressed again per response (gzip 6), served by the static server;
//              an upper bound for that design, kept for docs/decisions/0011-page-cache.md
//   before   – with --baseline=<dist dir>: another build (e.g. an older commit's) rendering uncached
// Builds nothing: run `npm run build` first. Loopback only, bounded: rounds × modes × paths × duration.
//   npm run bench -- [/ /about] [--rounds=3] [--duration=5] [--connections=50] [--no-nonce] [--baseline=<dist dir>]
import { measurementDatabase } from './measure-database.mjs';
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { placeholderFirebaseEnv } from '../tests/support/placeholder-firebase.mjs';

const ACCEPT_ENCODING = 'br, gzip'; // what browsers send over http://; over https they add zstd/deflate
const NONCE_PLACEHOLDER = 'NONCE_PLACEHOLDER_24CHARS';

// ---- child: the static server -------------------------------------------------------
if (process.argv[2] === '--static-server') {
  process.once('message', ({ pages }) => {
    const table = new Map(pages.map((p) => [p.path, { headers: p.headers, body: Buffer.from(p.body, 'base64'), html: p.html }]));
    const server = http.createServer((req, res) => {
      const nonce = req.url.startsWith('/__nonce');
      const page = table.get(nonce ? req.url.slice('/__nonce'.length) || '/' : req.url);
      if (!page) {
        res.writeHead(404).end();
        return;
      }
      if (!nonce) {
        res.writeHead(200, page.headers);
        res.end(page.body);
        return;
      }
      const fresh = randomBytes(18).toString('base64');
      const body = gzipSync(page.html.replaceAll(NONCE_PLACEHOLDER, fresh));
      const headers = { ...page.headers, 'content-encoding': 'gzip', 'content-length': body.length };
      headers['content-security-policy'] = String(headers['content-security-policy']).replace(/'sha256-[^']+'( 'sha256-[^']+')*/, `'nonce-${fresh}'`);
      delete headers.etag;
      res.writeHead(200, headers);
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  });
} else {
  await main();
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const rounds = opt('rounds', 3);
  const duration = opt('duration', 5);
  const connections = opt('connections', 50);
  const withNonce = !args.includes('--no-nonce');
  const paths = args.filter((a) => a.startsWith('/'));
  if (paths.length === 0) paths.push('/', '/about');
  const out = process.env.BUILD_OUT ?? 'dist';
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

  const children = [];
  const stopAll = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('exit', stopAll);
  process.on('SIGINT', () => process.exit(130));

  const freePort = () =>
    new Promise((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = s.address().port;
        s.close(() => resolve(p));
      });
    });

  const database = await measurementDatabase();
  const firebaseEnv = { ...placeholderFirebaseEnv('bench-project'), DATABASE_URL: database.url, FORM_KEY_SECRET: randomBytes(32).toString('base64url'), BOOKING_SECRET: randomBytes(32).toString('base64url'), INTAKE_KEK: randomBytes(32).toString('base64') };
  async function startApp(extraEnv, dist = path.join(root, out)) {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(dist, 'server/index.js')], {
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FIREBASE_') && k !== 'PAGE_CACHE_BYTES')),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_REQUESTS: 'false',
        ...firebaseEnv,
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return base;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`server on ${base} did not start`);
  }

  /** The exact bytes and headers the server sends (no decompression). */
  const raw = (url, headers = {}) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  const [cachedBase, uncachedBase] = [await startApp({}), await startApp({ PAGE_CACHE_BYTES: '0' })];

  const pages = [];
  for (const p of paths) {
    await raw(cachedBase + p); // miss: renders and stores
    const hit = await raw(cachedBase + p);
    if (hit.status !== 200 || !hit.headers.etag) throw new Error(`${p}: expected a cached 200, got ${hit.status}`);
    const headers = { ...hit.headers };
    for (const h of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
    // The same page as identity bytes, with a placeholder where a nonce would go, for the nonce simulation.
    const plain = (await raw(cachedBase + p, { 'accept-encoding': 'identity' })).body.toString('utf8');
    const html = plain.replace(/<script(?![^>]*\bsrc=)/g, `<script nonce="${NONCE_PLACEHOLDER}"`);
    pages.push({ path: p, headers, body: hit.body.toString('base64'), html, bytes: hit.body.length, encoding: hit.headers['content-encoding'] });
  }

  const staticChild = fork(fileURLToPath(import.meta.url), ['--static-server'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(staticChild);
  const staticPort = await new Promise((resolve) => {
    staticChild.once('message', (m) => resolve(m.port));
    staticChild.send({ pages });
  });
  const staticBase = `http://127.0.0.1:${staticPort}`;

  const modes = { static: (p) => staticBase + p, cached: (p) => cachedBase + p, uncached: (p) => uncachedBase + p };
  if (withNonce) modes.nonce = (p) => `${staticBase}/__nonce${p}`;
  const baseline = args.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length);
  if (baseline) {
    const before = await startApp({ PAGE_CACHE_BYTES: '0' }, path.resolve(baseline));
    modes.before = (p) => before + p;
  }

  const run = (url) =>
    new Promise((resolve, reject) => {
      autocannon({ url, connections, duration, headers: { 'accept-encoding': ACCEPT_ENCODING } }, (err, r) => (err ? reject(err) : resolve(r)));
    });

  // Warm-up: JIT and caches on every server, not measured.
  for (const p of paths) for (const url of Object.values(modes)) await run(url(p)).catch(() => {});

  const results = {};
  for (let round = 1; round <= rounds; round++) {
    for (const p of paths) {
      for (const [mode, url] of Object.entries(modes)) {
        const r = await run(url(p));
        (results[`${p} ${mode}`] ??= []).push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
        process.stderr.write(`round ${round} ${p} ${mode}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms\n`);
      }
    }
  }

  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const rows = [];
  for (const p of paths) {
    const page = pages.find((x) => x.path === p);
    const stat = (mode) => {
      const rs = results[`${p} ${mode}`];
      return { rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)), bad: rs.reduce((n, r) => n + r.bad, 0) };
    };
    const s = stat('static');
    for (const mode of Object.keys(modes)) {
      const m = stat(mode);
      rows.push({
        path: p,
        mode,
        'req/s': Math.round(m.rps),
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        'req/s ÷ static': +(m.rps / s.rps).toFixed(2),
        'p99 ÷ static': +(m.p99 / Math.max(s.p99, 1)).toFixed(2),
        errors: m.bad,
      });
    }
    process.stderr.write(`${p}: ${page.bytes} bytes (${page.encoding ?? 'identity'})\n`);
  }
  console.log(`Medians of ${rounds} rounds × ${duration} s, ${connections} connections, Accept-Encoding: ${ACCEPT_ENCODING}:`);
  console.table(rows);
  await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', resolve), c.kill('SIGTERM'))))));
  await database.stop();
  process.exit(0);
}
