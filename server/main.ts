import path from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { buildApp } from './app.ts';
import { ensureFirstSuperuser } from './bootstrap.ts';
import { loadSettings, SettingsError } from './config.ts';
import { openDatabase } from './db/index.ts';

loadDotenv({ quiet: true });

async function main() {
  let settings: ReturnType<typeof loadSettings>;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(
    settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: path.join(settings.dataDir, 'pglite') },
  );
  const app = await buildApp({ settings, db: database.db });
  await ensureFirstSuperuser(settings, app.users, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
  app.log.info(
    { database: database.driver, mail: app.mailer.mode },
    `serving http://${settings.host}:${settings.port} (API docs at /docs)`,
  );
}

main().catch((error) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
