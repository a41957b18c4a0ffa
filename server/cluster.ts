import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { ensureFirstSuperuser } from './bootstrap.ts';
import type { Settings } from './config.ts';
import { migratePostgres, openDatabase } from './db/index.ts';
import type { Logger } from './logger.ts';
import { compiled } from './paths.ts';
import { createUsersRepository } from './users/repository.ts';

/** This server's own entry, not scripts/start.mjs (which would hash the sources at every fork). */
const workerEntry = fileURLToPath(new URL(compiled ? './main.js' : './main.ts', import.meta.url));

/** True in a worker process of a WEB_CONCURRENCY cluster: its primary has already migrated. */
export const isClusterWorker = cluster.isWorker;

/**
 * With WEB_CONCURRENCY > 1 this process becomes the primary of a node:cluster: it migrates and creates the
 * first superuser once, then forks the workers, which share the port; all else they share lives outside
 * them. A worker that dies is replaced; signals are relayed. True when this process is that primary.
 */
export async function runClusterPrimary(settings: Settings, log: Logger): Promise<boolean> {
  const db = settings.database;
  if (!cluster.isPrimary || settings.webConcurrency <= 1 || db.driver !== 'postgres') return false;

  if (settings.rateLimits.enabled && !settings.redisUrl) {
    log.warn(
      { workers: settings.webConcurrency },
      'rate limits are counted in each worker on its own: set REDIS_URL to share them',
    );
  }
  await migratePostgres(db.url, {
    migrations: db.migrateOnStart ? 'apply' : 'check',
    connectWaitSeconds: db.connectWaitSeconds,
    log,
  });
  log.info('database schema up to date (checked once, before starting the workers; they do not migrate)');
  const database = await openDatabase({ url: db.url }, { migrations: 'check', poolSize: 1 });
  try {
    await ensureFirstSuperuser(settings, createUsersRepository(database.db), log);
  } finally {
    await database.close();
  }

  cluster.setupPrimary({ exec: workerEntry, args: [] });
  let stopping = false;
  const serving = new Set<Worker>();
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => serving.add(worker));
    // Each worker's start-up summary (server/serve.ts); said once, by this process, when all serve.
    worker.on('message', (message: { summary?: string }) => {
      if (announced || !message?.summary || serving.size < settings.webConcurrency) return;
      announced = true;
      const workerPids = [...serving].map((w) => w.process.pid);
      log.info({ workerPids }, `all ${settings.webConcurrency} workers ${message.summary}`);
    });
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    // A worker that never served failed at start-up (database, port): the others would too.
    if (!serving.delete(worker)) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
      stopping = true;
      process.exitCode = code || 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    // `workerPid`: every line already has `pid` (this process's); a second one would make the line ambiguous.
    log.error({ workerPid: worker.process.pid, code, signal }, 'a worker died; starting another');
    fork();
  });
  // Each worker drains on its own; the primary keeps the port open until the last one stops, then exits.
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(
      () => {
        log.error('the workers did not stop in time; exiting');
        process.exit(1);
      },
      (settings.shutdown.timeoutSeconds + 5) * 1000,
    ).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  log.info({ workers: settings.webConcurrency }, `starting ${settings.webConcurrency} worker processes`);
  for (let i = 0; i < settings.webConcurrency; i++) fork();
  return true;
}
