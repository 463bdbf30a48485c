// `npm run intake:rekey`: wraps every new-patient form's data key again with the current
// INTAKE_KEK (key rotation, ADR 0044). Run it with the new key in INTAKE_KEK and the old one(s) in
// INTAKE_KEK_PREVIOUS; servers keep working meanwhile (they read both). When it reports no form
// left under an old key, remove that key from INTAKE_KEK_PREVIOUS. With PGlite, stop the server
// first: the embedded database serves one process.
import { ConfigError, loadConfig } from '../config';
import { openAppStore } from '../store';
import { errorFields } from '../../platform/http/error-fields';
import { createLogger } from '../../platform/http/logger';
import { IntakeKeyError } from '../../intake/crypto';
import { resolveIntakeKeyring } from '../../intake/keys';
import { missingKeys, rekeyForms } from '../../intake/rekey';

const logger = createLogger();
try {
  const config = loadConfig();
  const ring = resolveIntakeKeyring({ configured: config.intake.kek, previous: config.intake.previousKeks, dataDir: config.store.dataDir, isProduction: config.isProduction });
  const store = await openAppStore({ databaseUrl: config.store.databaseUrl, dataDir: config.store.dataDir, logger });
  try {
    const { rewrapped, unreadable } = await rekeyForms(store.db, ring);
    const left = await missingKeys(store.db, ring);
    logger.info('intake rekey done', { currentKey: ring.current.id, rewrapped, unreadable });
    if (unreadable || left.length) {
      logger.error(`${unreadable} form(s) could not be rewrapped: their key is not in INTAKE_KEK or INTAKE_KEK_PREVIOUS (${left.map((l) => `${l.forms} under ${l.kekId}`).join(', ') || 'or they were altered'}). Add the old key to INTAKE_KEK_PREVIOUS and run this again.`);
      process.exitCode = 2;
    } else {
      logger.info(`Every form is now under key ${ring.current.id}: the keys in INTAKE_KEK_PREVIOUS are no longer needed.`);
    }
  } finally {
    await store.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof IntakeKeyError) logger.error(error.message);
  else logger.error('intake rekey failed', errorFields(error));
  process.exit(1);
}
