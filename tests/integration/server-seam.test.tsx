import request from 'supertest';
import { data, type ActionFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerRoutes, serverBinder } from '../../server/app/routes';
import { userContext } from '../../server/platform/render/route-context';
import type { SessionUser } from '../../shared/platform/session';
import { makeTestApp } from '../support/test-app';
import { openTestStore, type TestStore } from '../support/test-store';

const patient: SessionUser = { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' };
const staff: SessionUser = { uid: 'u-staff', displayName: 'Ngozi Eze', email: 'ngozi@example.com', role: 'staff' };
// The staff list reads the store: a PGlite copy of its own for this file.
let db: TestStore;
beforeAll(async () => {
  db = await openTestStore('pglite');
});
afterAll(async () => {
  await db.cleanup();
});
const signedInAs = (user: SessionUser | null) => makeTestApp({ store: db.store, getUser: async () => user });

describe('server loaders decide before rendering (/staff)', () => {
  it('a signed-out visitor is redirected to sign in and comes back afterwards', async () => {
    const res = await request(signedInAs(null)).get('/staff?page=2');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?returnTo=%2Fstaff%3Fpage%3D2');
  });

  it('a signed-in visitor without the role gets a 403 page with status 403, never cached or indexed', async () => {
    const res = await request(signedInAs(patient)).get('/staff');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Not allowed');
    expect(res.text).toContain('This page is for the clinic’s staff.');
    expect(res.text).not.toContain('Signed in as');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.text).not.toContain('rel="canonical"');
    expect(res.text).not.toContain('application/ld+json');
  });

  it('staff get the page, rendered with what the server loader returned', async () => {
    const res = await request(signedInAs(staff)).get('/staff');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Signed in as Ngozi Eze');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('the same decisions reach a client-side navigation as data requests', async () => {
    const out = await request(signedInAs(null)).get('/staff?_data=%2Fstaff');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ kind: 'redirect', status: 302, location: '/login?returnTo=%2Fstaff' });

    const denied = await request(signedInAs(patient)).get('/staff?_data=%2Fstaff');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ kind: 'error', status: 403, data: { message: 'This page is for the clinic’s front desk.' } });

    const ok = await request(signedInAs(staff)).get('/staff?_data=%2Fstaff');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ kind: 'data', status: 200, data: { staffName: 'Ngozi Eze' } });
    expect(ok.headers['cache-control']).toBe('private, no-store');
  });
});

describe("a page's own server action", () => {
  // server/requests/pages/contact.ts stand-in: sees the form, the user from the request context, and answers 422 on a bad field.
  const contactAction = async ({ request, context }: ActionFunctionArgs) => {
    const form = await request.formData();
    const name = String(form.get('name') ?? '');
    if (!name) return data({ form: 'contact', errors: { name: 'Please enter your name.' } }, { status: 422 });
    return { form: 'contact', thanks: `Thank you, ${name}`, signedIn: context.get(userContext)?.displayName ?? null };
  };
  const app = makeTestApp({ routes: createServerRoutes({ modules: { 'requests/contact': { action: contactAction } } }), getUser: async () => patient });

  it('answers a plain form post (JavaScript off) with the rendered page', async () => {
    const res = await request(app).post('/contact').type('form').send({ name: 'Ada' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Write To Us');
  });

  it('answers the same post as a data request (JavaScript on) with its result and the signed-in user', async () => {
    const res = await request(app).post('/contact?_data=%2Fcontact').set('Sec-Fetch-Site', 'same-origin').type('form').send({ name: 'Ada' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'data', status: 200, data: { form: 'contact', thanks: 'Thank you, Ada', signedIn: 'Amina Bello' } });
  });

  it('carries a status chosen by the action (422) through both paths', async () => {
    expect((await request(app).post('/contact').type('form').send({ name: '' })).status).toBe(422);
    const res = await request(app).post('/contact?_data=%2Fcontact').type('form').send({ name: '' });
    expect(res.status).toBe(422);
    // Returned, not thrown: the page gets it as the action's data, with its status.
    expect(res.body).toEqual({ kind: 'data', status: 422, data: { form: 'contact', errors: { name: 'Please enter your name.' } } });
  });

  it('refuses a form posted from another site', async () => {
    const res = await request(app).post('/contact').set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site').type('form').send({ name: 'Ada' });
    expect(res.status).toBe(403);
  });

  it('answers a data request for an unknown route id with 404', async () => {
    const res = await request(app).get('/contact?_data=nope');
    expect(res.status).toBe(404);
    expect(res.body.kind).toBe('error');
  });

  it('never shows a stack when a server action throws', async () => {
    const broken = makeTestApp({
      routes: createServerRoutes({
        modules: {
          'requests/contact': {
            action: async () => {
              throw new Error('database exploded at /secret/path');
            },
          },
        },
      }),
    });
    const res = await request(broken).post('/contact?_data=%2Fcontact').type('form').send({ name: 'Ada' });
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('/secret/path');
  });
});

describe('binding server halves', () => {
  it('refuses a server loader the route table does not announce (the browser would never ask for it)', () => {
    const bind = serverBinder({ 'requests/contact': { loader: async () => null } });
    expect(() => bind({ id: '/contact', page: 'requests/contact', serverLoader: false, serverAction: false })).toThrow(/serverLoader: true/);
  });

  it('refuses a serverLoader flag without a loader', () => {
    expect(() => serverBinder({})({ id: '/staff', page: 'requests/staff', serverLoader: true, serverAction: false })).toThrow(/exports no loader/);
  });

  it('refuses a server module whose page has no route', () => {
    expect(() => createServerRoutes({ modules: { 'no-such-page': {} } })).toThrow(/no route/);
  });
});
