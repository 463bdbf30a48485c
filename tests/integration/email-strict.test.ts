import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/platform/session';
import { submit } from '../support/submit';
import { makeTestApp } from '../support/test-app';
import { openTestStore, type TestStore } from '../support/test-store';

// Issue 34, defect 7: no form takes an address with ?, & or quotes, and the staff views build
// their mailto: links with encoding (an address stored before this check stays harmless).

const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
const injected = 'ada@gmail.com?bcc=spy%40evil.test&subject=Re';

const forms = [
  { path: '/contact', fields: { name: 'Ada', email: injected, phone: '', subject: 'Hi', message: 'Hello' } },
  { path: '/homeFour', fields: { name: 'Ada', email: injected, phone: '0803 123 4567', service: '1' } },
  { path: '/', fields: { email: injected, consent: 'yes' } },
  { path: '/blogDetails', fields: { post: 'healthy-eating-and-hydration-for-your-spine', comment: 'Thanks', name: 'Ada', email: injected, website: '' } },
  {
    path: '/checkout',
    fields: { country: 'NG', firstName: 'Ada', lastName: 'Eze', address: '5 Example Close', city: 'Abuja', state: 'FCT', postcode: '900288', email: injected, phone: '0803 123 4567', shipping: 'free', payment: 'bank' },
  },
];

describe('strict e-mail addresses', () => {
  let t: TestStore;
  let app: ReturnType<typeof makeTestApp>;
  beforeAll(async () => {
    t = await openTestStore('pglite');
    app = makeTestApp({ store: t.store, requests: undefined, getUser: async () => staff });
  });
  afterAll(() => t?.cleanup());

  it.each(forms)('$path refuses an address carrying mailto: parameters (422 at the field, values kept)', async ({ path, fields }) => {
    const res = await request(app).post(`${path}?_data=${encodeURIComponent(path)}`).type('form').send(fields);
    expect(res.status).toBe(422);
    expect(res.body.data.errors.email).toMatch(/valid e-mail address/);
    expect(res.body.data.values.email).toBe(injected);
  });

  it('the staff detail page encodes a stored address into its mailto: link', async () => {
    // As stored by the code before this check.
    const { reference } = await submit(t.store, { kind: 'contact', idempotencyKey: 'legacy-1', name: 'Ada', email: 'ada@gmail.com?bcc=spy@evil.test&subject=Re', payload: { message: 'Hi' }, notify: null });
    const page = await request(app).get(`/staff/requests/${reference}`);
    expect(page.status).toBe(200);
    const hrefs = [...page.text.matchAll(/href="(mailto:[^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.filter((h) => h!.includes('ada'))).toEqual(['mailto:ada@gmail.com%3Fbcc%3Dspy%40evil.test%26subject%3DRe']);
  });
});
