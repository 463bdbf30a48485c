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
 * @param {{ port?: number, projectId?: string, log?: (line: string) => void, timeoutMs?: number, restart?: boolean, bin?: string }} [options]
 *   `restart`: if the emulator process ends without `stop()`, say so on stderr (its exit code or
 *   signal, and the end of its debug log, which says why) and start it again on the same port, so
 *   a long test run loses the accounts made so far, not every later sign-in (ADR 0051).
 *   `bin`: the script run as `firebase` (its own tests give a stand-in).
 * @returns {Promise<{ host: string, projectId: string, stop: () => Promise<void>, restarts: () => number, pid: () => number | undefined }>}
 */
export async function startAuthEmulator({ port = 0, projectId = 'demo-clinic', log, timeoutMs = 180_000, restart = false, bin = firebaseBin } = {}) {
  const authPort = await freePort(port);
  // Its own folder: firebase.json with the chosen port, and firebase-debug.log stays out of the repo.
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-emulator-'));
  const host = `127.0.0.1:${authPort}`;
  let stopping = false;
  let restarts = 0;
  // Supervised once it has answered: an emulator that cannot start at all is an error, not a restart.
  let up = false;
  /** @type {Awaited<ReturnType<typeof launch>>} */
  let current;

  async function launch() {
    const base = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
    base.emulators.auth.port = authPort;
    // The hub and logging ports too: their defaults (4400, 4500) would collide with a second emulator.
    base.emulators.hub = { host: '127.0.0.1', port: await freePort() };
    base.emulators.logging = { host: '127.0.0.1', port: await freePort() };
    writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(base, null, 2));
    const child = spawn(process.execPath, [bin, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', path.join(dir, 'firebase.json')], {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Offline and quiet: no update check, no message-of-the-day fetch, no prompts.
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: 'true', FORCE_COLOR: '0' },
    });
    const started = Date.now();
    let output = '';
    const collect = (chunk) => {
      // What it printed last is what says why it stopped: keep the end only.
      output = (output + chunk).slice(-20_000);
      if (log) for (const line of String(chunk).split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const state = { child, exited: false, output: () => output, exit: /** @type {Promise<void>} */ (Promise.resolve()) };
    state.exit = new Promise((resolve) =>
      child.on('exit', (code, signal) => {
        state.exited = true;
        resolve();
        if (up && !stopping && restart && current === state) restartAfter(code, signal, Date.now() - started, output);
      }),
    );
    return state;
  }

  function debugLogTail() {
    try {
      return readFileSync(path.join(dir, 'firebase-debug.log'), 'utf8').split('\n').slice(-40).join('\n');
    } catch {
      return '(no firebase-debug.log)';
    }
  }

  function restartAfter(code, signal, ms, output) {
    restarts += 1;
    process.stderr.write(
      `[auth-emulator] the Auth Emulator on ${host} (project ${projectId}) ended after ${Math.round(ms / 1000)} s without being stopped ` +
        `(exit code ${code}, signal ${signal}); starting it again on the same port (restart ${restarts}).\n` +
        `[auth-emulator] its output ended with:\n${output.slice(-3000)}\n[auth-emulator] its debug log ended with:\n${debugLogTail()}\n`,
    );
    const failed = (error) => {
      if (!stopping) process.stderr.write(`[auth-emulator] could not start it again: ${error instanceof Error ? error.message : error}\n`);
    };
    launch()
      .then((next) => {
        current = next;
        // stop() came while it was being launched: this one is stopped too.
        if (stopping) return kill(next.child, 'SIGTERM');
        return ready(next);
      })
      .catch(failed);
  }

  const kill = (child, signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    stopping = true;
    const state = current;
    if (state && !state.exited) {
      kill(state.child, 'SIGTERM');
      const timer = setTimeout(() => kill(state.child, 'SIGKILL'), 5000);
      await state.exit;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  async function ready(state) {
    const deadline = Date.now() + timeoutMs;
    // What the last probe got, said if it never becomes ready (it once printed "ready" and still was not seen so).
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (state.exited) throw new Error(`Auth emulator exited before it was ready:\n${state.output()}`);
      try {
        const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(10_000) });
        const body = await res.text();
        last = `HTTP ${res.status}: ${body.slice(0, 300)}`;
        if (res.ok && JSON.parse(body).authEmulator?.ready) return;
      } catch (error) {
        // not listening yet
        last = error instanceof Error ? `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`Auth emulator did not start within ${timeoutMs} ms (the last probe of http://${host}/: ${last}):\n${state.output()}`);
  }

  current = await launch();
  try {
    await ready(current);
    up = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, projectId, stop, restarts: () => restarts, pid: () => current.child.pid };
}
