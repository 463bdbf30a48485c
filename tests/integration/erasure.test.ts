import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/app/config';
import { readFileSync } from 'node:fs';
import { codeSender } from '../../server/messages/codes';
import { createChannels, parseMessagingConfig } from '../../server/messages/config';
import { sinkFile } from '../../server/messages/sink';
import { processMessages } from '../../server/messages/worker';
import { silentLogger } from '../../server/platform/http/logger';
import { fileTransport, mailFilesDir, memoryTransport } from '../../server/platform/mail/transport';
import { processOutbox } from '../../server/platform/mail/outbox';
import { abujaNow } from '../../shared/platform/clinic-time';
import type { SessionUser } from '../../shared/platform/session';
import { dumpDatabase, dumpDataDir, rowsHolding } from '../support/database-dump';
import { makeTestApp, TEST_RENDER_TIMEOUT_MS } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';

// Issue 34, defect 3: erased means erased. A person uses every form and books a visit with
// WhatsApp reminders, staff work on their requests (a note, a booked visit with its
// confirmation mail, a published comment), then
// staff erase them: afterwards no table of the database holds their name, e-mail, phone or
// anything they typed. The tables are discovered from the catalog, so a table added later is
// checked as well. Their pending mail is never sent. And the data directory: the mail and the
// patient messages already written by the local sinks (DATA_DIR/outbox/*.eml,
// DATA_DIR/messages/*.jsonl: the defaults without SMTP_URL or a provider) hold nothing of them
// either (issue 44).

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const POST = 'healthy-eating-and-hydration-for-your-spine';

const person = {
  firstName: 'Temitope',
  lastName: 'Quillbrook',
  email: 'Temitope.Quillbrook@example.com',
  phone: '0803 222 4455',
  message: 'My shoulder clicks whenever I lift my daughter',
  comment: 'Quillbrook family loved the hydration tips',
  street: '14 Marula Quillbrook Close',
  note: 'Prefers mornings, call the Quillbrook landline',
};
const needles = [person.firstName, person.lastName, person.email, '+2348032224455', '8032224455', '803 222 4455', person.message, person.comment, person.street, person.note];

function nextOpenDay(): string {
  let t = Date.parse(`${abujaNow().date}T12:00:00Z`) + 86_400_000;
  while (new Date(t).getUTCDay() === 6) t += 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

describe.each(testEngines())('erasure on %s', (engine) => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore(engine);
    // No outbox worker: the person's mails are still pending when they are erased.
    const config = loadConfig({ NODE_ENV: 'test', RENDER_TIMEOUT_MS: TEST_RENDER_TIMEOUT_MS, DATA_DIR: t.dataDir });
    // The visit's phone is proven with a code, sent through the local sink (DATA_DIR/messages) as in development.
    const codes = codeSender(createChannels(parseMessagingConfig({}), { dataDir: t.dataDir, logger: silentLogger }), silentLogger);
    app = makeTestApp({ config, store: t.store, requests: undefined, getUser: async () => staff, codes });
    // Set-up, not the test: the first render of each page the person uses loads its modules
    // (seconds on a loaded machine, paid once per file), so the test's own limit measures the scenario.
    for (const page of ['/contact', '/homeFour', '/', `/blogDetails?post=${POST}`, '/checkout', '/servicesTwo', '/book?service=4&visit=follow_up', '/staff/people']) {
      await request(app).get(page);
    }
  });
  afterAll(() => t?.cleanup());

  const name = `${person.firstName} ${person.lastName}`;
  const sent = async (path: string, fields: Record<string, string>) => {
    const res = await request(app).post(`${path}?_data=${encodeURIComponent(path)}`).type('form').send(fields);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data.reference as string;
  };
  const staffPost = async (path: string, fields: Record<string, string | number>) => {
    const res = await request(app).post(path).type('form').send(fields);
    expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(303);
  };

  it('leaves no trace of the person in any table, keeps everyone else, and never sends their pending mail', async () => {
    const contact = await sent('/contact', { name, email: person.email, phone: person.phone, subject: 'Shoulder', message: person.message });
    const widget = await sent('/homeFour', { name, email: person.email, phone: person.phone, service: '1' });
    await sent('/', { email: person.email, consent: 'yes' });
    const comment = await sent('/blogDetails', { post: POST, comment: person.comment, name, email: person.email, website: '' });
    await sent('/checkout', { country: 'NG', firstName: person.firstName, lastName: person.lastName, address: person.street, city: 'Abuja', state: 'FCT', postcode: '900288', email: person.email, phone: person.phone, shipping: 'free', payment: 'bank' });
    const quote = await sent('/servicesTwo', { service: '1', sessions: '4', patient: 'adult', payment: '', phone: person.phone });
    // A visit booked on the website, with WhatsApp reminders: an appointment row, its history and its messages.
    const steps = (await request(app).get('/book?service=4&visit=follow_up')).text;
    const field = (n: string) => new RegExp(`name="${n}"[^>]*value="([^"]+)"`).exec(steps)?.[1] ?? '';
    const bookingFields = { service: '4', visit: 'follow_up', practitioner: field('practitioner') || 'any', start: field('start'), key: field('key'), name, phone: person.phone, email: person.email, reminders: 'whatsapp', consent: 'yes' };
    // To the step's own address, as the page's form posts it: the answer shows the code step.
    const asked = await request(app).post('/book?service=4&visit=follow_up').type('form').send(bookingFields);
    expect(asked.status, asked.text.slice(0, 300)).toBe(200);
    const codeToken = /name="codeToken" value="([^"]+)"/.exec(asked.text)?.[1] ?? '';
    const sinkLines = readFileSync(sinkFile(t.dataDir, 'whatsapp'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; code?: string });
    const code = sinkLines.filter((l) => l.kind === 'code').at(-1)?.code ?? '';
    const booked = await request(app).post('/book?service=4&visit=follow_up').type('form').send({ ...bookingFields, intent: 'code', codeToken, codeChannel: 'whatsapp', code });
    expect(booked.status, booked.text.slice(0, 300)).toBe(302);
    expect(await t.store.db.execute(sql`SELECT 1 FROM messages`).then((r) => (r as unknown as { rows: unknown[] }).rows.length)).toBeGreaterThan(0);
    const other = await sent('/contact', { name: 'Chidi Okafor', email: 'chidi.okafor@example.com', phone: '', subject: 'Hours', message: 'Are you open on Sunday?' });
    // What has gone so far goes through the local sinks: the mails into .eml files, the visit's
    // WhatsApp confirmation into messages/whatsapp.jsonl (sent at the moment it is due).
    await processOutbox(t.store, fileTransport({ dir: mailFilesDir(t.dataDir), from: 'Clinic <no-reply@example.com>', logger: silentLogger }), silentLogger, { batchSize: 100 });
    const due = await t.store.db.execute(sql`SELECT min(next_attempt_at) AS at FROM messages`);
    const dueAt = new Date((due as unknown as { rows: { at: string | Date }[] }).rows[0]!.at);
    const channels = createChannels(parseMessagingConfig({}), { dataDir: t.dataDir, logger: silentLogger });
    const round = await processMessages({ store: t.store, channels, secret: 'erasure-test-secret-0123456789abcdef', publicOrigin: 'https://clinic.example', logger: silentLogger, now: () => dueAt });
    expect(round.sent).toBeGreaterThan(0);
    const filesBefore = rowsHolding(dumpDataDir(t.dataDir), needles).map((r) => r.table);
    expect(filesBefore.some((f) => f.startsWith('outbox/'))).toBe(true);
    expect(filesBefore.some((f) => f.startsWith('messages/'))).toBe(true);

    await staffPost(`/staff/requests/${contact}`, { intent: 'note', version: 1, note: person.note });
    await staffPost(`/staff/requests/${widget}`, { intent: 'status', version: 1, status: 'booked', date: nextOpenDay(), time: '10:30' });
    await staffPost(`/staff/requests/${comment}`, { intent: 'approve', version: 1 });
    expect(rowsHolding(await dumpDatabase(t.store), needles).length).toBeGreaterThan(0);

    await staffPost('/staff/people', { intent: 'erase', email: person.email.toLowerCase(), phone: person.phone, confirm: 'yes' });

    const dump = await dumpDatabase(t.store);
    expect(dump.some((d) => d.table === 'public.requests')).toBe(true);
    expect(rowsHolding(dump, needles)).toEqual([]);
    // The data directory too, file by file: the sinks kept nothing of them, and everyone else's stays.
    const files = dumpDataDir(t.dataDir);
    expect(rowsHolding(files, needles)).toEqual([]);
    expect(rowsHolding(files, ['chidi.okafor@example.com']).length + rowsHolding(files, ['clinic-inbox@example.com']).length).toBeGreaterThan(0);
    // The requests themselves stay, anonymous, as the clinic's record that they were made and erased.
    const erased = await t.store.db.execute(sql`SELECT reference FROM requests WHERE erased_at IS NOT NULL`);
    const erasedReferences = (erased as unknown as { rows: { reference: string }[] }).rows.map((r) => r.reference);
    expect(erasedReferences).toHaveLength(6); // contact, widget, newsletter, comment, order, quote
    expect(erasedReferences).toEqual(expect.arrayContaining([contact, widget, comment, quote]));
    // Everyone else is untouched.
    expect(rowsHolding(dump, ['Chidi Okafor', 'chidi.okafor@example.com', 'Are you open on Sunday?']).map((r) => r.table)).toContain('public.requests');
    expect(dump.some((d) => d.row.includes(other))).toBe(true);

    // The mail that was waiting for them is gone, not sent later.
    const transport = memoryTransport();
    await processOutbox(t.store, transport, silentLogger, { batchSize: 100 });
    expect(transport.sent.map((m) => m.to.toLowerCase())).not.toContain(person.email.toLowerCase());
    expect(JSON.stringify(transport.sent)).not.toMatch(/Quillbrook|Temitope/i);
  });
});
