// Measures what a first visit downloads: for each path, the JavaScript (entry +
// modulepreloads) and CSS the server's HTML asks for, raw and gzipped, from the
// production build. With --lighthouse it also runs Lighthouse 13 (mobile) on each path,
// --runs=N times, and prints the median performance score, LCP, CLS, TBT (and the other scores).
//   npm run build && npm run measure -- / /login --lighthouse --runs=3 [--lh-json=DIR]
// --all instead of paths: every route (the sitemap's pages, the sign-in pages and the booking's later steps).
// With --a11y it runs axe-core (WCAG 2.2 AA + best practice) at 375 and 1280 px and the Nu HTML
// checker on the server HTML of every route (or of the paths given), and prints a table and totals.
//   npm run build && npm run measure -- --a11y [--verbose]
// With --intent it measures what the first tap costs now that pages hydrate on the visitor's
// first intent (ADR 0018, issue 33): for every control type on every route that has it (paths
// given, --all, or / and /about), the first tap → its visible response, → hydrated, and the same
// tap once hydrated; and for every control below the fold, the tap that follows the scroll that
// brought it into view (300 and 1,500 ms after it, issue 49); 375 px, CPU 4× slower, 5 fresh
// loads per row (scripts/measure-intent.mjs).
//   npm run build && npm run measure -- --intent [--all] [--runs=5] [--control=menu,tabs] [--after-scroll=300,1500|none] [--scroll-only] [--json=FILE]
// --baseline=DIR serves another build beside this one (e.g. an older commit's, built with
// BUILD_OUT=DIR) and measures both, run by run in turn (--intent, --lighthouse):
//   BUILD_OUT=.build/before npm run build (at the older commit), then
//   npm run measure -- /homeFive --intent --baseline=.build/before
// With --intake it books two first visits on the server it started and adds their new-patient
// form's pages (the gate, and the sections of an opened form, with its cookie) to the paths
// (scripts/measure-intake.mjs):  npm run measure -- --intake [--intent]
// With --course it books a first visit on the server it started and adds its course planning page
// (the proposal, visit by visit) and the waitlist's join form (issue 46):
//   npm run measure -- --course --intent [--control=course-visit,course-action,waitlist-join]
// With --editor it signs in as an editor (an Auth Emulator of its own; the server then runs with
// NODE_ENV=test, as production refuses the emulator) and adds a service's and a post's editing
// screens (scripts/measure-editor.mjs):  npm run measure -- --editor --intent
// With --editor --profile-tap it takes a CPU profile of the editor's taps (toolbar, Save, Publish)
// at 4× CPU and prints where the time between pointerdown and the answer's frame went
// (scripts/profile-editor-tap.mjs). With --editor --tap it measures those taps as the editor feels
// them: Event Timing's duration of each tap (tap to the next paint), median of --runs (7), with
// --baseline=DIR beside another build in the same run (scripts/measure-editor-tap.mjs):
//   npm run measure -- --editor --tap --baseline=.build/main
// With --picture-post an editor makes and publishes a post with three phone photographs (12 MP
// JPEGs) through the editor's upload and publish, on a server of the build in editor mode beside
// the production one (same database and media folder), and the post's page is added to the
// paths, measured on the production server (scripts/measure-post.mjs):
//   npm run build && npm run measure -- --picture-post --lighthouse --runs=3
import { measurementDatabase } from './measure-database.mjs';
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { get as httpGet } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { routesOf, runAxe, runNu, scrollThrough } from '../tests/support/a11y.mjs';
import { placeholderFirebaseEnv } from '../tests/support/placeholder-firebase.mjs';
import { BOOKING_STEPS_ROUTE, measureIntent } from './measure-intent.mjs';
import { prepareEditor, startEditorAuth } from './measure-editor.mjs';
import { bookFirstVisit, prepareIntake } from './measure-intake.mjs';
import { makePicturePost } from './measure-post.mjs';
import { profileEditorTap } from './profile-editor-tap.mjs';
import { measureEditorTap } from './measure-editor-tap.mjs';

const args = process.argv.slice(2);
const lighthouse = args.includes('--lighthouse');
const a11y = args.includes('--a11y');
// --intent: the cost moved to the first tap by hydrating on intent (ADR 0018), see measureIntent.
const intent = args.includes('--intent');
const verbose = args.includes('--verbose');
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = Math.max(1, Number(runsArg?.slice(7) ?? 1) || 1);
// --intent: --json=FILE writes its rows as JSON; --control=menu,tabs measures only those control types.
const intentJson = args.find((a) => a.startsWith('--json='))?.slice('--json='.length);
const intentControls = args.find((a) => a.startsWith('--control='))?.slice('--control='.length).split(',').filter(Boolean);
// --intent: --after-scroll=300,1500 (the default): each control below the fold is also tapped that
// many ms after the scroll that brought it into view (the scroll is the page's first intent);
// --after-scroll=none leaves that case out; --scroll-only measures that case alone.
const afterScrollArg = args.find((a) => a.startsWith('--after-scroll='))?.slice('--after-scroll='.length);
const afterScroll = afterScrollArg === 'none' ? [] : (afterScrollArg ?? '300,1500').split(',').map(Number).filter((n) => Number.isFinite(n) && n >= 0);
const scrollOnly = args.includes('--scroll-only');
// --doc-parts: what each part of a page's document weighs (brotli bytes it adds to the whole, ADR 0027,
// 0052); --save-html=DIR keeps each page's HTML as the cache sends it.
const docParts = args.includes('--doc-parts');
const saveHtmlDir = args.find((a) => a.startsWith('--save-html='))?.slice('--save-html='.length);
// --shots=DIR: screenshots of every path at 375 and 1280 px (scripts/screenshots.mjs) on the
// measured server before it stops, e.g. of the picture post, which exists only during the run.
const shotsDir = args.find((a) => a.startsWith('--shots='))?.slice('--shots='.length);
// --lh-json=DIR keeps every Lighthouse report (JSON), to read the LCP element and layout shifts.
const lhJsonDir = args.find((a) => a.startsWith('--lh-json='))?.slice(10);
// --only=accessibility,seo: the Lighthouse categories to run (all by default); fewer is much faster.
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const paths = args.filter((a) => a.startsWith('/'));
// --all: every route (the sitemap's pages, as the accessibility checks use, and the sign-in pages).
const all = args.includes('--all');
// --intake: the new-patient form's pages (added once the server is up).
const intake = args.includes('--intake');
// --course: a booked visit's course planning page and the waitlist's join form (issue 46; added once the server is up).
const course = args.includes('--course');
// --editor: the site editor's pages, signed in as an editor (scripts/measure-editor.mjs).
const editor = args.includes('--editor');
// --picture-post: a post with three pictures, made through the editor (scripts/measure-post.mjs).
const picturePost = args.includes('--picture-post');
// --editor --profile-tap: a CPU profile of each of the editor's taps (scripts/profile-editor-tap.mjs).
const profileTap = editor && args.includes('--profile-tap');
// --editor --tap: the editor's taps as felt (Event Timing's duration, median of --runs, 7 by default; scripts/measure-editor-tap.mjs).
const tapTiming = editor && args.includes('--tap');
if (paths.length === 0 && !a11y && !all && !intake && !course && !editor && !picturePost) paths.push('/');
// --intent alone measures the paths given, or / and /about.
if (intent && !args.some((a) => a.startsWith('/')) && !all && !intake && !course && !editor && !picturePost) paths.push('/about');
const out = process.env.BUILD_OUT ?? 'dist';
// --baseline=DIR: another build (e.g. an older commit's, built with BUILD_OUT=DIR), served beside
// this one; --intent and --lighthouse measure both, run by run in turn, so that what else runs on
// the machine weighs on both alike.
const baselineOut = args.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length);
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
const database = await measurementDatabase();
const servers = [];
/** Each build's server's DATA_DIR (by the build's folder). */
const dataDirs = new Map();
// --editor, --picture-post: an Auth Emulator of its own, which the server verifies sign-ins with (not in production).
const editorAuth = editor || picturePost ? await startEditorAuth() : null;
/**
 * The production server of the build in `dir` (as an editor's, NODE_ENV=test beside the emulator:
 * with --editor, or the second server of --picture-post), on a free port; its base URL once it
 * answers. `dataDir`: another server's DATA_DIR to share (its media), else one of its own.
 */
async function startServer(dir, { asEditor = editor, dataDir: shared } = {}) {
  const port = await freePort();
  // Its own DATA_DIR: the local sink writes the one-time codes there (--intake reads them back).
  const dataDir = shared ?? mkdtempSync(path.join(tmpdir(), 'measure-data-'));
  if (!shared) {
    dataDirs.set(dir, dataDir);
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  }
  const server = spawn(process.execPath, [path.join(dir, 'server/index.js')], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FIREBASE_'))),
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_REQUESTS: 'false',
      ...(asEditor ? editorAuth.env : placeholderFirebaseEnv('measure-project')),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      FORM_KEY_SECRET: randomBytes(32).toString('base64url'),
      BOOKING_SECRET: randomBytes(32).toString('base64url'),
      INTAKE_KEK: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(server);
  // The server never outlives the script (Ctrl-C included: measure-database turns it into an exit).
  process.once('exit', () => server.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  // Opening the store and applying migrations takes a few seconds: wait for the server (at most a minute).
  let exited = false;
  server.once('exit', () => (exited = true));
  for (let i = 0; ; i++) {
    if (exited || i > 600) {
      console.error(`measure: the production server of ${dir} did not start (see its log above)`);
      await database.stop();
      await editorAuth?.emulator.stop();
      process.exit(1);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
const base = await startServer(out);
// (After the first: it has migrated and seeded the database both use.)
// With --picture-post the baseline shares the measured server's media folder: the post's pictures are there.
const baseline = baselineOut ? await startServer(baselineOut, picturePost ? { dataDir: dataDirs.get(out) } : {}) : undefined;

const kb = (n) => (n / 1024).toFixed(1);
const rows = [];
const jsRows = [];
const partRows = [];
/** The brotli bytes each part of a document adds to the whole (the whole with it, less the whole without it). */
function documentParts(html) {
  const br = (s) => brotliCompressSync(Buffer.from(s)).length;
  const whole = br(html);
  const parts = {
    head: /<head>[\s\S]*?<\/head>/g,
    style: /<style>[\s\S]*?<\/style>/g,
    'JSON-LD': /<script type="application\/ld\+json"[\s\S]*?<\/script>/g,
    'hydration data': /<script[^>]*>window\.__staticRouterHydrationData[\s\S]*?<\/script>/g,
    'inline svg': /<svg[\s\S]*?<\/svg>/g,
    'img/picture': /<picture[\s\S]*?<\/picture>|<img[^>]*>/g,
    loader: /<script type="module"[^>]*><\/script>/g,
  };
  return { 'body br': whole, ...Object.fromEntries(Object.entries(parts).map(([name, re]) => [name, whole - br(html.replace(re, ''))])) };
}
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
walk('client/loader.ts');
/**
 * What a browser receives for a page, once the page cache holds it: status line, headers and body
 * as sent to a browser that accepts brotli. A new TCP connection delivers ~14.6 kB in its first
 * round trip (10 segments of 1,460 bytes); a document larger than that waits a round trip more
 * (150 ms in Lighthouse's simulation), before anything else of the page (ADR 0027).
 */
const FIRST_ROUND_TRIP = 10 * 1460;
async function servedDocument(p, from = base) {
  let doc;
  // The first request of a page the cache does not hold is answered rendered per request, as gzip
  // (ADR 0016), while the cache stores it: ask until the stored answer comes (a page the cache
  // never holds, such as a booking step, stays gzip).
  for (let i = 0; i < 20; i++) {
    try {
      doc = await rawGet(from + p);
      if (doc.coding === 'br') break;
    } catch (error) {
      // A pooled connection the server closed while idle (its keep-alive timeout is 5 s, and a
      // route's Lighthouse runs take minutes): ask again on a new one.
      if (i === 19) throw error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return doc;
}
/** One GET as a browser accepting brotli sees it on the wire: status line, headers (the date's
 * and the request id's lengths are fixed) and the body as sent (streamed pages have no
 * content-length: their body is counted as it came, chunk framing aside); and its HTML. */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    // The new-patient form's pages (--intake) and the editor's (--editor) are asked for with their cookies, as the browser would.
    const sent = intakeCookies.filter((c) => new URL(url).pathname.startsWith(c.path));
    const cookie = sent.length ? { cookie: sent.map((c) => `${c.name}=${c.value}`).join('; ') } : {};
    const req = httpGet(url, { headers: { 'accept-encoding': 'br, gzip', ...cookie } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let k = 0; k < res.rawHeaders.length; k += 2) bytes += res.rawHeaders[k].length + 2 + Buffer.byteLength(res.rawHeaders[k + 1]) + 2;
        bytes += body.length;
        const coding = res.headers['content-encoding'] ?? 'identity';
        const html = (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        resolve({ bytes, coding, html });
      });
    });
    req.on('error', reject);
  });
}
let intakeCookies = [];
if (intake) {
  const prepared = await prepareIntake(base, dataDirs.get(out));
  paths.push(...prepared.paths);
  intakeCookies = prepared.cookies;
}
if (course) {
  // Its own visit (the third free time: --intake books the first two), planned after: the page shows the proposal at once.
  const manage = await bookFirstVisit(base, 2, dataDirs.get(out));
  paths.push(`${manage}/course`, '/waitlist/join?service=1&visit=first&practitioner=any');
}
if (editor) {
  const prepared = await prepareEditor(base, editorAuth, { DATABASE_URL: database.url, DATA_DIR: dataDirs.get(out) });
  paths.push(...prepared.paths);
  intakeCookies.push(...prepared.cookies);
}
if (picturePost) {
  // The editor's server (or the measured one, with --editor), the post made there; the measured
  // server shows it once its content version has moved (a poll of 500 ms), and caches it.
  const editorBase = editor ? base : await startServer(out, { asEditor: true, dataDir: dataDirs.get(out) });
  const { cookies } = await prepareEditor(editorBase, editorAuth, { DATABASE_URL: database.url, DATA_DIR: dataDirs.get(out) });
  const made = await makePicturePost(editorBase, cookies);
  console.log(`--picture-post: ${made.path}, pictures uploaded through the pipeline: ${made.pictures.map((p) => `${(p.bytes / 1048576).toFixed(1)} MB in ${(p.ms / 1000).toFixed(1)} s`).join(', ')}`);
  for (let i = 0; ; i++) {
    const res = await fetch(base + made.path);
    if (res.ok && (await res.text()).includes(made.title)) break;
    if (i > 100) throw new Error(`measure --picture-post: ${made.path} is not on the measured server 10 s after publishing (${res.status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  paths.push(made.path);
}
const brotliSize = (files) => files.reduce((n, f) => n + brotliCompressSync(readFileSync(path.join(out, 'client', f))).length, 0);
try {
  if (a11y) {
    await measureA11y(paths.length ? paths : await routesOf(base));
  }
  if (all && !a11y) paths.push(...new Set([...(await routesOf(base)), '/login', '/register', BOOKING_STEPS_ROUTE]));
  for (const p of a11y || profileTap || tapTiming ? [] : paths) {
    const doc = await servedDocument(p);
    const { html } = doc;
    // The scripts a page loads: module scripts and preloads in the HTML (development), or the
    // lists on the loader's element (client/loader.ts), which starts them on the visitor's first
    // intent (production, ADR 0018); the loader itself is on every page.
    const loaderTag = /<script[^>]*\bdata-entry="[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
    const loader = [...loaderTag.matchAll(/(?:src|data-entry|data-prefetch)="([^"]+)"/g)].flatMap((m) => m[1].split(' '));
    const js = new Set([...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]), ...loader]);
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
    if (saveHtmlDir) {
      mkdirSync(saveHtmlDir, { recursive: true });
      writeFileSync(path.join(saveHtmlDir, `${p.replace(/\W+/g, '_') || 'home'}.html`), html);
    }
    if (docParts) partRows.push({ path: p, ...documentParts(html) });
    rows.push({ path: p, js: js.size, jsRaw: kb(j.raw), jsGz: kb(j.gz), cssGz: kb(c.gz), htmlGz: kb(htmlGz), 'doc B': doc.bytes, coding: doc.coding, 'first trip': doc.bytes <= FIRST_ROUND_TRIP ? 'yes' : 'NO' });
    const framework = [...js].filter((f) => shared.has(f));
    const page = [...js].filter((f) => !shared.has(f));
    jsRows.push({ path: p, 'framework+shared br': kb(brotliSize(framework)), 'page br': kb(brotliSize(page)), 'page files': page.length, 'total br': kb(brotliSize([...js])) });
  }
  if (rows.length) {
    console.log(`First-load assets per path (KB; gz = gzip level 6; js: the files the page prefetches after load and runs on the first intent, ADR 0018; doc B: the page's status line, headers and body as the page cache sends them; first trip: within the ${FIRST_ROUND_TRIP} bytes a new connection delivers in its first round trip, ADR 0027):`);
    console.table(rows);
    console.log('JavaScript per path (KB, brotli quality 11): framework+shared = the entry and its static imports, the same on every page; page = the rest:');
    console.table(jsRows);
  }
  if (partRows.length) {
    console.log('What each part of the document weighs (bytes of brotli 11 the whole loses without it; head = the whole <head>):');
    console.table(partRows);
  }

  // 5 fresh loads per row unless --runs says otherwise.
  if (profileTap) await profileEditorTap({ base, paths, cookies: intakeCookies, runs: runsArg ? runs : 1 });
  if (tapTiming) await measureEditorTap({ base, baseline, paths, cookies: intakeCookies, runs: runsArg ? runs : 7 });
  if (intent) await measureIntent({ base, baseline, routes: paths, runs: runsArg ? runs : 5, json: intentJson, only: intentControls, afterScroll, scrollOnly, cookies: intakeCookies });

  if (lighthouse) {
    const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
    const median = (xs) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
    };
    /** One Lighthouse run: its JSON report and parsed result, or what went wrong. */
    const lighthouseRun = (url) => {
      let report;
      try {
        report = execFileSync(
          'npx',
          ['-y', 'lighthouse@13', url, '--quiet', '--output=json', '--output-path=stdout', '--form-factor=mobile', ...(only ? [`--only-categories=${only}`] : []), `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`],
          { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
        );
      } catch (error) {
        // Ctrl-C reaches Lighthouse too; while it runs this process cannot handle the signal
        // itself, so a Lighthouse stopped by a signal stops the measurement (the exit handlers
        // stop the server and the database).
        if (error.signal || error.status === 130 || error.status === 143) process.exit(130);
        // Lighthouse sometimes exits non-zero (e.g. Chrome slow to quit) after writing a whole report.
        report = error.stdout;
      }
      let lhr;
      try {
        lhr = JSON.parse(report?.toString() ?? '');
      } catch {
        return { problem: 'no report' };
      }
      if (lhr.runtimeError) return { problem: lhr.runtimeError.code };
      return { report, lhr };
    };
    const lhTable = {};
    const notes = [];
    // With --baseline each run measures both builds, in turn (the order alternating by run).
    const builds = [{ label: '', base }, ...(baseline ? [{ label: ' (baseline)', base: baseline }] : [])];
    for (const p of paths) {
      const runsOf = Object.fromEntries(builds.map((b) => [b.label, []]));
      // Lighthouse measures the page as visitors get it, from the page cache (ADR 0011): its
      // entries live 10 minutes and a run of every route takes longer, so the first run of a route
      // would otherwise often get the answer rendered for a miss (gzip, ~15 % larger), not the
      // stored one. `npm run bench` measures the uncached render.
      for (const b of builds) await servedDocument(p, b.base);
      for (let r = 0; r < runs; r++) {
        for (const b of r % 2 ? [...builds].reverse() : builds) {
          // A run that gives no report or a runtime error (NO_NAVSTART when Chrome misses the
          // navigation, seen on a loaded machine) is tried once more, then left out of the median.
          let result = lighthouseRun(b.base + p);
          if (result.problem) result = lighthouseRun(b.base + p);
          if (result.problem) {
            notes.push(`${p}${b.label}: run ${r + 1}: ${result.problem} twice; left out of the median`);
            continue;
          }
          const { report, lhr } = result;
          if (lhJsonDir) {
            mkdirSync(lhJsonDir, { recursive: true });
            writeFileSync(path.join(lhJsonDir, `${p.replace(/\W+/g, '_') || 'home'}${b.label ? '-baseline' : ''}-${r + 1}.json`), report);
          }
          const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
          const num = (k) => lhr.audits[k]?.numericValue ?? NaN;
          runsOf[b.label].push({
            perf: score('performance'),
            lcp: num('largest-contentful-paint'),
            cls: num('cumulative-layout-shift'),
            tbt: num('total-blocking-time'),
            fcp: num('first-contentful-paint'),
            a11y: score('accessibility'),
            bp: score('best-practices'),
            seo: score('seo'),
            lhr,
          });
        }
      }
      for (const b of builds) summarise(`${p}${b.label}`, runsOf[b.label]);
    }
    /** The row of a path (and build): medians, and what keeps the median run from a perfect score. */
    function summarise(row, runsOf) {
      if (!runsOf.length) return;
      const med = (k) => median(runsOf.map((x) => x[k]));
      lhTable[row] = {
        perf: med('perf'),
        'LCP s': (med('lcp') / 1000).toFixed(2),
        CLS: med('cls').toFixed(3),
        'TBT ms': Math.round(med('tbt')),
        'FCP s': (med('fcp') / 1000).toFixed(2),
        a11y: med('a11y'),
        'best pr.': med('bp'),
        SEO: med('seo'),
        'perf runs': runsOf.map((x) => x.perf).join('/'),
      };
      // Only the columns of the categories that ran (--only): a category left out is not a 0.
      const ran = runsOf[0].lhr.categories;
      const columns = { performance: ['perf', 'LCP s', 'CLS', 'TBT ms', 'FCP s', 'perf runs'], accessibility: ['a11y'], 'best-practices': ['best pr.'], seo: ['SEO'] };
      for (const [category, keys] of Object.entries(columns)) if (!ran[category]) for (const k of keys) delete lhTable[row][k];
      // What keeps the median run from a perfect score: failing binary audits and insights.
      const mid = [...runsOf].sort((a, b) => a.perf - b.perf)[runsOf.length >> 1].lhr;
      const failing = Object.values(mid.audits)
        .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings'))
        .map((a) => a.id);
      if (failing.length) notes.push(`${row}: not passing: ${failing.join(', ')}`);
    }
    console.log(`Lighthouse 13 mobile (simulated slow 4G, 4× CPU slowdown), median of ${runs} run(s) per path; noisy on shared cores:`);
    console.table(lhTable);
    if (notes.length) console.log(notes.join('\n'));
  }
  if (shotsDir) {
    execFileSync(process.execPath, [path.join(import.meta.dirname, 'screenshots.mjs'), base, ...paths], { env: { ...process.env, SHOTS_DIR: shotsDir }, stdio: 'inherit' });
  }
} finally {
  for (const server of servers) {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve() : server.once('exit', resolve)));
  }
  await database.stop();
  await editorAuth?.emulator.stop();
}

async function measureA11y(routes) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const table = Object.fromEntries(routes.map((r) => [r, { 'axe 375': 0, 'axe 1280': 0, 'nu errors': 0, 'nu warnings': 0 }]));
  const details = [];
  try {
    for (const width of [375, 1280]) {
      // axe is injected as a script: the page's CSP must not block it.
      const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(base + route, { waitUntil: 'load' });
        // Pages hydrate on the first intent (ADR 0018): a key press, which changes nothing.
        await page.keyboard.press('Shift');
        await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 }).catch(() => details.push(`${route} @${width}: did not hydrate`));
        await scrollThrough(page);
        const violations = await runAxe(page);
        table[route][`axe ${width}`] = violations.reduce((n, v) => n + v.nodes.length, 0);
        for (const v of violations) details.push(`${route} @${width}: axe ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, verbose ? 99 : 3).join(', ')}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'nu-'));
  try {
    const files = {};
    for (const route of routes) {
      const file = path.join(dir, `${route.replace(/\W+/g, '_') || 'home'}.html`);
      writeFileSync(file, await (await fetch(base + route)).text());
      files[file] = route;
    }
    const nu = await runNu(Object.keys(files));
    for (const [file, { errors, warnings }] of Object.entries(nu)) {
      const route = files[file];
      table[route]['nu errors'] = errors.length;
      table[route]['nu warnings'] = warnings.length;
      for (const m of errors) details.push(`${route}: Nu error ${m}`);
      for (const m of warnings) details.push(`${route}: Nu warning ${m}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`Accessibility of ${routes.length} routes (axe: violating nodes, WCAG 2.2 AA + best practice; Nu: server HTML):`);
  console.table(table);
  const sum = (k) => Object.values(table).reduce((n, r) => n + r[k], 0);
  console.log(`Totals: axe 375 px ${sum('axe 375')}, axe 1280 px ${sum('axe 1280')}, Nu errors ${sum('nu errors')}, Nu warnings ${sum('nu warnings')}`);
  if (details.length) console.log(details.join('\n'));
}
