import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startAuthEmulator, type AuthEmulator } from '../../scripts/auth-emulator.mjs';
import { copyPgliteTemplateInto, pgliteTemplate } from '../support/pglite-template';
import { serverArgs } from './server-args';

async function waitFor(url: string, timeoutMs: number, child: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

let server: ChildProcess | undefined;
let emulator: AuthEmulator | undefined;

/**
 * Starts the built site once for all end-to-end files; its URL reaches the tests as inject('baseUrl').
 * The Auth Emulator and the server start side by side (the server only reaches the emulator on
 * a sign-in), and the server opens a copy of the migrated embedded database the integration
 * tests share (tests/support/pglite-template.ts) instead of creating its own: on a loaded
 * machine each of those was most of a minute before the first test.
 */
export default async function setup(project: TestProject) {
  const out = process.env.BUILD_OUT ?? 'dist';
  // Sign-in runs against a Firebase Auth Emulator of its own (free port, demo project): offline.
  const projectId = 'demo-clinic-e2e';
  const authHost = `127.0.0.1:${await freePort()}`;
  const emulatorStarting = startAuthEmulator({ port: Number(authHost.split(':')[1]), projectId, restart: true });
  emulatorStarting.catch(() => {}); // awaited below
  const port = await freePort();
  // A data directory of its own (database, mail as DATA_DIR/outbox/*.eml): never the worktree's .data,
  // which a running `npm run dev` may hold.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let templateDir: string;
  try {
    templateDir = await pgliteTemplate();
    copyPgliteTemplateInto(templateDir, dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_WEB_API_KEY: 'demo-api-key',
      FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      // Every test's browser comes from 127.0.0.1: the booking's limit per address (10 an hour by
      // default, ADR 0042) would count the whole suite as one visitor. The caps per phone stay.
      BOOKING_MAX_PER_ADDRESS_PER_HOUR: '1000',
    };
    server = spawn(process.execPath, serverArgs(out), { env, stdio: ['ignore', 'inherit', 'inherit'] });
    const [started] = await Promise.all([emulatorStarting, waitFor(`${baseUrl}/healthz`, 180_000, server)]);
    emulator = started;
    // The port was free a moment before the emulator took it; had another process taken it in between, say so.
    if (emulator.host !== authHost) throw new Error(`The Auth Emulator started on ${emulator.host}, not ${authHost}, which the server was given`);
  } catch (error) {
    server?.kill('SIGKILL');
    await (emulator ?? (await emulatorStarting.catch(() => undefined)))?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('authEmulatorHost', emulator.host);
  project.provide('authProjectId', emulator.projectId);
  project.provide('dataDir', dataDir);
  project.provide('pgliteTemplateDir', templateDir);
  return async () => {
    const exited = server && server.exitCode === null ? new Promise((r) => server!.once('exit', r)) : null;
    server?.kill('SIGTERM');
    await emulator?.stop();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorHost: string;
    authProjectId: string;
    /** The server's DATA_DIR: mail it sends is in DATA_DIR/outbox/*.eml. */
    dataDir: string;
  }
}
