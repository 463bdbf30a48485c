// `npm run attack:booking`: the booking, tried as an attacker would (issue 44). Not a test: a
// measurement of what one phone number can take, run against the production build (BUILD_OUT,
// default dist; built if missing) on PostgreSQL (DATABASE_URL, or a throw-away cluster), with
// TRUST_PROXY=1 and every request from a new client address in X-Forwarded-For, the way a
// botnet or a carrier's shared NAT looks. One worker per bookable practitioner, as fast as the
// server answers: read the week's free times at /book, post the first, again, until the week is
// full, the server refuses ATTACK_GIVE_UP times in a row, or ATTACK_SECONDS (default 120) pass.
//
//   npm run attack:booking                      the attacker uses someone else's number
//   npm run attack:booking -- --owner           the attacker holds the phone: reads every code
//                                               sent to it from the local sinks and types it in
//
// Figures (stdout, a table and one JSON line): bookings achieved and per minute, future visits
// the number holds afterwards, the messages queued or sent to it (rows in `messages`, codes and
// messages in the sinks), and which services "any available" still has free times for.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { measurementDatabase } from './measure-database.mjs';
import { startProdServer } from './prod-server.mjs';

const args = process.argv.slice(2);
const owner = args.includes('--owner');
const seconds = Number(process.env.ATTACK_SECONDS ?? 120);
const giveUp = Number(process.env.ATTACK_GIVE_UP ?? 15);
// Someone else's number, as the attacker typed it (a Nigerian mobile number nobody here holds).
const PHONE_TYPED = process.env.ATTACK_PHONE ?? '0803 555 0144';
const PHONE = `+234${PHONE_TYPED.replace(/\D/g, '').replace(/^0/, '')}`;
const DAYS = 7;

const database = await measurementDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-attack-'));
const server = await startProdServer({ env: { DATABASE_URL: database.url, TRUST_PROXY: '1', DATA_DIR: dataDir } });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

/** A fresh public-looking IPv4 address per request: a botnet, or a carrier's NAT pool. */
const address = () => `${41 + (randomBytes(1)[0] % 150)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 254)}`;

/** The attacker's browser: one cookie jar (a proven-phone cookie is kept, as a browser would). */
const jar = new Map();
function remember(res) {
  for (const line of res.headers.getSetCookie?.() ?? []) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    if (/Expires=Thu, 01 Jan 1970/i.test(line) || /Max-Age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(eq + 1));
  }
}
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function get(url) {
  const res = await fetch(`${server.url}${url}`, { headers: { 'x-forwarded-for': address(), cookie: cookie() }, redirect: 'manual' });
  remember(res);
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
}

async function post(url, fields) {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address(), 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: server.url, cookie: cookie() },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  remember(res);
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
}

const decode = (s) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
/** Every `name="<name>" … value="…"` in the page, in order. */
function inputValues(html, name) {
  const out = [];
  for (const m of html.matchAll(/<input\b[^>]*>/g)) {
    const tag = m[0];
    if (!new RegExp(`\\bname="${name}"`).test(tag)) continue;
    const value = /\bvalue="([^"]*)"/.exec(tag);
    if (value) out.push(decode(value[1]));
  }
  return out;
}
/** The hidden fields of the form that has a field named `marker`, as a browser would send them. */
function formFields(html, marker) {
  for (const m of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)) {
    if (!new RegExp(`name="${marker}"`).test(m[1])) continue;
    const fields = {};
    for (const input of m[1].matchAll(/<input\b[^>]*>/g)) {
      const tag = input[0];
      const name = /\bname="([^"]*)"/.exec(tag)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? '';
      if (!name) continue;
      if (/type="(radio|checkbox)"/.test(tag) && !/\bchecked=""/.test(tag)) continue;
      fields[name] = decode(value);
    }
    return fields;
  }
  return null;
}

/** What the local sinks sent to the phone: WhatsApp and SMS lines whose `to` is it. */
function sinkRecords() {
  const records = [];
  for (const channel of ['whatsapp', 'sms']) {
    const file = path.join(dataDir, 'messages', `${channel}.jsonl`);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const record = JSON.parse(line);
      if (record.to === PHONE) records.push(record);
    }
  }
  return records;
}

/** The newest code the local sinks hold for the phone (an attacker holding the phone reads it there). */
const latestCode = () => sinkRecords().filter((r) => r.kind === 'code').sort((a, b) => (a.time < b.time ? 1 : -1))[0]?.code ?? null;

const facts = JSON.parse((await get((/"(\/assets\/clinic-facts-[^"]+\.json)"/.exec((await get('/book')).text) ?? [])[1] ?? '/assets/none')).text);
const targets = facts.practitioners
  .filter((p) => p.bookable)
  .map((p) => {
    // The longest visit each gives: the most of their day per booking.
    const service = facts.services.filter((s) => p.serviceIds.includes(s.id)).sort((a, b) => b.firstVisitMinutes - a.firstVisitMinutes)[0];
    return { practitioner: p.id, service: service.id };
  });

const tally = { booked: 0, conflicts: 0, refused: 0, codeSteps: 0, codesTyped: 0, statuses: {} };
const refusals = new Map();
const started = performance.now();
const deadline = started + seconds * 1000;
let lastBookingAt = started;

async function worker({ practitioner, service }) {
  let inARow = 0;
  while (performance.now() < deadline && inARow < giveUp) {
    // The form posts to the step's own address (as a browser does): the answer shows that step (the code step, a refusal).
    const stepUrl = `/book?service=${service}&visit=first&practitioner=${practitioner}`;
    const page = await get(stepUrl);
    const starts = inputValues(page.text, 'start');
    if (starts.length === 0) return; // the week is full
    const fields = { service, visit: 'first', practitioner, start: starts[0], key: inputValues(page.text, 'key')[0] ?? '', name: 'Ada Attacker', phone: PHONE_TYPED, email: '', reminders: 'sms', consent: 'yes' };
    let res = await post(stepUrl, fields);
    for (let step = 0; res.status !== 302 && /name="code"/.test(res.text) && step < 2; step++) {
      tally.codeSteps++;
      // Someone else's number: the code went to them, the attacker never sees it.
      if (!owner) break;
      const code = latestCode();
      const codeForm = formFields(res.text, 'code');
      if (!code || !codeForm) break;
      tally.codesTyped++;
      res = await post(stepUrl, { ...codeForm, intent: 'code', code });
    }
    tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
    if (res.status === 302) {
      tally.booked++;
      lastBookingAt = performance.now();
      inARow = 0;
    } else if (res.status === 409 && /someone has just booked|not free/i.test(res.text)) {
      tally.conflicts++;
    } else {
      tally.refused++;
      inARow++;
      const said = /class="form-error"[^>]*>([^<]+)</.exec(res.text)?.[1] ?? `HTTP ${res.status}`;
      refusals.set(decode(said), (refusals.get(decode(said)) ?? 0) + 1);
    }
  }
}

await Promise.all(targets.map(worker));
const elapsed = (lastBookingAt - started) / 1000;
const total = (performance.now() - started) / 1000;

// What "any available" still offers over the next week, service by service.
const anyFree = {};
for (const s of facts.services) anyFree[s.name] = inputValues((await get(`/book?service=${s.id}&visit=first&practitioner=any`)).text, 'start').length;

// Give the messages worker a moment to send the confirmations it was woken for.
await new Promise((r) => setTimeout(r, 3000));
const one = async (text, values) => Number((await db.query(text, values)).rows[0].n);
const held = await one(`SELECT count(*) AS n FROM appointments WHERE patient_phone = $1 AND status = 'booked' AND starts_at > now()`, [PHONE]);
const queued = await one(`SELECT count(*) AS n FROM messages WHERE destination = $1 AND status <> 'cancelled'`, [PHONE]);
const proven = await db
  .query(`SELECT count(*) AS n FROM appointments WHERE patient_phone = $1 AND phone_proven_at IS NOT NULL`, [PHONE])
  .then((r) => Number(r.rows[0].n) > 0)
  .catch(() => false);
const sinkLines = { code: 0, other: 0 };
for (const record of sinkRecords()) sinkLines[record.kind === 'code' ? 'code' : 'other']++;

const figures = {
  mode: owner ? 'attacker holds the phone' : "someone else's number",
  seconds: Math.round(total),
  bookings: tally.booked,
  bookingsPerMinute: Math.round((tally.booked / Math.max(elapsed, 1)) * 60),
  visitsHeldByThePhone: held,
  phoneProven: proven,
  messagesQueuedToThePhone: queued,
  sentByTheSinksToThePhone: sinkLines,
  conflicts: tally.conflicts,
  refused: tally.refused,
  codeSteps: tally.codeSteps,
  codesTyped: tally.codesTyped,
  statuses: tally.statuses,
  refusals: Object.fromEntries(refusals),
  anyAvailableNextWeek: anyFree,
};
console.log(`\nBooking attack (${figures.mode}), ${targets.length} workers, every request from a new address, ${Math.round(total)} s:\n`);
console.log('| figure | value |\n|---|---:|');
console.log(`| bookings achieved | ${figures.bookings} (in ${elapsed.toFixed(1)} s) |`);
console.log(`| bookings per minute | ${figures.bookingsPerMinute} |`);
console.log(`| future visits held by the number | ${figures.visitsHeldByThePhone} |`);
console.log(`| messages queued to the number (rows) | ${figures.messagesQueuedToThePhone} |`);
console.log(`| sent to the number by the sinks (codes / other) | ${sinkLines.code} / ${sinkLines.other} |`);
console.log(`| the number was proven | ${proven ? 'yes' : 'no'} |`);
console.log(`| refused / conflicts | ${figures.refused} / ${figures.conflicts} |`);
console.log(`\n"Any available" free times in the next ${DAYS} days: ${Object.entries(anyFree).map(([k, v]) => `${k} ${v}`).join(', ')}`);
if (refusals.size) console.log(`Refusals: ${[...refusals].map(([k, v]) => `${v} × "${k}"`).join('; ')}`);
console.log(JSON.stringify(figures));

await db.end();
server.child.kill('SIGTERM');
await server.exit;
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
