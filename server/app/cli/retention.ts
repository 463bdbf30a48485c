// `npm run retention`: deletes closed requests older than RETENTION_MONTHS, and new-patient forms
// INTAKE_RETENTION_MONTHS after their visit, now, with the server's configuration (the server
// also runs both daily). With PGlite, stop the server first:
// the embedded database serves one process.
import { ConfigError, loadConfig } from '../config';
import { formKeySecret } from '../form-key-secret';
import { openAppStore } from '../store';
import { formKeys } from '../../requests/keys';
import { suppressUnsubscribed } from '../../requests/repo';
import { errorFields } from '../../platform/http/error-fields';
import { createLogger } from '../../platform/http/logger';
import { runRetention } from '../../requests/staff/repo';
import { runIntakeRetention } from '../../intake/people';

const logger = createLogger();
try {
  const config = loadConfig();
  const store = await openAppStore({ databaseUrl: config.store.databaseUrl, dataDir: config.store.dataDir, logger });
  try {
    const result = await runRetention(store.db, config.retentionMonths);
    const suppressed = await suppressUnsubscribed(store, formKeys(formKeySecret(config.formKeySecret, config.store.dataDir)));
    logger.info('retention job done', { months: config.retentionMonths, requests: result.requests, mails: result.mails, suppressed });
    const forms = await runIntakeRetention(store.db, config.intake.retentionMonths);
    logger.info('intake retention done', { months: config.intake.retentionMonths, forms });
  } finally {
    await store.close();
  }
} catch (error) {
  // A configuration message names the setting; any other error by its class and code only (a query's message carries its parameters).
  if (error instanceof ConfigError) logger.error(error.message);
  else logger.error('retention failed', errorFields(error));
  process.exit(1);
}
