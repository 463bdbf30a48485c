// Starts the Firebase Auth Emulator (firebase-tools) quietly and offline, and waits until it answers.
// Used by `npm run dev` (scripts/start-local.mjs) and by the integration and end-to-end test setups.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const firebaseBin = path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

/** A port nobody listens on right now (0 = let the OS choose). */
export async function freePort(preferred = 0, host = '127.0.0.1') {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, host, () => {
        const address = srv.address();
        srv.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  return (preferred && (await tryPort(preferred))) || (await tryPort(0));
}

/**
 * @param {{ port?: number, projectId?: string, log?: (line: string) => void, timeoutMs?: number }} [options]
 * @returns {Promise<{ host: string, projectId: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator({ port = 0, projectId = 'demo-clinic', log, timeoutMs = 180_000 } = {}) {
  const authPort = await freePort(port);
  // Its own folder: firebase.json with the chosen port, and firebase-debug.log stays out of the repo.
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-emulator-'));
  const base = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
  base.emulators.auth.port = authPort;
  // The hub and logging ports too: their defaults (4400, 4500) would collide with a second emulator.
  base.emulators.hub = { host: '127.0.0.1', port: await freePort() };
  base.emulators.logging = { host: '127.0.0.1', port: await freePort() };
  writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(base, null, 2));

  const child = spawn(process.execPath, [firebaseBin, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', path.join(dir, 'firebase.json')], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Offline and quiet: no update check, no message-of-the-day fetch, no prompts.
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: 'true', FORCE_COLOR: '0' },
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (log) for (const line of String(chunk).split('\n')) if (line.trim()) log(line);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exitedPromise = new Promise((resolve) => child.on('exit', () => ((exited = true), resolve())));

  const host = `127.0.0.1:${authPort}`;
  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Auth emulator exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`http://${host}/`);
      if (res.ok && (await res.json()).authEmulator?.ready) return { host, projectId, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`Auth emulator did not start within ${timeoutMs} ms:\n${output}`);
}
