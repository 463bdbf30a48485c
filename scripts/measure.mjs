// Measures what a first visit downloads: for each path, the JavaScript (entry +
// modulepreloads) and CSS the server's HTML asks for, raw and gzipped, from the
// production build. With --lighthouse it also runs Lighthouse 13 (mobile) on each path.
//   npm run build && npm run measure -- / /login --lighthouse
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { placeholderFirebaseEnv } from './placeholder-firebase.mjs';

const args = process.argv.slice(2);
const lighthouse = args.includes('--lighthouse');
const paths = args.filter((a) => a.startsWith('/'));
if (paths.length === 0) paths.push('/');
const out = process.env.BUILD_OUT ?? 'dist';

const port = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const server = spawn(process.execPath, [path.join(out, 'server/index.js')], {
  env: {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FIREBASE_'))),
    NODE_ENV: 'production',
    PORT: String(port),
    LOG_REQUESTS: 'false',
    ...placeholderFirebaseEnv('measure-project'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}

const kb = (n) => (n / 1024).toFixed(1);
const rows = [];
const jsRows = [];
// The framework/shared code: the entry chunk and everything it imports statically, loaded by
// every page (and cached across pages); the rest of a page's scripts is its own code.
const manifest = JSON.parse(readFileSync(path.join(out, 'client/.vite/manifest.json'), 'utf8'));
const shared = new Set();
const walk = (key) => {
  const chunk = manifest[key];
  if (!chunk || shared.has('/' + chunk.file)) return;
  shared.add('/' + chunk.file);
  for (const i of chunk.imports ?? []) walk(i);
};
walk('client/entry.tsx');
const brotliSize = (files) => files.reduce((n, f) => n + brotliCompressSync(readFileSync(path.join(out, 'client', f))).length, 0);
try {
  for (const p of paths) {
    const html = await (await fetch(base + p)).text();
    const js = new Set([...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]));
    const css = new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]));
    const size = (files) => {
      let raw = 0;
      let gz = 0;
      for (const f of files) {
        const buf = readFileSync(path.join(out, 'client', f));
        raw += buf.length;
        gz += gzipSync(buf).length;
      }
      return { raw, gz };
    };
    const j = size(js);
    const c = size(css);
    const htmlGz = gzipSync(Buffer.from(html)).length;
    rows.push({ path: p, js: js.size, jsRaw: kb(j.raw), jsGz: kb(j.gz), cssGz: kb(c.gz), htmlGz: kb(htmlGz) });
    const framework = [...js].filter((f) => shared.has(f));
    const page = [...js].filter((f) => !shared.has(f));
    jsRows.push({ path: p, 'framework+shared br': kb(brotliSize(framework)), 'page br': kb(brotliSize(page)), 'page files': page.length, 'total br': kb(brotliSize([...js])) });
  }
  console.log('First-load assets per path (KB; gz = gzip level 6, as served):');
  console.table(rows);
  console.log('JavaScript per path (KB, brotli quality 11): framework+shared = the entry and its static imports, the same on every page; page = the rest:');
  console.table(jsRows);

  if (lighthouse) {
    const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
    for (const p of paths) {
      const report = execFileSync(
        'npx',
        ['-y', 'lighthouse@13', base + p, '--quiet', '--output=json', '--output-path=stdout', '--form-factor=mobile', `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`],
        { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const lhr = JSON.parse(report.toString());
      const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      console.log(`Lighthouse mobile ${p}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}`);
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
      if (failing.length) console.log(`  audits not passing: ${failing.join(', ')}`);
    }
  }
} finally {
  server.kill('SIGTERM');
}
