// `npm run measure -- --intake [--intent]`: the new-patient form's pages (issue 47) measured like
// any other, on the production server that measure.mjs started: two first visits are booked
// through the site's own forms; one form is left at its date-of-birth gate, the other opened (its
// cookie is given to every browser context and document request) with the consent to keep
// health information saved, so that every section can be shown; "About you" is left unsaved (its
// emergency contact empty), so each section's form, submitted as it comes, has a field to refuse.

const SECTIONS = ['about', 'visit', 'safety', 'consent', 'review'];

async function post(url, fields, cookie = '') {
  const res = await fetch(url, { method: 'POST', redirect: 'manual', body: new URLSearchParams(fields), headers: { 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) } });
  if (res.status >= 400) throw new Error(`measure --intake: POST ${new URL(url).pathname} answered ${res.status}`);
  return res;
}

/** A first visit booked on the website at the first free time a day or more ahead: its form's path. */
async function bookFirstVisit(base, time) {
  const q = 'service=1&visit=first&practitioner=any';
  const page = await (await fetch(`${base}/book?${q}`)).text();
  const starts = [...page.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]).filter((s) => Date.parse(s) > Date.now() + 26 * 3600_000);
  const start = starts[time];
  const key = /name="key" value="([^"]+)"/.exec(page)?.[1];
  if (!start || !key) throw new Error('measure --intake: no free first-visit time this week to book');
  const res = await post(`${base}/book?${q}`, { service: '1', visit: 'first', practitioner: 'any', start, key, name: 'Measure Patient', phone: '0803 123 4567', email: '' });
  return `${res.headers.get('location').split('?')[0]}/form`;
}

/** @returns {Promise<{ paths: string[], cookies: { name: string, value: string, domain: string, path: string }[] }>} */
export async function prepareIntake(base) {
  const gate = await bookFirstVisit(base, 0);
  const form = await bookFirstVisit(base, 1);
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
