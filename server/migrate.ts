// `npm run db:migrate`: brings the database's schema up to date and exits. Safe to run from several
// machines at once (an advisory lock on PostgreSQL, the folder lock on the embedded database).
import { openDatabase } from './db/index.ts';
import { createLogger } from './logger.ts';
import { fail, settingsFromEnvironment } from './startup.ts';

const settings = settingsFromEnvironment();
const log = createLogger({ ...settings, logLevel: settings.logLevel === 'silent' ? 'silent' : 'info' });
for (const notice of settings.notices) log.warn(notice);
const { database } = settings;

try {
  const started = Date.now();
  const handle = await openDatabase(database, {
    migrations: 'apply',
    poolSize: 1,
    connectWaitSeconds: database.connectWaitSeconds,
    log,
  });
  await handle.close();
  log.info(`database schema up to date (${database.driver}, ${Date.now() - started} ms)`);
} catch (error) {
  fail(error, settings);
}
