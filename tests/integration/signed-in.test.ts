import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app/app';
import { loadConfig } from '../../server/app/config';
import { createAdminAuth, type AdminHandle } from '../../server/platform/session/firebase';
import { silentLogger } from '../../server/platform/http/logger';
import { createSession } from '../../server/platform/session/session';
import { emulatorClient } from '../support/auth-emulator-client';
import { makeTestApp, testAssets } from '../support/test-app';

const host = inject('authEmulatorHost');
const projectId = inject('authProjectId');
const handles: AdminHandle[] = [];
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
});

describe('sign-in pages for a visitor who is already signed in', () => {
  it('/login and /register say who is signed in and offer to sign out, instead of the form', async () => {
    const config = loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId });
    const handle = createAdminAuth(config.auth)!;
    handles.push(handle);
    const session = createSession({ auth: config.auth, admin: handle.auth, secureCookies: false, logger: silentLogger });
    const app = createApp({ config, assets: testAssets, logger: silentLogger, api: session.api, getUser: session.getUser });
    const email = `signed.${Date.now()}@example.com`;
    const { idToken } = await emulatorClient(host, projectId).signUp(email, 'correct-horse-7', 'Fatima Musa');
    const res = await request(app).post('/api/session').set('Host', 'clinic.test').set('Sec-Fetch-Site', 'same-origin').send({ idToken });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('session='))!.split(';')[0]!;
    for (const path of ['/login', '/register']) {
      const page = await request(app).get(path).set('Cookie', cookie);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/You are signed in as <strong>Fatima Musa<\/strong>/);
      const main = page.text.slice(page.text.indexOf('auth__card'));
      expect(main).toMatch(/<form action="\/api\/session\/logout" method="post"><button type="submit" class="btn btn--primary">Sign out<\/button>/);
      expect(main).not.toContain('name="password"');
    }
  });

  it('signed out, the forms are shown', async () => {
    const app = makeTestApp();
    expect((await request(app).get('/login')).text).toContain('name="password"');
    expect((await request(app).get('/register')).text).not.toContain('You are signed in');
  });
});
