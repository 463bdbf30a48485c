// Production refuses to start without DATABASE_URL. Measurement scripts (bench, measure, load,
// drain) run the production build against the DATABASE_URL given, or else a throw-away
// PostgreSQL cluster from Debian's packages that is removed when they finish.
import { startPostgresCluster } from '../tests/support/postgres-cluster.mjs';

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export async function measurementDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const cluster = await startPostgresCluster();
  if (!cluster) throw new Error('The production build needs PostgreSQL: set DATABASE_URL, or install Debian\'s postgresql package for a throw-away one.');
  const url = await cluster.createDatabase('clinic');
  let stopping = false;
  let stopped = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    stopped = true;
  };
  // Never leave a cluster behind, whatever way the script ends: on 'exit' only synchronous work
  // runs, and Ctrl-C or a kill would end the process without 'exit' unless it is turned into one.
  // A stop() still under way when the script exits (load and drain exit as soon as the server
  // has) is finished here too: otherwise the cluster stopped but its directory stayed in /tmp.
  process.once('exit', () => {
    if (stopped) return;
    stopped = true;
    cluster.stopSync();
  });
  for (const [signal, code] of /** @type {const} */ ([['SIGINT', 130], ['SIGTERM', 143]])) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(code));
  }
  return { url, stop };
}
