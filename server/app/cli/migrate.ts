// `npm run db:migrate` (and `node dist/server/migrate.js` in the production image): applies
// pending migrations with the same configuration as the server, then exits.
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../../platform/http/logger';
import { openAppStore } from '../store';

const logger = createLogger();
try {
  const config = loadConfig();
  const store = await openAppStore({ databaseUrl: config.store.databaseUrl, dataDir: config.store.dataDir, logger });
  await store.close();
} catch (error) {
  logger.error(error instanceof ConfigError ? error.message : `migration failed: ${(error as Error).message}`);
  process.exit(1);
}
