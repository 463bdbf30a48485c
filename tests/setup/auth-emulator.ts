import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/auth-emulator.mjs';

/**
 * Starts one Firebase Auth Emulator for all integration test files (a free port, a demo
 * project of its own) and stops it at the end. Tests read its address with inject().
 */
export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ projectId: 'demo-clinic-test' });
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
