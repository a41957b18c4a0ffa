import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasCode, UNDEFINED_TABLE } from '../db/errors.ts';
import type { Database } from '../db/index.ts';
import { knownMigrations, MIGRATE_COMMAND } from '../db/migrate.ts';
import type { OperationHandlers } from '../http/types.ts';
import { testEmail } from '../mail/templates.ts';

/** The check's verdict: `ok` if `check` settles within `ms`, `unreachable` otherwise. */
async function probe<T>(check: () => Promise<T>, ms: number): Promise<T | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** How long readiness waits for Redis to answer before it reads as unreachable (degraded). */
const REDIS_PROBE_MS = 1_000;

/** drizzle's order key of the newest migration this server knows; read once. */
let newestMigration: number | undefined;

/**
 * One query that both reaches the database and reads how far its schema is: behind when the newest
 * migration recorded is older than this server's newest (a database restored from an older backup, a
 * server started on another one's database). The server refuses to start on such a schema; this sees it
 * happen under a running one.
 */
async function databaseState(db: Database): Promise<'ok' | 'schema behind'> {
  newestMigration ??= knownMigrations().at(-1)?.createdAt ?? 0;
  let last: unknown;
  try {
    const result = (await db.execute(
      sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`,
    )) as {
      rows: { last: unknown }[];
    };
    last = result.rows[0]?.last;
  } catch (error) {
    if (hasCode(error, UNDEFINED_TABLE)) return 'schema behind';
    throw error;
  }
  return last !== null && last !== undefined && Number(last) >= newestMigration ? 'ok' : 'schema behind';
}

export function utilHandlers(
  app: FastifyInstance,
): OperationHandlers<'healthCheck' | 'readiness' | 'testEmail'> {
  return {
    // Liveness, as the template's: the process answers. Whether it can serve is the readiness check's.
    async healthCheck() {
      return true;
    },
    async readiness(_request, reply) {
      const [database, redis] = await Promise.all([
        probe(() => databaseState(app.db), 2_000),
        // Bounded here whatever the client's own timeouts (a frozen Redis answers nothing at all), and
        // by this bound alone: a connection still being made is waited for and a ping cut by the
        // client's REDIS_TIMEOUT_MS asked again within it, so a start under load does not read as an outage.
        app.limiter.backend === 'redis'
          ? probe(() => app.limiter.ping(REDIS_PROBE_MS).then(() => 'ok' as const), REDIS_PROBE_MS)
          : ('not used' as const),
      ]);
      const checks = { database, redis };
      // Only what the process cannot serve without takes it out of rotation; Redis down is served with
      // per-process limits, and all instances share one Redis: 503 would take every one out at once.
      const problems = [
        ...(app.drain.draining ? ['shutting down'] : []),
        ...(database === 'unreachable' ? ['database unreachable'] : []),
        ...(database === 'schema behind'
          ? [`database schema behind this server (run \`${MIGRATE_COMMAND}\`)`]
          : []),
      ];
      if (problems.length === 0) return { status: redis === 'unreachable' ? 'degraded' : 'ready', checks };
      reply.code(503);
      return { detail: `Not ready: ${problems.join('; ')}`, checks };
    },
    async testEmail(request, reply) {
      await app.mailDelivery.queue(testEmail(app.templateContext, request.query.email_to));
      reply.code(201);
      return { message: 'Test email sent' };
    },
  };
}
