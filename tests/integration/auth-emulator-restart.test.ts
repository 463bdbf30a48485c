import path from 'node:path';
import { expect, it } from 'vitest';
import { startAuthEmulator } from '../../scripts/auth-emulator.mjs';

// The runs' Auth Emulator is started once for a whole run (tests/setup/auth-emulator.ts,
// tests/e2e/global-setup.ts). Once in a clean run it ended mid-run and every later test that
// signed in met ECONNREFUSED; now it is started again on the same port when it ends without
// being stopped, and says so (ADR 0051). Here: killed from outside, as an unexplained end would
// come, it answers again at the same address. The emulator is a stand-in that answers the
// readiness probe (tests/support/fake-auth-emulator.mjs): what is tested is the supervision, and
// the real one costs most of a minute of CPU to start on a loaded machine.

const answers = async (host: string) => {
  try {
    const res = await fetch(`http://${host}/`);
    return res.ok && (((await res.json()) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready ?? false);
  } catch {
    return false;
  }
};

it('an Auth Emulator that ends without being stopped is started again on the same port', async () => {
  const emulator = await startAuthEmulator({ projectId: 'demo-clinic-restart', restart: true, bin: path.resolve('tests/support/fake-auth-emulator.mjs') });
  try {
    expect(await answers(emulator.host)).toBe(true);
    const first = emulator.pid()!;
    process.kill(-first, 'SIGKILL');
    await expect.poll(() => emulator.restarts(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => answers(emulator.host), { timeout: 10_000 }).toBe(true);
    expect(emulator.pid()).not.toBe(first);
  } finally {
    await emulator.stop();
  }
  // Stopped on purpose: not started again.
  await expect.poll(() => answers(emulator.host), { timeout: 10_000 }).toBe(false);
  expect(emulator.restarts()).toBe(1);
});
