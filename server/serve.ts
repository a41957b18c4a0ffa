import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ensureFirstSuperuser } from './bootstrap.ts';
import { isClusterWorker } from './cluster.ts';
import type { Settings } from './config.ts';
import { type DatabaseHandle, describeUrl, openDatabase } from './db/index.ts';
import type { ErrorReporter } from './error-reporting.ts';
import { checkRedisAtStart } from './limits/redis-check.ts';
import type { Logger } from './logger.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Stops accepting connections, finishes the requests in flight, closes the database. */
  close(): Promise<void>;
}

/** Opens the database as the settings say (migrating or checking its schema), builds the app, listens. */
export async function serve(
  settings: Settings,
  log: Logger,
  errorReporter?: ErrorReporter,
): Promise<RunningServer> {
  const { database: db } = settings;
  // Before the database: a Redis that refuses REDIS_URL's password or database stops start-up at once;
  // one that is down does not (rate limits count in memory until it answers).
  const redisAtStart =
    settings.redisUrl && settings.rateLimits.enabled ? await checkRedisAtStart(settings.redisUrl) : undefined;
  const database = await openDatabase(db, {
    // A cluster's workers only check: their primary has migrated before forking them.
    migrations: db.migrateOnStart && !isClusterWorker ? 'apply' : 'check',
    poolSize: db.poolSize,
    statementTimeoutMs: db.statementTimeoutMs,
    connectWaitSeconds: db.connectWaitSeconds,
    log,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({ settings, db: database.db, loggerInstance: log, errorReporter });
    // A cluster's primary has done it once for all (and said once what it had to say).
    if (!isClusterWorker) await ensureFirstSuperuser(settings, app.users, app.log);
    await app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const backends = {
    database:
      db.driver === 'postgres'
        ? `postgres ${describeUrl(db.url)} (pool ${db.poolSize})`
        : `pglite ${db.dataDir} (embedded, one process)`,
    mail:
      app.mailer.mode === 'smtp' && settings.smtp
        ? `smtp ${settings.smtp.host}:${settings.smtp.port}`
        : `outbox ${settings.dataDir}/outbox (no SMTP_HOST)`,
    storage:
      app.storage.kind === 's3' ? `s3 bucket ${settings.s3?.bucket}` : `disk ${settings.dataDir}/uploads`,
    limits:
      app.limiter.backend !== 'redis'
        ? app.limiter.backend
        : redisAtStart === 'ok'
          ? 'redis (shared by every process)'
          : 'redis, unreachable at start: each process counts on its own until it answers',
  };
  const summary =
    `serving http://${settings.host}:${port} (API docs at /docs) — environment ${settings.environment}; ` +
    `database ${backends.database}; mail ${backends.mail}; storage ${backends.storage}; limits ${backends.limits}`;
  // Said once: a cluster's workers tell their primary, which says it when all of them serve.
  if (isClusterWorker) process.send?.({ summary });
  else log.info(summary);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
