import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app/app';
import { loadConfig } from '../../server/app/config';
import { createAdminAuth } from '../../server/platform/session/firebase';
import { silentLogger } from '../../server/platform/http/logger';
import { createSession } from '../../server/platform/session/session';
import { decodePayload, emulatorClient } from '../support/auth-emulator-client';
import { testAssets } from '../support/test-app';
import { openTestStore, type TestStore } from '../support/test-store';

const run = promisify(execFile);
const host = inject('authEmulatorHost');
const projectId = inject('authProjectId');
const emulator = emulatorClient(host, projectId);
const config = loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId });
const handle = createAdminAuth(config.auth)!;
// The staff list reads the store: a PGlite copy of its own for this file.
let db: TestStore;
beforeAll(async () => {
  db = await openTestStore('pglite');
});
afterAll(async () => {
  handle.close();
  await db.cleanup();
});

/**
 * `npm run staff -- …`, as documented: the same script, against this emulator. Each run starts
 * tsx and firebase-admin (seconds on a loaded machine; a test runs up to three), hence the
 * test timeouts below.
 */
async function staffCommand(...args: string[]) {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId, NODE_ENV: 'test' };
  return run(tsx, ['server/app/cli/staff.ts', ...args], { env, timeout: 60_000 });
}

function appWithSession() {
  const session = createSession({ auth: config.auth, admin: handle.auth, secureCookies: false, logger: silentLogger });
  return createApp({ config, assets: testAssets, logger: silentLogger, api: session.api, getUser: session.getUser, store: db.store });
}

async function signIn(app: ReturnType<typeof appWithSession>, email: string) {
  const { idToken } = await emulator.signIn(email, 'correct-horse-7');
  const res = await request(app).post('/api/session').set('Host', 'clinic.test').set('Sec-Fetch-Site', 'same-origin').send({ idToken });
  expect(res.status).toBe(200);
  return { idToken, cookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('session='))!.split(';')[0]! };
}

describe('npm run staff (the roles command) against the Auth Emulator', () => {
  it('grant sets the role claim; revoke removes it and the old session cookie is refused at the next request', { timeout: 90_000 }, async () => {
    const email = `reception.${Date.now()}@example.com`;
    await emulator.signUp(email, 'correct-horse-7', 'Zainab Ali');
    const app = appWithSession();

    const granted = await staffCommand('grant', email);
    expect(granted.stdout).toContain(`${email} is now staff`);
    expect((await handle.full.getUserByEmail(email)).customClaims).toEqual({ role: 'staff' });
    const { idToken, cookie } = await signIn(app, email);
    expect(decodePayload(idToken).role).toBe('staff');
    expect((await request(app).get('/staff').set('Cookie', cookie)).status).toBe(200);
    expect((await staffCommand('list')).stdout).toMatch(new RegExp(`staff\\s+${email.replace(/\./g, '\\.')}`));

    // Revocation works from the second after the sign-in (Firebase compares whole seconds).
    await new Promise((r) => setTimeout(r, 1100));
    const revoked = await staffCommand('revoke', email);
    expect(revoked.stdout).toContain('no longer has a role');
    expect((await handle.full.getUserByEmail(email)).customClaims ?? {}).toEqual({});
    const after = await request(app).get('/staff').set('Cookie', cookie);
    expect(after.status).toBe(302);
    expect(after.headers.location).toBe('/login?returnTo=%2Fstaff');
  });

  it('a session that claims the role loses it at the next request when the claim is removed, even before its tokens are revoked', { timeout: 90_000 }, async () => {
    const email = `admin.${Date.now()}@example.com`;
    await emulator.signUp(email, 'correct-horse-7', 'Musa Bello');
    expect((await staffCommand('grant', email, '--admin')).stdout).toContain('is now admin');
    const app = appWithSession();
    const { cookie } = await signIn(app, email);
    expect((await request(app).get('/staff').set('Cookie', cookie)).status).toBe(200);
    await handle.full.setCustomUserClaims((await handle.full.getUserByEmail(email)).uid, null);
    expect((await request(app).get('/staff').set('Cookie', cookie)).status).toBe(403);
  });

  it('explains an unknown user and a missing identity service in one line each', { timeout: 90_000 }, async () => {
    const missing = await staffCommand('grant', 'nobody@example.com').catch((e: { stderr: string; code: number }) => e);
    expect((missing as { code: number }).code).toBe(1);
    expect((missing as { stderr: string }).stderr).toMatch(/No user with the e-mail nobody@example.com .* register at \/register first, or add --create/);
    const created = await staffCommand('grant', `new.${Date.now()}@example.com`, '--create');
    expect(created.stdout).toMatch(/Created .* with the password \S+/);
    expect(created.stdout).toContain('is now staff');
    const tsx = path.resolve('node_modules/.bin/tsx');
    const env = { PATH: process.env.PATH, DATA_DIR: path.join('/tmp', `no-such-dir-${Date.now()}`) };
    const none = await run(tsx, ['server/app/cli/staff.ts', 'list'], { env }).catch((e: { stderr: string; code: number }) => e);
    expect((none as { stderr: string }).stderr).toMatch(/No identity service.*npm run dev/s);
  });
});
