import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator, type AuthEmulator } from '../../scripts/auth-emulator.mjs';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

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

/** Starts the built site once for all end-to-end files; its URL reaches the tests as E2E_BASE_URL. */
export default async function setup(project: TestProject) {
  const out = process.env.BUILD_OUT ?? 'dist';
  // Sign-in runs against a Firebase Auth Emulator of its own (free port, demo project): offline.
  emulator = await startAuthEmulator({ projectId: 'demo-clinic-e2e' });
  const port = await freePort();
  // A data directory of its own (database, mail as DATA_DIR/outbox/*.eml): never the worktree's .data,
  // which a running `npm run dev` may hold.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_REQUESTS: 'false',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
    FIREBASE_WEB_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: `${emulator.projectId}.firebaseapp.com`,
  };
  server = spawn(process.execPath, [path.resolve(out, 'server/index.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Its first start creates and migrates the embedded database (~8 s unloaded): allow for a loaded machine.
  try {
    await waitFor(`${baseUrl}/healthz`, 180_000, server);
  } catch (error) {
    server.kill('SIGKILL');
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('authEmulatorHost', emulator.host);
  project.provide('authProjectId', emulator.projectId);
  project.provide('dataDir', dataDir);
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
