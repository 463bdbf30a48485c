// `npm run dev`: the development server, with the Firebase Auth Emulator when no Firebase
// settings are in the environment, so a fresh clone can register and sign in offline.
// `npm run dev:server` (scripts/dev.mjs alone) runs without any identity service.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startAuthEmulator } from './auth-emulator.mjs';

const firebaseKeys = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_PROJECT_ID', 'FIREBASE_WEB_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'FIREBASE_SERVICE_ACCOUNT_JSON'];
const configured = firebaseKeys.filter((k) => process.env[k]);
const env = { ...process.env };
let emulator;
// `npm run staff` finds the emulator here (server/accounts/emulator-file.ts reads it).
const emulatorFile = path.join(process.env.DATA_DIR || '.data', 'auth-emulator.json');

if (configured.length === 0) {
  const projectId = 'demo-clinic';
  console.log('[dev] no Firebase settings: starting the Firebase Auth Emulator (project demo-clinic)…');
  emulator = await startAuthEmulator({ port: Number(process.env.AUTH_EMULATOR_PORT ?? 9099), projectId });
  console.log(`[dev] Auth Emulator ready at http://${emulator.host}`);
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  env.FIREBASE_PROJECT_ID = projectId;
  mkdirSync(path.dirname(emulatorFile), { recursive: true });
  writeFileSync(emulatorFile, JSON.stringify({ host: emulator.host, projectId, pid: process.pid }, null, 2) + '\n');
} else {
  console.log(`[dev] using the Firebase settings from the environment (${configured.join(', ')})`);
}

const server = spawn(process.execPath, ['scripts/dev.mjs'], { env, stdio: 'inherit' });
// The dev server stops first (it may finish requests), then the emulator.
server.on('exit', async (code, signal) => {
  if (emulator) rmSync(emulatorFile, { force: true });
  await emulator?.stop();
  process.exit(code ?? (signal ? 0 : 1));
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
