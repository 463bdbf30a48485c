// `npm run measure -- --editor [--intent]`: the site editor's pages (issue 45, /staff/content),
// measured like any other, signed in as an editor. Production refuses the Auth Emulator, so the
// build's server runs with NODE_ENV=test beside an emulator of its own (as the end-to-end tests
// run it, tests/e2e/global-setup.ts); the editor is made there (`npm run staff -- grant`), signs
// in through the emulator's REST API and gets the server's session cookie (POST /api/session),
// which every browser context and document request then carries. The pages: a service's editing
// screen (its price field, Save draft, Publish now) and a post's (its text's toolbar).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort, startAuthEmulator } from './auth-emulator.mjs';

const run = promisify(execFile);
const PROJECT = 'demo-clinic-measure';

/** The Auth Emulator, and the environment the server needs to verify its sign-ins. */
export async function startEditorAuth() {
  const emulator = await startAuthEmulator({ port: await freePort(), projectId: PROJECT });
  return {
    emulator,
    env: {
      NODE_ENV: 'test',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: emulator.projectId,
      FIREBASE_WEB_API_KEY: 'demo-api-key',
      FIREBASE_AUTH_DOMAIN: `${emulator.projectId}.firebaseapp.com`,
    },
  };
}

/** The emulator's REST API (identitytoolkit), as the browser's SDK calls it. */
async function identity(host, path, body) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`measure --editor: ${path}: ${json.error?.message ?? res.status}`);
  return json;
}

/**
 * A new editor, signed in: the session cookie (as the browser context takes it) and the editor's
 * pages to measure.
 * @returns {Promise<{ paths: string[], cookies: { name: string, value: string, domain: string, path: string }[] }>}
 */
export async function prepareEditor(base, { emulator, env }, serverEnv) {
  const email = `measure.editor.${Date.now()}@example.com`;
  const password = 'measure-editor-2026';
  await identity(emulator.host, 'accounts:signUp', { email, password, returnSecureToken: true });
  // The role, granted as the clinic's admin grants it (a custom claim on the account).
  await run('npm', ['run', '--silent', 'staff', '--', 'grant', email, '--role', 'editor'], { env: { ...process.env, ...serverEnv, ...env }, timeout: 180_000 });
  // Signed in again: the new token carries the role.
  const { idToken } = await identity(emulator.host, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const res = await fetch(`${base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', Origin: base, 'Sec-Fetch-Site': 'same-origin' }, body: JSON.stringify({ idToken }) });
  if (!res.ok) throw new Error(`measure --editor: POST /api/session answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: new URL(base).hostname, path: '/' };
  });
  const header = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  /** The first editing screen the list of a kind links to. */
  const first = async (kind) => {
    const html = await (await fetch(`${base}/staff/content/${kind}`, { headers: header })).text();
    const id = new RegExp(`href="/staff/content/${kind}/([^"/?#]+)"`).exec(html)?.[1];
    if (!id) throw new Error(`measure --editor: /staff/content/${kind} lists nothing to edit (signed in? ${html.length} bytes)`);
    return `/staff/content/${kind}/${id}`;
  };
  return { paths: [await first('service'), await first('post')], cookies };
}
