import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWiring } from '../../server/app/store';
import { createBookingService } from '../../server/booking/service';
import { localMediaStore, type MediaStore } from '../../server/platform/media';
import { s3MediaStore } from '../../server/platform/media/s3-store';
import type { MediaPicture } from '../../shared/platform/media';
import { startLocalS3 } from '../support/s3-server';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { silentLogger } from '../../server/platform/http/logger';
import { createPageCache } from '../../server/platform/page-cache';
import { getEntry, publishDue, valuesOf } from '../../server/publishing/repo';
import type { FormValues } from '../../shared/publishing/fields';
import type { KindId } from '../../shared/publishing/kinds';
import type { SessionUser } from '../../shared/platform/session';
import { addAppointments, addPlans, bookingDeps, clearBooking } from '../support/booking';
import { hasGps, phonePhoto } from '../support/pictures';
import { makeTestApp } from '../support/test-app';
import { openTestStore, testEngines, type TestStore } from '../support/test-store';
import type { Store } from '../../server/platform/db/store';
import { nextOpenDay } from '../support/clinic-time';

// Issue 45: the clinic edits its own site at /staff/content. Roles on every page and action
// (also through data requests), a service's price and visit lengths reaching the service page
// and the booking step, a post from draft to preview to publish (now and at a time), its
// revisions and their restore, two editors' conflict, a renamed post's 301, the sitemap,
// stored scripts inert, and a picture through the pipeline with its GPS gone.

const users: Record<string, SessionUser> = {
  editor: { uid: 'u-editor', displayName: 'Chioma Editor', email: 'chioma@example.com', role: 'editor' },
  editor2: { uid: 'u-editor-2', displayName: 'Bayo Editor', email: 'bayo@example.com', role: 'editor' },
  staff: { uid: 'u-staff', displayName: 'Ngozi Desk', email: 'ngozi@example.com', role: 'staff' },
  patient: { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' },
};

/**
 * The test's store behind a switch: switched off, every use of the database fails as a lost
 * connection does (ECONNREFUSED), the way a PostgreSQL server that went away answers.
 */
function switchable(store: Store) {
  let down = false;
  const lost = () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  };
  const db = new Proxy(store.db, { get: (target, key, receiver) => (down ? lost : (Reflect.get(target, key, receiver) as unknown)) });
  return { store: { ...store, db } as Store, setDown: (value: boolean) => (down = value) };
}

const XSS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "javascript:alert('x')", '<svg onload=alert(1)>'];

/** The form's fields as a browser posts them (lists as repeated fields). */
function form(values: FormValues, more: Record<string, string | number>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(values)) out[k] = Array.isArray(v) ? v : String(v ?? '');
  for (const [k, v] of Object.entries(more)) out[k] = String(v);
  return out;
}

describe.each(testEngines())('the site editor on %s', (engine) => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  let wiring: ReturnType<typeof contentWiring>;
  const mediaDir = () => `${t.dataDir}/media`;

  beforeAll(async () => {
    t = await openTestStore(engine);
    await clearBooking(t.store);
    // Dr. Okafor on Tuesdays 09:00-12:00 (the booking step's times).
    await addPlans(t.store, [{ practitioner: 'adaeze-okafor', weekday: 2, starts: '09:00', ends: '12:00' }]);
    const pageCache = createPageCache({ maxBytes: 8 * 1024 * 1024, buildId: 'content-editor-test' });
    wiring = contentWiring(t.store, { pageCache, logger: silentLogger, scheduleIntervalMs: 3_600_000 });
    app = appOn(t.store, pageCache);
  });
  /** The editor's app on a store (the test's, or one whose database can be made to stop answering). */
  const appOn = (store: Store, pageCache: ReturnType<typeof createPageCache>, media: MediaStore = localMediaStore(mediaDir())) =>
    makeTestApp({
      store,
      requests: undefined,
      booking: createBookingService(bookingDeps(t.store)),
      clinic: wiring.clinic,
      blog: wiring.blog,
      gallery: wiring.gallery,
      pageCache,
      onContentChange: wiring.onContentChange,
      media,
      getUser: async (req) => users[req.get('x-test-user') ?? ''] ?? null,
    });
  afterAll(async () => {
    wiring?.stop();
    await t?.cleanup();
  });

  const as = (who: string | null) => ({
    get: (path: string) => (who ? request(app).get(path).set('x-test-user', who) : request(app).get(path)),
    post: (path: string, body: Record<string, string | string[]>) => {
      const r = request(app).post(path).type('form');
      return (who ? r.set('x-test-user', who) : r).send(body);
    },
  });
  const editor = as('editor');
  const stateOf = async (kind: KindId, id: string) => (await getEntry(t.store.db, kind, id))!;
  const current = async (kind: KindId, id: string) => {
    const state = await stateOf(kind, id);
    return { version: state.version, values: valuesOf(kind, state) };
  };
  /** Posts the editor's form for an item with some values changed; returns the answer. */
  const send = async (kind: KindId, id: string, intent: string, change: FormValues, who = 'editor') => {
    const { version, values } = await current(kind, id);
    return as(who).post(`/staff/content/${kind}/${id}`, form({ ...values, ...change }, { intent, version }));
  };
  const newPost = async (title: string) => {
    const created = await editor.post('/staff/content/post', { title });
    expect(created.status, created.text.slice(0, 300)).toBe(303);
    return created.headers.location!.split('/').pop()!;
  };
  const postBody = (text: string) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
  const postValues = (title: string, slug: string): FormValues => ({
    title,
    slug,
    excerpt: `About ${title}.`,
    body: postBody(`The text of ${title}.`),
    cover: '/images/blog/post-1.svg',
    coverAlt: 'A patient at the clinic',
    category: 'Wellness',
    tags: 'Posture, Neck pain',
    authorId: 'adaeze-okafor',
    publishAt: '',
    commentsOpen: 'yes',
  });

  describe('who may use it', () => {
    const pages = ['/staff/content', '/staff/content/service', '/staff/content/service/1', '/staff/content/media'];

    it('signed out: every page redirects to sign in and comes back; data requests are told to sign in', async () => {
      for (const path of pages) {
        const res = await as(null).get(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.location).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
      }
      const data = await as(null).get(`/staff/content/service/1?_data=${encodeURIComponent('/staff/content/:kind/:id')}`);
      // The data endpoint's envelope: a redirect to sign in, no data.
      expect(data.body).toMatchObject({ kind: 'redirect' });
      expect(data.text).toContain('/login?returnTo=');
      expect(data.text).not.toContain('firstVisitMinutes');
    });

    it('front-desk staff and signed-in patients get 403 on every page, data request and action; nothing changes', async () => {
      const before = await stateOf('service', '1');
      for (const who of ['staff', 'patient']) {
        for (const path of pages) expect((await as(who).get(path)).status, `${who} ${path}`).toBe(403);
        const data = await as(who).get(`/staff/content/service/1?_data=${encodeURIComponent('/staff/content/:kind/:id')}`);
        expect(data.status).toBe(403);
        expect(data.text).not.toContain('firstVisitMinutes');
        const save = await send('service', '1', 'publish', { priceNgn: '1' }, who);
        expect(save.status, who).toBe(403);
        const viaData = await as(who).post(`/staff/content/service/1?_data=${encodeURIComponent('/staff/content/:kind/:id')}`, form({}, { intent: 'publish', version: before.version }));
        expect(viaData.status).toBe(403);
        expect((await as(who).post('/staff/content/post', { title: 'Sneaky' })).status).toBe(403);
        const upload = await request(app).post('/staff/content/media/upload').set('x-test-user', who).set('X-File-Name', 'a.jpg').type('image/jpeg').send(await phonePhoto({ width: 64, height: 48 }));
        expect(upload.status).toBe(403);
      }
      expect((await stateOf('service', '1')).version).toBe(before.version);
    });

    it('editors see every screen, private and never cached; the staff menu offers them the content only', async () => {
      for (const path of pages) {
        const res = await editor.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers['cache-control']).toMatch(/private|no-store/);
        expect(res.text).toContain('name="robots" content="noindex');
      }
      const home = await editor.get('/staff/content');
      expect(home.text).toContain('href="/staff/content/service"');
      expect(home.text).not.toContain('href="/staff/calendar"');
    });
  });

  it('a service’s price and visit lengths, published: the service page and the booking step show them', async () => {
    const res = await send('service', '1', 'publish', { priceNgn: '31500', followUpMinutes: '40' });
    expect(res.status, res.text.slice(0, 400)).toBe(303);
    expect(res.headers.location).toBe('/staff/content/service/1?done=published');
    const page = await request(app).get('/service-detail/1');
    expect(page.text).toContain('₦31,500');
    const step = await request(app).get(`/book?${new URLSearchParams({ service: '1', visit: 'follow_up', practitioner: 'adaeze-okafor', date: '2026-12-01' })}`);
    expect(step.status).toBe(200);
    expect(step.text).toMatch(/40 minutes, ₦31,500/);
  });

  it('bad input: the message at the field, everything typed kept, nothing published', async () => {
    const before = await stateOf('service', '1');
    const res = await send('service', '1', 'publish', { name: 'Spinal care (renamed)', priceNgn: 'twenty', firstVisitMinutes: '' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('Spinal care (renamed)');
    expect(res.text).toContain('value="twenty"');
    expect(res.text).toMatch(/aria-invalid="true"/);
    expect((await stateOf('service', '1')).live).toEqual(before.live);
  });

  describe('a post', () => {
    let id: string;

    it('a draft is not on the site; its preview is the real page, for editors only, private and noindex', async () => {
      id = await newPost('Sitting well at work');
      const saved = await send('post', id, 'save', postValues('Sitting well at work', 'sitting-well-at-work'));
      expect(saved.status, saved.text.slice(0, 300)).toBe(303);
      expect((await request(app).get('/blogs')).text).not.toContain('Sitting well at work');
      expect((await request(app).get('/sitemap.xml')).text).not.toContain('sitting-well-at-work');
      const anon = await request(app).get('/blogDetails?post=sitting-well-at-work');
      expect(anon.text).not.toContain('The text of Sitting well at work');

      const preview = `/blogDetails?post=sitting-well-at-work&preview=${encodeURIComponent(`post:${id}`)}`;
      const seen = await editor.get(preview);
      expect(seen.status).toBe(200);
      expect(seen.text).toContain('The text of Sitting well at work');
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.text).toContain('name="robots" content="noindex');
      expect(seen.text).toMatch(/preview/i);
      // Anyone else: the parameter means nothing.
      for (const who of [null, 'staff', 'patient']) expect((await as(who).get(preview)).text).not.toContain('The text of Sitting well at work');
    });

    it('published: on /blogs, its page and the sitemap (with lastmod)', async () => {
      const res = await send('post', id, 'publish', {});
      expect(res.status, res.text.slice(0, 300)).toBe(303);
      expect((await request(app).get('/blogs')).text).toContain('Sitting well at work');
      const page = await request(app).get('/blogDetails?post=sitting-well-at-work');
      expect(page.text).toContain('The text of Sitting well at work');
      expect((await request(app).get('/sitemap.xml')).text).toMatch(/blogDetails\?post=sitting-well-at-work<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}/);
    });

    it('renamed: the old address answers 301 to the new one', async () => {
      const res = await send('post', id, 'publish', { slug: 'sitting-well' });
      expect(res.status).toBe(303);
      const old = await request(app).get('/blogDetails?post=sitting-well-at-work');
      expect(old.status).toBe(301);
      expect(old.headers.location).toContain('post=sitting-well');
      expect((await request(app).get('/blogDetails?post=sitting-well')).text).toContain('The text of Sitting well at work');
    });

    it('revisions: who and when, and an earlier one restored as a new revision', async () => {
      await send('post', id, 'publish', { title: 'Sitting well, standing tall' });
      expect((await request(app).get('/blogs')).text).toContain('Sitting well, standing tall');
      const page = await editor.get(`/staff/content/post/${id}`);
      expect(page.text).toContain('Chioma Editor');
      const first = await editor.get(`/staff/content/post/${id}/revisions/1`);
      expect(first.status).toBe(200);
      expect(first.text).toContain('Sitting well at work');
      const { version } = await current('post', id);
      const restored = await editor.post(`/staff/content/post/${id}/revisions/1`, { intent: 'restore', version: String(version) });
      expect(restored.status, restored.text.slice(0, 300)).toBe(303);
      const state = await stateOf('post', id);
      expect(state.revision).toBe(4);
      const blogs = (await request(app).get('/blogs')).text;
      expect(blogs).toContain('Sitting well at work');
      expect(blogs).not.toContain('Sitting well, standing tall');
    });

    it('two editors: the second save is refused with both versions shown, nothing lost', async () => {
      const { version, values } = await current('post', id);
      const mine = await as('editor').post(`/staff/content/post/${id}`, form({ ...values, excerpt: 'Chioma’s excerpt' }, { intent: 'save', version }));
      expect(mine.status).toBe(303);
      const theirs = await as('editor2').post(`/staff/content/post/${id}`, form({ ...values, excerpt: 'Bayo’s excerpt' }, { intent: 'save', version }));
      expect(theirs.status).toBe(409);
      expect(theirs.text).toContain('Chioma’s excerpt');
      expect(theirs.text).toContain('Bayo’s excerpt');
      expect((await stateOf('post', id)).draft?.excerpt).toBe('Chioma’s excerpt');
    });
  });

  it('the database stops answering mid-edit: the autosave is told it was not saved, gets back what was typed, and its retry saves it', async () => {
    const id = await newPost('Lost signal');
    const before = await stateOf('post', id);
    const flaky = switchable(t.store);
    const flakyApp = appOn(flaky.store, createPageCache({ maxBytes: 1024 * 1024, buildId: 'content-editor-flaky' }));
    const typed = form({ ...valuesOf('post', before), excerpt: 'Typed while the database was away.' }, { intent: 'autosave', version: before.version });
    const autosave = () => request(flakyApp).post(`/staff/content/post/${id}?_data=${encodeURIComponent('/staff/content/:kind/:id')}`).set('x-test-user', 'editor').type('form').send(typed);

    flaky.setDown(true);
    const failed = await autosave();
    expect(failed.status, failed.text.slice(0, 300)).toBe(503);
    expect(failed.headers['cache-control']).toMatch(/no-store/);
    const told = (failed.body as { data: { outcome: string; message: string; values: FormValues; version: number } }).data;
    expect(told.outcome).toBe('unavailable');
    expect(told.message).toMatch(/not saved/);
    expect(told.values.excerpt).toBe('Typed while the database was away.');
    expect(told.version).toBe(before.version);
    expect(failed.text).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
    expect((await stateOf('post', id)).version).toBe(before.version);

    // The connection is back: the same request (the browser's retry) saves it.
    flaky.setDown(false);
    const retried = await autosave();
    expect(retried.status, retried.text.slice(0, 300)).toBe(200);
    expect((retried.body as { data: { outcome: string; version: number } }).data).toMatchObject({ outcome: 'saved', version: before.version + 1 });
    const after = await stateOf('post', id);
    expect(after.draft?.excerpt).toBe('Typed while the database was away.');
    expect(after.live).toEqual(before.live);
  });

  it('the clinic’s details and opening hours, published: the footer and contact page show them', async () => {
    const res = await send('details', 'clinic', 'publish', { phone1: '0809 555 1234', emergencyNotice: 'Not for emergencies: call 112 or go to the nearest hospital.' });
    expect(res.status, res.text.slice(0, 400)).toBe(303);
    const contact = (await request(app).get('/contact')).text;
    expect(contact).toMatch(/809\D{0,3}555\D{0,3}1234/);
    expect(contact).toContain('Not for emergencies: call 112 or go to the nearest hospital.');
    const home = (await request(app).get('/')).text;
    expect(home).toMatch(/809\D{0,3}555\D{0,3}1234/);
    // Saturday's hours: closing before opening is refused at the field.
    const bad = await send('location', 'abuja', 'publish', { 'hours.5.opens': '14:00', 'hours.5.closes': '10:00' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('must close after it opens');
  });

  it('the FAQ: a new question published is on the page that shows the FAQ', async () => {
    const created = await editor.post('/staff/content/faq', { question: 'Do I need a referral from my doctor?' });
    expect(created.status, created.text.slice(0, 300)).toBe(303);
    const id = created.headers.location!.split('/').pop()!;
    const res = await send('faq', id, 'publish', { answer: 'No: you can book directly.', order: '1' });
    expect(res.status, res.text.slice(0, 400)).toBe(303);
    expect((await request(app).get('/homeTwo')).text).toContain('Do I need a referral from my doctor?');
  });

  it('a gallery picture starts from its caption and cannot be published without alt text', async () => {
    const created = await editor.post('/staff/content/gallery', { caption: 'Our waiting room' });
    expect(created.status, created.text.slice(0, 300)).toBe(303);
    const id = created.headers.location!.split('/').pop()!;
    const noAlt = await send('gallery', id, 'publish', { picture: '/images/blog/post-2.svg', pictureAlt: '', category: 'dental' });
    expect(noAlt.status).toBe(422);
    expect(noAlt.text).toContain('Please describe the picture');
  });

  it('a practitioner with future bookings can only be hidden: the page says why; hidden, they leave the team page', async () => {
    // A visit ahead of the real date (the refusal counts by the database's now()): a fixed date would be past one day.
    await addAppointments(t.store, [{ practitioner: 'tunde-bakare', date: nextOpenDay(), starts: '10:00', minutes: 30 }]);
    const page = await editor.get('/staff/content/practitioner/tunde-bakare');
    // The future visit's reason, not the past visits' (which also says "can only be hidden").
    expect(page.text).toContain('One future visit is booked with them');
    expect(page.text).toContain('can only be hidden');
    const down = await send('practitioner', 'tunde-bakare', 'take-down', { confirm: 'yes' });
    expect(down.status).toBe(409);
    expect((await request(app).get('/doctors')).text).toContain('Tunde Bakare');
    const hidden = await send('practitioner', 'tunde-bakare', 'publish', { visible: '' });
    expect(hidden.status, hidden.text.slice(0, 400)).toBe(303);
    // Neither on the page nor in its structured data.
    expect((await request(app).get('/doctors')).text).not.toContain('Tunde Bakare');
  });

  it('scheduled: not on the site before its time, then published by itself', async () => {
    const id = await newPost('Morning stretches');
    const at = new Date(Date.now() + 3 * 3600_000);
    const abuja = new Date(at.getTime() + 3600_000).toISOString().slice(0, 16);
    const res = await send('post', id, 'schedule', { ...postValues('Morning stretches', 'morning-stretches'), publishAt: abuja });
    expect(res.status, res.text.slice(0, 400)).toBe(303);
    expect((await stateOf('post', id)).scheduled).not.toBeNull();
    expect(await publishDue(t.store.db, new Date())).toBe(0);
    expect((await request(app).get('/blogs')).text).not.toContain('Morning stretches');
    expect((await request(app).get('/sitemap.xml')).text).not.toContain('morning-stretches');
    // Its time comes (the clock moved on: the schedule and the post's date put in the past).
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.store.db.execute(sql`UPDATE content_entries SET scheduled_for = ${past}::timestamptz, scheduled = jsonb_set(scheduled, '{publishAt}', to_jsonb(${past}::text)) WHERE kind = 'post' AND id = ${id}`);
    // The instance's own timer's round (every few seconds in the server) publishes it.
    await wiring.publishScheduled();
    expect((await stateOf('post', id)).scheduled).toBeNull();
    await wiring.check();
    expect((await request(app).get('/blogs')).text).toContain('Morning stretches');
  });

  it('stored scripts are impossible: the usual payloads in every field come out as text', async () => {
    const id = await newPost('Payloads');
    const values = postValues(XSS[0]!, 'payloads');
    const res = await send('post', id, 'publish', { ...values, excerpt: XSS.join(' '), category: XSS[1]!, tags: XSS.join(','), coverAlt: XSS[3]!, body: postBody(XSS.join(' ')) });
    expect(res.status, res.text.slice(0, 400)).toBe(303);
    for (const path of ['/blogs', '/blogDetails?post=payloads', `/staff/content/post/${id}`]) {
      const html = (await editor.get(path)).text;
      expect(html, path).not.toContain('<script>alert(1)</script>');
      expect(html, path).not.toMatch(/<img src=x onerror/);
      expect(html, path).not.toMatch(/<svg onload/);
      expect(html, path).not.toMatch(/href="javascript:/);
    }
    // A javascript: link in the body is refused by the rich-text schema.
    const link = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: "javascript:alert('x')" } }] }] }] });
    const refused = await send('post', id, 'publish', { body: link });
    expect(refused.status).toBe(422);
  });

  it('a picture uploaded through the editor: GPS and camera data gone, AVIF/WebP copies with srcset on the published post', { timeout: 120_000 }, async () => {
    const upload = await request(app).post('/staff/content/media/upload').set('x-test-user', 'editor').set('X-File-Name', 'clinic-room.jpg').type('image/jpeg').send(await phonePhoto({ width: 900, height: 600 }));
    expect(upload.status, upload.text).toBe(201);
    const src = (upload.body as { entry: { src: string } }).entry.src;
    expect(src).toMatch(/^media:[0-9a-f]{32}$/);
    const id = await newPost('A room with a view');
    const res = await send('post', id, 'publish', { ...postValues('A room with a view', 'a-room-with-a-view'), cover: src, coverAlt: 'The treatment room' });
    expect(res.status, res.text.slice(0, 400)).toBe(303);
    const html = (await request(app).get('/blogDetails?post=a-room-with-a-view')).text;
    // Every copy is named by the picture (the upload's id) and its width (ADR 0053).
    const picture = src.slice('media:'.length);
    expect(html).toContain(`<source type="image/avif" srcSet="/media/${picture}-400.avif 400w, /media/${picture}-640.avif 640w, /media/${picture}-800.avif 800w, /media/${picture}-900.avif 900w"`);
    expect(html).toContain(`src="/media/${picture}-800.jpg"`);
    const key = /\/media\/([^" ]+\.webp)/.exec(html)![1]!;
    expect(key).toMatch(new RegExp(`^${picture}-\\d+\\.webp$`));
    const served = await request(app).get(`/media/${key}`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(hasGps(meta.exif)).toBe(false);
    expect(meta.exif).toBeUndefined();
    // A picture without alt text cannot be published.
    const noAlt = await send('post', id, 'publish', { coverAlt: '' });
    expect(noAlt.status).toBe(422);
  });

  it('with MEDIA_S3_* set, a picture uploaded through the editor goes to the bucket, and the site serves it from there', { timeout: 120_000 }, async () => {
    const s3 = await startLocalS3();
    try {
      const bucketApp = appOn(t.store, createPageCache({ maxBytes: 1024 * 1024, buildId: 'content-editor-s3' }), s3MediaStore({ ...s3.options, prefix: 'site/media/' }));
      const upload = await request(bucketApp).post('/staff/content/media/upload').set('x-test-user', 'editor').set('X-File-Name', 'front-desk.jpg').type('image/jpeg').send(await phonePhoto({ width: 640, height: 480 }));
      expect(upload.status, upload.text).toBe(201);
      const picture = (upload.body as { picture: MediaPicture }).picture;
      expect(picture.variants.length).toBeGreaterThan(0);
      const client = new S3Client({ region: s3.options.region, endpoint: s3.options.endpoint, forcePathStyle: true, credentials: s3.options.credentials! });
      for (const variant of picture.variants) {
        const head = await client.send(new HeadObjectCommand({ Bucket: s3.options.bucket, Key: `site/media/${variant.key}` }));
        expect(head.ContentLength).toBe(variant.bytes);
      }
      // Nothing of it in the local folder; the site's /media/ answers it from the bucket.
      expect(await localMediaStore(mediaDir()).exists(picture.variants[0]!.key)).toBe(false);
      const served = await request(bucketApp).get(`/media/${picture.variants[0]!.key}`).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
    } finally {
      await s3.close();
    }
  });
});
