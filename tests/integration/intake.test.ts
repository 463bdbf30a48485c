import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { newsletterConsent } from '../../server/app/domains';
import { appointments } from '../../server/booking/schema';
import { createBookingService, type BookingService } from '../../server/booking/service';
import { keyring, randomKeyring, type IntakeKeyring } from '../../server/intake/crypto';
import { checkIntakeKeys } from '../../server/intake/keys';
import { runIntakeRetention } from '../../server/intake/people';
import { missingKeys, rekeyForms } from '../../server/intake/rekey';
import { intakeForms, intakeReads, intakeVersions } from '../../server/intake/schema';
import { createIntakeService, GATE_TRIES, type IntakeService } from '../../server/intake/service';
import { visitFormsOf } from '../../server/intake/visit-forms';
import type { Channel, ChannelAdapter, OutgoingMessage } from '../../server/messages/channel';
import { processMessages } from '../../server/messages/worker';
import type { Store } from '../../server/platform/db/store';
import { createLogger } from '../../server/platform/http/logger';
import { formKeys } from '../../server/requests/keys';
import { outbox } from '../../server/platform/mail/outbox';
import { managePath } from '../../shared/booking/results';
import { lagosMoment } from '../../shared/booking/time';
import { DEFAULT_DEFINITION } from '../../shared/intake/definition';
import { formPath, QUESTIONS_PATH, shortFormPath, staffFormPath } from '../../shared/intake/routes';
import type { SessionUser } from '../../shared/platform/session';
import { bookingDeps, bookingForm, INBOX, NOW, ORIGIN, TEST_SECRET, useBookingStore, visitor } from '../support/booking';
import { dumpDatabase, rowsHolding } from '../support/database-dump';

/**
 * The site's published text (issue 45: services, posts, FAQ and their drafts and revisions are
 * data): the clinic's words, never a patient's, yet full of "lower back" and "examination"
 * (which holds "amina"). Left out where a dump is searched for a patient's answers or name.
 */
const PUBLISHED = new Set(['public.content_entries', 'public.content_revisions', 'public.posts', 'public.services', 'public.faqs', 'public.practitioners', 'public.gallery_items', 'public.clinic_details']);
import { ANSWER_NEEDLES, ANSWERS, DOB, formClient, people, safety, sessionOf } from '../support/intake';
import { mainOf, textOf } from '../support/page-text';
import { makeTestApp } from '../support/test-app';
import { testEngines } from '../support/test-store';

// Issue 47: new-patient forms before the first visit, through the app on both engines. The
// booking clock is Monday 30 November 2026, 05:00 in Abuja; the first visit is on Tuesday at 09:00
// with Dr. Adaeze Okafor (the treating practitioner: people.treating).

const TUE = '2026-12-01';
const HOUR = 3600_000;
const MAIN = (res: request.Response) => textOf(mainOf(res.text));

describe.each(testEngines())('new-patient forms on %s', (engine) => {
  let store: Store;
  let now: Date;
  let user: SessionUser | null;
  let keys: IntakeKeyring;
  let booking: BookingService;
  let intake: IntakeService;
  let app: ReturnType<typeof makeTestApp>;
  const lines: string[] = [];
  const logger = createLogger((line) => lines.push(line));
  const clock = () => now;

  /** The app with these keys (a server started with them). */
  function serve(ring: IntakeKeyring) {
    keys = ring;
    const forms = visitFormsOf({ db: store.db, keys, now: clock });
    booking = createBookingService(bookingDeps(store, { now: clock, forms }));
    intake = createIntakeService({
      store,
      keys,
      booking,
      visitForms: forms,
      publicOrigin: ORIGIN,
      clinicInbox: INBOX,
      secureCookies: false,
      retentionMonths: 120,
      now: clock,
      news: newsletterConsent(store, formKeys(TEST_SECRET), ORIGIN, () => {}),
    });
    app = makeTestApp({ store, requests: undefined, booking, intake, intakeKeys: keys, logger, getUser: async () => user });
  }

  const file = useBookingStore(engine, {
    plans: [
      { practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' },
      { practitioner: 'tunde-bakare', weekday: 2, starts: '09:00', ends: '12:00' },
    ],
    alsoEmpty: ['intake_versions', 'newsletter_subscribers'],
  });
  beforeEach(() => {
    store = file.store;
    now = NOW;
    user = null;
    lines.length = 0;
    serve(randomKeyring());
  });

  /** A first visit booked on the website: its manage token and reference. */
  async function firstVisit(time = '09:00', practitionerId = 'adaeze-okafor') {
    const booked = await booking.book(bookingForm({ visitKind: 'first', practitionerId, date: TUE, time }), visitor());
    if (!booked.ok) throw new Error(`not booked: ${booked.reason}`);
    return { token: booked.manageToken, reference: booked.appointment.reference, id: booked.appointment.id };
  }
  const mails = async () => store.db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox);
  const formRow = async (appointmentId: number) => (await store.db.select().from(intakeForms).where(eq(intakeForms.appointmentId, appointmentId)))[0];
  const as = (who: SessionUser | null) => {
    user = who;
  };

  it('the confirmation mail of a first visit links to the form; the manage page offers it; a follow-up has none', async () => {
    const { token, reference } = await firstVisit();
    const confirmation = (await mails()).find((m) => m.to === 'amina@example.com')!;
    expect(confirmation.text).toContain(`${ORIGIN}${managePath(token)}/form`);
    expect(confirmation.text).toContain('new-patient form');
    const manage = await request(app).get(`${managePath(token)}?booked=1`);
    expect(manage.status).toBe(200);
    expect(MAIN(manage)).toContain('Before your first visit: the new-patient form');
    expect(manage.text).toContain(`href="${managePath(token)}/form"`);
    const followUp = await booking.book(bookingForm({ visitKind: 'follow_up', date: TUE, time: '11:00' }), visitor());
    if (!followUp.ok) throw new Error(followUp.reason);
    expect(MAIN(await request(app).get(managePath(followUp.manageToken)))).not.toContain('Before your first visit: the new-patient form');
    expect((await formClient(app, followUp.manageToken).get()).status).toBe(404);
    expect(reference).toMatch(/^BK-/);
  });

  it('the date-of-birth gate: given the first time, asked again on another device, five wrong tries lock it for an hour and tell the clinic', async () => {
    const { token, reference, id } = await firstVisit();
    const form = formClient(app, token);
    const first = await form.get();
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['referrer-policy']).toBe('same-origin');
    expect(MAIN(first)).toContain('First, your date of birth');

    // A date that does not exist: the message at the field, what was typed kept.
    const bad = await form.post({ intent: 'gate', dobDay: '31', dobMonth: '2', dobYear: '1984' });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="dobDay"[^>]*aria-invalid="true"/);
    expect(bad.text).toMatch(/name="dobYear"[^>]*value="1984"/);
    expect(MAIN(bad)).toContain('That date does not exist');

    const opened = await form.post({ intent: 'gate', ...DOB });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(form.url);
    const setCookie = ([] as string[]).concat(opened.headers['set-cookie'] ?? [])[0]!;
    expect(setCookie).toMatch(/^intake-\d+=[\w-]+\.[\w-]+; Path=\/booking\/manage\/; Max-Age=7200; HttpOnly; SameSite=Strict$/);
    const cookie = sessionOf(opened);
    expect(MAIN(await form.get(cookie))).toContain('About you');

    // Another device: the same link asks for the date again.
    const elsewhere = await form.get();
    expect(MAIN(elsewhere)).toContain('Confirm it is you');
    for (let i = 1; i < GATE_TRIES; i++) {
      const wrong = await form.post({ intent: 'gate', dobDay: '8', dobMonth: '3', dobYear: '1984' });
      expect(wrong.status).toBe(422);
      expect(MAIN(wrong)).toContain(GATE_TRIES - i === 1 ? 'One more wrong try will lock the form' : `${GATE_TRIES - i} more wrong tries will lock`);
    }
    expect((await mails()).some((m) => m.subject.includes('locked'))).toBe(false);
    const locked = await form.post({ intent: 'gate', dobDay: '8', dobMonth: '3', dobYear: '1984' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(3600);
    expect(MAIN(locked)).toContain('locked until');
    // The clinic is told: the reference and where to look, never a date or a name.
    const notice = (await mails()).find((m) => m.subject === `New-patient form locked ${reference}`);
    expect(notice?.to).toBe(INBOX);
    expect(notice?.text).not.toMatch(/1984|Amina/);
    // Locked: the right date is refused too, and the session opened before the lock has ended.
    expect((await form.post({ intent: 'gate', ...DOB })).status).toBe(429);
    const ended = await form.get(cookie);
    expect(ended.status).toBe(429);
    expect(MAIN(ended)).toContain('The form is locked until');
    // An hour later it opens again.
    now = new Date(NOW.getTime() + HOUR + 1000);
    const again = await form.open();
    expect(MAIN(await form.get(again))).toContain('About you');
    expect((await formRow(id))!.failedAttempts).toBe(0);
  });

  it('saves each section as it goes and resumes where it was left, on another device too; bad input is refused at its field with everything kept', async () => {
    const { token } = await firstVisit();
    const form = formClient(app, token);
    const cookie = await form.open();
    // About you, prefilled from the booking.
    const about = await form.get(cookie, '?section=about');
    expect(about.text).toMatch(/name="fullName"[^>]*value="Amina Bello"/);

    const wrong = await form.save(cookie, 'about', { ...ANSWERS.about, phone: '12345' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toMatch(/Please enter a Nigerian phone number/);
    expect(wrong.text).toMatch(/name="phone"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="phone"/);
    expect(wrong.text).toMatch(/name="address"[^>]*>14 Quillfeather Close, Garki</);
    expect(wrong.text).toMatch(/name="emergencyName"[^>]*value="Obadiah Zephyrine"/);

    // The emergency contact must be someone else.
    const same = await form.save(cookie, 'about', { ...ANSWERS.about, emergencyPhone: ANSWERS.about.phone });
    expect(same.status).toBe(422);
    expect(same.text).toMatch(/Please give the number of someone else/);
    const saved = await form.save(cookie, 'about', ANSWERS.about);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`${form.url}?section=privacy&saved=about`);
    // Health questions wait for the consent to keep them.
    const early = await form.save(cookie, 'visit', ANSWERS.visit);
    expect(early.status).toBe(422);
    expect(MAIN(early)).toContain('Please first agree to how we keep your health information');
    expect(early.text).toContain('Stabbing ache after lifting the generator');
    expect((await form.save(cookie, 'privacy', {})).status).toBe(422);
    expect((await form.save(cookie, 'privacy', ANSWERS.privacy)).status).toBe(303);
    const noReason = await form.save(cookie, 'visit', { ...ANSWERS.visit, reason: '' });
    expect(noReason.status).toBe(422);
    expect(noReason.text).toMatch(/id="region-lower-back"[^>]*checked=""|checked=""[^>]*id="region-lower-back"/);
    expect((await form.save(cookie, 'visit', ANSWERS.visit)).status).toBe(303);

    // Another device, the same link and date of birth: it continues with the first section not saved.
    const other = await form.open();
    const resumed = await form.get(other);
    expect(MAIN(resumed)).toContain('Your health history');
    expect(MAIN(resumed)).toContain('Section 4 of 6');
    const visit = await form.get(other, '?section=visit');
    expect(visit.text).toContain('Stabbing ache after lifting the generator');
    // The data request of the same page answers the same (JavaScript on).
    const data = await request(app).get(`${form.url}?section=visit&_data=${encodeURIComponent('/booking/manage/:token/form')}`).set('Cookie', other);
    expect(data.status).toBe(200);
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.body.data.values.reason).toBe('Stabbing ache after lifting the generator');
    expect(data.body.data.values.regions).toEqual(['lower-back', 'knee-left']);
    // A session that lapsed while a section was typed: the gate, with what was typed carried through it and saved.
    now = new Date(NOW.getTime() + 3 * HOUR);
    const lapsed = await form.save(cookie, 'history', ANSWERS.history);
    expect(lapsed.status).toBe(401);
    expect(lapsed.text).toMatch(/name="pending\.medications" value="Metformin 500 mg twice daily"/);
    const reopened = await form.post({ intent: 'gate', ...DOB, 'pending.section': 'history', ...Object.fromEntries(Object.entries(ANSWERS.history).map(([k, v]) => [`pending.${k}`, v])) });
    expect(reopened.status).toBe(303);
    expect(reopened.headers.location).toBe(`${form.url}?section=safety&saved=history`);
    expect(MAIN(await form.get(sessionOf(reopened), '?section=history'))).toContain('Penicillin gives me hives');
  });

  it('a red-flag yes tells the patient to call now, tells the clinic once, and flags the visit for its practitioner only', async () => {
    const { token, reference, id } = await firstVisit();
    const form = formClient(app, token);
    const cookie = await form.open();
    await form.fillAll(cookie, { safety: safety([3]), consent: { news: '' } });
    const summary = await form.get(cookie, '?section=review');
    expect(MAIN(summary)).toContain('Please call us now, before your visit');
    expect(summary.text).toContain('href="tel:112"');
    expect((await mails()).filter((m) => m.subject === `New-patient form needs a look ${reference}`)).toHaveLength(1);
    // Saving the section again (still a yes) tells the clinic nothing new.
    await form.save(cookie, 'safety', safety([3, 4]));
    expect((await mails()).filter((m) => m.subject.includes('needs a look'))).toHaveLength(1);

    as(people.treating);
    const calendar = await request(app).get(`/staff/calendar?date=${TUE}`);
    expect(calendar.status).toBe(200);
    expect(MAIN(calendar)).toContain('Form: red flag');
    expect(calendar.text).toContain(`href="${staffFormPath(reference)}"`);
    const visitPage = MAIN(await request(app).get(`/staff/bookings/${reference}`));
    expect(visitPage).toContain('New-patient form');
    expect(visitPage).toContain('Form: red flag');
    const answers = await request(app).get(staffFormPath(reference));
    expect(answers.status).toBe(200);
    expect(MAIN(answers)).toContain('Red flag: the patient answered yes');
    expect(MAIN(answers)).toContain(DEFAULT_DEFINITION.redFlags[3]!.text);

    // The front desk sees done, never the flag.
    as(people.frontDesk);
    for (const path of [`/staff/calendar?date=${TUE}`, `/staff/bookings/${reference}`]) {
      const page = await request(app).get(path);
      expect(MAIN(page)).toContain('Form: done');
      expect(page.text).not.toMatch(/red flag|red-flag|Read the answers/i);
    }
    // Another practitioner's calendar view: not theirs to see either.
    as(people.otherPractitioner);
    expect((await request(app).get(`/staff/calendar?date=${TUE}`)).text).not.toMatch(/red flag/i);
    expect((await formRow(id))!.status).toBe('submitted');
  });

  it('read access by role, on the page and through its data request: the treating practitioner and admins read, another practitioner, the front desk and editors do not', async () => {
    const { token, reference } = await firstVisit();
    const form = formClient(app, token);
    await form.fillAll(await form.open());
    const path = staffFormPath(reference);
    const dataPath = `${path}?_data=${encodeURIComponent('/staff/bookings/:reference/form')}`;

    as(null);
    const signedOut = await request(app).get(path);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.location).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
    for (const who of [people.frontDesk, people.otherPractitioner, people.editor, people.patient]) {
      as(who);
      const page = await request(app).get(path);
      expect(page.status, who.uid).toBe(403);
      const data = await request(app).get(dataPath);
      expect(data.status, who.uid).toBe(403);
      for (const text of [page.text, JSON.stringify(data.body)]) for (const needle of ['Stabbing ache', 'Metformin', 'Obadiah']) expect(text, who.uid).not.toContain(needle);
    }
    for (const who of [people.treating, people.admin]) {
      as(who);
      const page = await request(app).get(path);
      expect(page.status, who.uid).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(MAIN(page)).toContain('Stabbing ache after lifting the generator');
      expect(MAIN(page)).toContain('Metformin 500 mg twice daily');
      expect(MAIN(page)).toContain('Print the answers');
      const data = await request(app).get(dataPath);
      expect(data.status).toBe(200);
      expect(JSON.stringify(data.body.data.blocks)).toContain('Penicillin gives me hives');
    }
    // Only those two reads were logged (four: a page and a data request each); the refusals were not reads.
    const reads = await store.db.select().from(intakeReads);
    expect(reads.map((r) => [r.readerUid, r.readerRole])).toEqual([
      ['u-okafor', 'practitioner'],
      ['u-okafor', 'practitioner'],
      ['u-admin', 'admin'],
      ['u-admin', 'admin'],
    ]);
  });

  it('every read is logged (who, when): the patient sees the reads, and the export of their personal data lists them, never the answers', async () => {
    const { token, reference } = await firstVisit();
    const form = formClient(app, token);
    const cookie = await form.open();
    await form.fillAll(cookie);
    expect(MAIN(await form.get(cookie, '?section=review'))).toContain('Nobody at the clinic has read it yet.');
    now = new Date(NOW.getTime() + HOUR);
    as(people.treating);
    expect((await request(app).get(staffFormPath(reference))).status).toBe(200);
    now = new Date(NOW.getTime() + 1.5 * HOUR);
    as(people.admin);
    const page = await request(app).get(staffFormPath(reference));
    expect(MAIN(page)).toContain('Read by');
    expect(MAIN(page)).toContain('Dr. Adaeze Okafor');

    const reads = await store.db.select().from(intakeReads);
    expect(reads.map((r) => ({ who: r.readerName, at: r.at.toISOString() }))).toEqual([
      { who: 'Dr. Adaeze Okafor', at: new Date(NOW.getTime() + HOUR).toISOString() },
      { who: 'Halima Bello', at: new Date(NOW.getTime() + 1.5 * HOUR).toISOString() },
    ]);
    const summary = MAIN(await form.get(cookie, '?section=review'));
    expect(summary).toContain('Dr. Adaeze Okafor (your practitioner)');
    expect(summary).toContain('Halima Bello (administrator)');

    as(people.frontDesk);
    const exported = await request(app).post('/staff/people/export.json').type('form').send({ phone: '0803 123 4567' });
    expect(exported.status).toBe(200);
    expect(exported.body.newPatientForms).toHaveLength(1);
    expect(exported.body.newPatientForms[0]).toMatchObject({ visit: reference, status: 'submitted', consentVersion: 1 });
    expect(exported.body.newPatientForms[0].reads).toEqual([
      { at: new Date(NOW.getTime() + HOUR).toISOString(), by: 'Dr. Adaeze Okafor', role: 'practitioner' },
      { at: new Date(NOW.getTime() + 1.5 * HOUR).toISOString(), by: 'Halima Bello', role: 'admin' },
    ]);
    for (const needle of ANSWER_NEEDLES) expect(exported.text).not.toContain(needle);
  });

  it('consent versions: an editor publishes new questions and texts; each saved section keeps the version it answered, the signed consent records its own', async () => {
    const { token, reference, id } = await firstVisit();
    const form = formClient(app, token);
    const cookie = await form.open();
    for (const section of ['about', 'privacy', 'visit', 'history', 'safety'] as const) expect((await form.save(cookie, section, ANSWERS[section])).status).toBe(303);

    as(people.frontDesk);
    expect((await request(app).get(QUESTIONS_PATH)).status).toBe(403);
    as(people.editor);
    const editorPage = await request(app).get(QUESTIONS_PATH);
    expect(editorPage.status).toBe(200);
    expect(MAIN(editorPage)).toContain('Version 1');
    const changed = {
      base: '1',
      redFlags: [...DEFAULT_DEFINITION.redFlags.map((q) => q.text), 'Have you had chest pain with the back pain?'].join('\n'),
      conditions: DEFAULT_DEFINITION.conditions.map((q) => q.text).join('\n'),
      treatment: 'Version two: I agree to be assessed and treated by the clinic.',
      data: DEFAULT_DEFINITION.consent.data,
      news: DEFAULT_DEFINITION.consent.news,
    };
    const empty = await request(app).post(QUESTIONS_PATH).type('form').send({ ...changed, redFlags: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain('Version two: I agree');
    const published = await request(app).post(QUESTIONS_PATH).type('form').send(changed);
    expect(published.status).toBe(303);
    expect(published.headers.location).toBe(`${QUESTIONS_PATH}?published=2`);
    // Someone who edited version 1 meanwhile does not overwrite version 2: told, with their text kept.
    const stale = await request(app).post(QUESTIONS_PATH).type('form').send({ ...changed, treatment: 'A late edit' });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('A late edit');
    expect((await store.db.select().from(intakeVersions)).map((v) => v.version)).toEqual([1, 2]);

    // The patient signs now: version 2's text, and its new question shows on the safety section.
    expect(MAIN(await form.get(cookie, '?section=consent'))).toContain('Version two: I agree');
    expect(MAIN(await form.get(cookie, '?section=safety'))).toContain('Have you had chest pain with the back pain?');
    expect((await form.save(cookie, 'consent', ANSWERS.consent)).status).toBe(303);
    expect((await formRow(id))!.consentVersion).toBe(2);

    as(people.treating);
    const read = await request(app).get(`${staffFormPath(reference)}?_data=${encodeURIComponent('/staff/bookings/:reference/form')}`);
    const blocks = read.body.data.blocks as { id: string; version: number; rows: { label: string; value: unknown }[] }[];
    expect(blocks.map((b) => [b.id, b.version])).toEqual([
      ['about', 1],
      ['privacy', 1],
      ['visit', 1],
      ['history', 1],
      ['safety', 1],
      ['consent', 2],
    ]);
    // Each in its own words: the safety answers are version 1's questions (no chest-pain question), the consent is version 2's text.
    expect(JSON.stringify(blocks.find((b) => b.id === 'safety'))).not.toContain('chest pain');
    expect(JSON.stringify(blocks.find((b) => b.id === 'consent'))).toContain('Version two: I agree');
    expect(read.body.data.consentVersion).toBe(2);
  });

  it('the patient sees what they sent, corrects it until the visit, downloads it, and withdraws consent: the clinic is told, the visit stays', async () => {
    const { token, reference, id } = await firstVisit();
    const form = formClient(app, token);
    const cookie = await form.open();
    await form.fillAll(cookie, { consent: { news: 'yes' } });
    const summary = await form.get(cookie, '?section=review&saved=consent');
    expect(MAIN(summary)).toContain('Thank you: your form is sent.');
    expect(MAIN(summary)).toContain('Stabbing ache after lifting the generator');
    // The news consent asked for the newsletter's own confirmation (double opt-in).
    expect((await mails()).some((m) => m.to === 'amina@example.com' && m.subject.includes('confirm your newsletter'))).toBe(true);

    expect((await form.save(cookie, 'history', { ...ANSWERS.history, allergies: 'Penicillin and latex' })).status).toBe(303);
    expect(MAIN(await form.get(cookie, '?section=review'))).toContain('Penicillin and latex');

    const file = await request(app).get(`${form.url}/answers.txt`).set('Cookie', cookie);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="new-patient-form-${reference}.txt"`);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.text).toContain('Penicillin and latex');
    expect(file.text).toContain('7 March 1984');
    expect((await request(app).get(`${form.url}/answers.txt`)).status).toBe(403);

    const withdrawn = await form.post({ intent: 'withdraw', what: 'treatment' }, cookie);
    expect(withdrawn.status).toBe(303);
    expect((await mails()).some((m) => m.subject === `Consent withdrawn ${reference}` && m.text.includes('assessment and treatment'))).toBe(true);
    const data = await form.post({ intent: 'withdraw', what: 'data' }, cookie);
    expect(data.headers.location).toBe(`${form.url}?section=review&notice=withdrawn-data`);
    const after = MAIN(await form.get(cookie, '?section=review&notice=withdrawn-data'));
    expect(after).toContain('your answers are deleted');
    expect(after).not.toContain('Stabbing ache');
    const row = (await formRow(id))!;
    expect(row.status).toBe('withdrawn');
    expect(row.dataWithdrawnAt).not.toBeNull();
    const [visit] = await store.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
    expect(visit!.status).toBe('booked');
    expect(rowsHolding(await dumpDatabase(store), ANSWER_NEEDLES)).toEqual([]);

    // Once the visit has started the form no longer changes.
    now = new Date(lagosMoment(TUE, '09:05'));
    const late = await form.save(await form.open(), 'privacy', ANSWERS.privacy);
    expect(late.status).toBe(409);
  });

  it('a whole-database dump after a patient filled the form holds none of their answers in clear; nor do the logs or the mails', async () => {
    const { token, reference } = await firstVisit();
    const form = formClient(app, token);
    const cookie = await form.open();
    await form.fillAll(cookie, { safety: safety([0]) });
    as(people.treating);
    expect((await request(app).get(staffFormPath(reference))).status).toBe(200);

    const dump = await dumpDatabase(store);
    // The form is there (sealed), so the check is not vacuous.
    const sealed = dump.filter((r) => r.table === 'public.intake_forms');
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.row).toMatch(/v1\.[\w-]+\.[\w-]+\.[\w-]+/);
    expect(rowsHolding(dump, ANSWER_NEEDLES)).toEqual([]);
    // Nor the ids of what was ticked (outside the questions themselves, which are the clinic's, in intake_versions).
    expect(rowsHolding(dump.filter((r) => r.table !== 'public.intake_versions' && !PUBLISHED.has(r.table)), ['lower-back', 'knee-left', 'diabetes'])).toEqual([]);
    expect(lines.filter((line) => ANSWER_NEEDLES.some((n) => line.includes(n)))).toEqual([]);
  });

  it('retention deletes a form INTAKE_RETENTION_MONTHS after its visit; erasure of the person removes their forms and who read them', async () => {
    const { token, reference, id } = await firstVisit();
    const form = formClient(app, token);
    await form.fillAll(await form.open());
    as(people.treating);
    await request(app).get(staffFormPath(reference));
    expect(await runIntakeRetention(store.db, 120, new Date(lagosMoment('2036-11-30', '12:00')))).toBe(0);
    expect(await runIntakeRetention(store.db, 120, new Date(lagosMoment('2036-12-02', '12:00')))).toBe(1);
    expect(await formRow(id)).toBeUndefined();
    expect(await store.db.select().from(intakeReads)).toEqual([]);

    const second = await firstVisit('11:00');
    const again = formClient(app, second.token);
    await again.fillAll(await again.open());
    as(people.frontDesk);
    const erased = await request(app).post('/staff/people').type('form').send({ intent: 'erase', email: 'amina@example.com', phone: '0803 123 4567', confirm: 'yes' });
    expect(erased.status).toBe(303);
    expect(await store.db.select().from(intakeForms)).toEqual([]);
    expect(rowsHolding((await dumpDatabase(store)).filter((r) => !PUBLISHED.has(r.table)), ['Amina', 'amina@example.com'])).toEqual([]);
  });

  it('key rotation: the new key reads old and new forms while the old one is kept, npm run intake:rekey rewraps them all, and a server without the key says the form cannot be decrypted', async () => {
    const oldKey = keys;
    const a = await firstVisit('09:00');
    await formClient(app, a.token).fillAll(await formClient(app, a.token).open());

    // A new current key, the old one kept: the old form opens, a new one is written under the new key.
    const newKey = keyring(Buffer.alloc(32, 7), [oldKey.current.key]);
    serve(newKey);
    const b = await firstVisit('11:00');
    await formClient(app, b.token).fillAll(await formClient(app, b.token).open());
    expect((await formRow(a.id))!.kekId).toBe(oldKey.current.id);
    expect((await formRow(b.id))!.kekId).toBe(newKey.current.id);
    as(people.treating);
    expect(MAIN(await request(app).get(staffFormPath(a.reference)))).toContain('Stabbing ache');

    // Before the rotation, a server with the new key alone lacks the old one: production refuses to start.
    const onlyNew = keyring(newKey.current.key);
    expect(await missingKeys(store.db, onlyNew)).toEqual([{ kekId: oldKey.current.id, forms: 1 }]);
    await expect(checkIntakeKeys(store.db, onlyNew, true)).rejects.toThrow(/INTAKE_KEK does not open every new-patient form: 1 form\(s\) under key/);
    expect(await checkIntakeKeys(store.db, onlyNew, false)).toMatch(/1 form\(s\) under key/);

    expect(await rekeyForms(store.db, newKey)).toEqual({ rewrapped: 1, unreadable: 0 });
    expect(await rekeyForms(store.db, newKey)).toEqual({ rewrapped: 0, unreadable: 0 });
    expect((await formRow(a.id))!.kekId).toBe(newKey.current.id);
    expect(await checkIntakeKeys(store.db, onlyNew, true)).toBeNull();
    serve(onlyNew);
    as(people.treating);
    expect(MAIN(await request(app).get(staffFormPath(a.reference)))).toContain('Stabbing ache');

    // A server with the wrong key: the form says it cannot be decrypted, never garbled; the calendar says so too.
    serve(keyring(Buffer.alloc(32, 9)));
    as(people.treating);
    const page = await request(app).get(staffFormPath(a.reference));
    expect(page.status).toBe(200);
    expect(MAIN(page)).toContain('This form cannot be decrypted with the keys this server holds');
    expect(MAIN(page)).not.toContain('Stabbing');
    expect(MAIN(await request(app).get(`/staff/calendar?date=${TUE}`))).toContain('Form: cannot be read');
    // …and the patient is told to try later, with the clinic's number.
    const cookie = await formClient(app, a.token).post({ intent: 'gate', ...DOB });
    expect(cookie.status).toBe(503);
    expect(MAIN(cookie)).toContain('We cannot open your form just now');
    expect(lines.some((l) => l.includes('new-patient form cannot be decrypted'))).toBe(true);
  });

  it('a tampered or revoked link opens no form: a clear page with the clinic’s number', async () => {
    const { token } = await firstVisit();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, 'not-a-token', `${token}x`]) {
      const res = await formClient(app, bad).get();
      expect(res.status, bad).toBe(403);
      expect(MAIN(res)).toContain('This link does not open a form');
      expect(MAIN(res)).toContain('+234');
      const post = await formClient(app, bad).post({ intent: 'gate', ...DOB });
      expect(post.status).toBe(403);
    }
  });

  it('the confirmation on WhatsApp carries the form’s link, and the day-before reminder repeats it only while the form is not done', async () => {
    const { token, id } = await firstVisit();
    const sent: OutgoingMessage[] = [];
    const channel = (name: Channel): ChannelAdapter => ({ channel: name, provider: 'test', send: async (m) => (sent.push(m), { outcome: 'sent', providerId: `p-${sent.length}` }) });
    const channels = { whatsapp: channel('whatsapp'), sms: channel('sms'), email: channel('email') };
    const run = (at: Date) => processMessages({ store, channels, secret: TEST_SECRET, publicOrigin: ORIGIN, logger: createLogger(() => {}), now: () => at, forms: visitFormsOf({ db: store.db, keys }) });
    // 05:00 is inside the patients' quiet hours: the confirmation goes at 07:00.
    await run(new Date(lagosMoment('2026-11-30', '07:00')));
    const confirmation = sent.find((m) => m.kind === 'confirmation')!;
    expect(confirmation.variables.formLink).toBe(`${ORIGIN}${shortFormPath(token)}`);
    // The short address leads to the form.
    const short = await request(app).get(shortFormPath(token));
    expect(short.status).toBe(302);
    expect(short.headers.location).toBe(formPath(token));
    expect(short.headers['cache-control']).toBe('private, no-store');
    // The form is sent before the day-before reminder is due: it goes without the link.
    const form = formClient(app, token);
    await form.fillAll(await form.open());
    await run(new Date(lagosMoment('2026-11-30', '09:00')));
    const reminder = sent.find((m) => m.kind === 'reminder')!;
    expect(reminder).toBeTruthy();
    expect(reminder.variables.formLink).toBeUndefined();
    expect(id).toBeGreaterThan(0);
  });
});

describe('the form’s keys in production', () => {
  it('production refuses to start without INTAKE_KEK, with a bad one, or with forms it cannot open', async () => {
    const { resolveIntakeKeyring } = await import('../../server/intake/keys');
    const { loadConfig, ConfigError } = await import('../../server/app/config');
    expect(() => resolveIntakeKeyring({ configured: null, previous: [], dataDir: '/nonexistent', isProduction: true })).toThrow(/production needs INTAKE_KEK/);
    expect(() => loadConfig({ NODE_ENV: 'test', INTAKE_KEK: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', INTAKE_KEK: Buffer.alloc(32, 1).toString('base64'), INTAKE_KEK_PREVIOUS: 'x' })).toThrow(/INTAKE_KEK_PREVIOUS \(key 1\)/);
    expect(loadConfig({ NODE_ENV: 'test', INTAKE_KEK: Buffer.alloc(32, 1).toString('base64') }).intake).toMatchObject({ retentionMonths: 120, previousKeks: [] });
  });
});

