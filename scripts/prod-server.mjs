// Starts the production build (BUILD_OUT, default dist) on a free loopback port, as `npm start`
// would, with placeholder Firebase settings (never contacted: no session cookies are sent).
// Used by scripts/load.mjs and scripts/drain.mjs.
import { measurementDatabase } from './measure-database.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './auth-emulator.mjs';
import { placeholderFirebaseEnv } from '../tests/support/placeholder-firebase.mjs';

export const buildOut = process.env.BUILD_OUT ?? 'dist';

export function ensureBuild() {
  if (existsSync(path.join(buildOut, 'server', 'index.js'))) return;
  console.log(`[build] no ${buildOut}/server/index.js: building`);
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_OUT: buildOut } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * @param {{ env?: Record<string, string>, nodeArgs?: string[] }} [options]
 * @returns {Promise<{ url: string, port: number, child: import('node:child_process').ChildProcess, lines: string[], exit: Promise<{ code: number | null, signal: string | null, at: number }> }>}
 */
export async function startProdServer({ env = {}, nodeArgs = [] } = {}) {
  ensureBuild();
  const port = await freePort();
  const database = env.DATABASE_URL ? null : await measurementDatabase();
  const child = spawn(process.execPath, [...nodeArgs, path.join(buildOut, 'server', 'index.js')], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_REQUESTS: 'false', FORM_KEY_SECRET: randomBytes(32).toString('base64url'), BOOKING_SECRET: randomBytes(32).toString('base64url'), INTAKE_KEK: randomBytes(32).toString('base64'), ...placeholderFirebaseEnv('load-test-project'), ...(database ? { DATABASE_URL: database.url } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server never outlives the script (Ctrl-C included: measure-database turns it into an exit).
  process.once('exit', () => child.kill('SIGTERM'));
  const lines = [];
  let pending = '';
  let resolveListening;
  const listening = new Promise((resolve) => (resolveListening = resolve));
  const collect = (chunk) => {
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      lines.push(line);
      if (line.includes('"listening"')) resolveListening();
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  void exit.then(() => database?.stop());
  await Promise.race([listening, exit.then(() => Promise.reject(new Error(`server exited at start:\n${lines.join('\n')}`)))]);
  return { url: `http://127.0.0.1:${port}`, port, child, lines, exit };
}
