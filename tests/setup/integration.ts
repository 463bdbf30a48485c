import type { TestProject } from 'vitest/node';
import { startTestEmulator } from './auth-emulator';
import { prepareStores } from './store';
import { buildTestServer } from './test-server';

/**
 * The integration run's global setup: one Auth Emulator, the stores (a migrated PGlite template,
 * a PostgreSQL cluster with a migrated template database) and the bundled test server, made side
 * by side (each takes seconds, the emulator most of a minute on a loaded machine). If one fails,
 * the others are stopped.
 */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([startTestEmulator(project), prepareStores(project), buildTestServer(project)]);
  const stops = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
