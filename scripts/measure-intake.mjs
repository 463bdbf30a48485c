// `npm run measure -- --intake [--intent]`: the new-patient form's pages (issue 47) measured like
// any other, on the production server that measure.mjs started: two first visits are booked
// through the site's own forms; one form is left at its date-of-birth gate, the other opened (its
// cookie is given to every browser context and document request) with the consent to keep
// health information saved, so that every section can be shown; "About you" is left unsaved (its
// emergency contact empty), so each section's form, submitted as it comes, has a field to refuse.
// Each booking passes the code step (issue 44): the code is read from the server's local sink in
// its DATA_DIR (a folder of its own that measure.mjs gives it).

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SECTIONS = ['about', 'visit', 'safety', 'consent', 'review'];

async function post(url, fields, cookie = '') {
  const res = await fetch(url, { method: 'POST', redirect: 'manual', body: new URLSearchParams(fields), headers: { 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) } });
  if (res.status >= 400) throw new Error(`measure --intake: POST ${new URL(url).pathname} answered ${res.status}: ${/class="[^"]*(?:alert|error)[^"]*"[^>]*>([^<]+)/.exec(await res.text())?.[1] ?? ''}`);
  return res;
}

/** A phone per booking (each phone may book one visit a day, issue 44), as typed and in E.164. */
const phoneOf = (n) => ({ typed: `0803 123 456${n}`, e164: `+234803123456${n}` });

/** The codes the server's local sink "sent" to the phone (DATA_DIR/messages/<channel>.jsonl, issue 44). */
function codesIn(dataDir, e164) {
  return ['whatsapp', 'sms'].flatMap((channel) => {
    const file = path.join(dataDir, 'messages', `${channel}.jsonl`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((r) => r.kind === 'code' && r.to === e164);
  });
}

/**
 * The code step (issue 44, ADR 0042): a visitor's booking proves the phone with the one-time code
 * sent to it. The answer that asks for it carries the step's token; the code is read back from the
 * local sink, as tests/e2e/phone-codes.ts does, and sent with everything typed.
 */
async function passCodeStep(url, fields, asked, dataDir, e164, seen) {
  const html = await asked.text();
  const codeToken = /name="codeToken" value="([^"]+)"/.exec(html)?.[1];
  if (!codeToken) throw new Error(`measure --intake: the booking answered ${asked.status} without a redirect or a code step`);
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    const codes = codesIn(dataDir, e164);
    if (codes.length > seen) code = codes.at(-1).code;
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`measure --intake: no code in ${dataDir}/messages for ${e164}`);
  const res = await post(url, { ...fields, intent: 'code', code, codeToken });
  if (!res.headers.get('location')) throw new Error(`measure --intake: the code was refused (${res.status})`);
  return res;
}

/** A first visit booked on the website at the first free time a day or more ahead (the `time`-th): its manage page's path. */
export async function bookFirstVisit(base, time, dataDir) {
  const q = 'service=1&visit=first&practitioner=any';
  const page = await (await fetch(`${base}/book?${q}`)).text();
  const starts = [...page.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]).filter((s) => Date.parse(s) > Date.now() + 26 * 3600_000);
  const start = starts[time];
  const key = /name="key" value="([^"]+)"/.exec(page)?.[1];
  if (!start || !key) throw new Error('measure --intake: no free first-visit time this week to book');
  const url = `${base}/book?${q}`;
  const phone = phoneOf(time);
  const fields = { service: '1', visit: 'first', practitioner: 'any', start, key, name: 'Measure Patient', phone: phone.typed, email: '' };
  const seen = codesIn(dataDir, phone.e164).length;
  let res = await post(url, fields);
  if (!res.headers.get('location')) res = await passCodeStep(url, fields, res, dataDir, phone.e164, seen);
  return res.headers.get('location').split('?')[0];
}

/** @returns {Promise<{ paths: string[], cookies: { name: string, value: string, domain: string, path: string }[] }>} */
export async function prepareIntake(base, dataDir) {
  const gate = `${await bookFirstVisit(base, 0, dataDir)}/form`;
  const form = `${await bookFirstVisit(base, 1, dataDir)}/form`;
  const opened = await post(`${base}${form}`, { intent: 'gate', dobDay: '7', dobMonth: '3', dobYear: '1984' });
  const [pair] = (opened.headers.get('set-cookie') ?? '').split(';');
  const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
  const cookie = `${name}=${value}`;
  await post(`${base}${form}?section=privacy`, { intent: 'save', section: 'privacy', dataConsent: 'yes' }, cookie);
  return {
    paths: [gate, ...SECTIONS.map((s) => `${form}?section=${s}`)],
    cookies: [{ name, value, domain: new URL(base).hostname, path: '/booking/manage/' }],
  };
}
