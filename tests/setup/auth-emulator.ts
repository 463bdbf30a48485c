import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/auth-emulator.mjs';

/**
 * Starts one Firebase Auth Emulator for all integration test files (a free port, a demo
 * project of its own); answers how to stop it. Tests read its address with inject(). Should it
 * end on its own mid-run, it says why on stderr and is started again on the same port (ADR 0051).
 */
export async function startTestEmulator(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startAuthEmulator({ projectId: 'demo-clinic-test', restart: true });
  project.provide('authEmulatorHost', emulator.host);
  project.provide('authProjectId', emulator.projectId);
  return () => emulator.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    authProjectId: string;
  }
}
