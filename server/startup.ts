import { loadSettings, type Settings, SettingsError } from './config.ts';
import { FolderLockedError } from './db/folder-lock.ts';
import { DatabaseUnreachableError } from './db/index.ts';
import { SchemaBehindError } from './db/migrate.ts';
import { loadDotenv } from './dotenv.ts';

/**
 * The settings of a command-line entry (server, db:migrate): the environment first, then `.env` in the
 * working folder for what the environment leaves unset (`${NAME}` expanded). A bad setting ends the process with a message
 * that names it.
 */
export function settingsFromEnvironment(): Settings {
  loadDotenv();
  try {
    return loadSettings();
  } catch (error) {
    return fail(error);
  }
}

/** Ends the process: a known start-up problem as its message alone, anything else with its stack. */
export function fail(error: unknown): never {
  const known =
    error instanceof SettingsError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof FolderLockedError ||
    error instanceof SchemaBehindError;
  const text =
    error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
  process.stderr.write(`Start-up failed: ${text}\n`);
  process.exit(1);
}
