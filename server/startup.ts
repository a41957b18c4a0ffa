import { loadSettings, type Settings, SettingsError } from './config.ts';
import { FolderLockedError } from './db/folder-lock.ts';
import { DatabaseUnreachableError, MigrationFailedError } from './db/index.ts';
import { SchemaBehindError } from './db/migrate.ts';
import { loadDotenv } from './dotenv.ts';
import { type LogFormat, writeFatal } from './logger.ts';

/** The settings of a command-line entry: the environment, then `.env`; a bad one ends the process, named. */
export function settingsFromEnvironment(): Settings {
  loadDotenv();
  try {
    return loadSettings();
  } catch (error) {
    return fail(error);
  }
}

/** How a failure is written when the settings could not be read: LOG_FORMAT if valid, else as config.ts. */
function fallbackFormat(): { format: LogFormat; deployed: boolean } {
  const env = process.env;
  const named = [env.ENVIRONMENT, env.FASTAPI_ENV, env.NODE_ENV].find((v) => v !== undefined && v !== '');
  // Unnamed is development only without a PostgreSQL server (server/config.ts, environmentOf).
  const development =
    named === undefined
      ? !env.DATABASE_URL && !env.POSTGRES_SERVER
      : ['local', 'development'].includes(named.toLowerCase());
  const format = env.LOG_FORMAT?.trim().toLowerCase();
  return {
    format: format === 'json' || format === 'pretty' ? format : development ? 'pretty' : 'json',
    deployed: !development && named !== 'test',
  };
}

/** Ends the process: a known start-up problem as its message alone, anything else with its stack. */
export function fail(error: unknown, settings?: Pick<Settings, 'logFormat' | 'deployed'>): never {
  const known =
    error instanceof SettingsError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof FolderLockedError ||
    error instanceof SchemaBehindError ||
    error instanceof MigrationFailedError;
  const text =
    error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
  const { format, deployed } = settings
    ? { format: settings.logFormat, deployed: settings.deployed }
    : fallbackFormat();
  // A refused migration names the accounts the operator must fix (0005: addresses and ids), unmasked.
  writeFatal(text, format, deployed && !(error instanceof MigrationFailedError));
  process.exit(1);
}
