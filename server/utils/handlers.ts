import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasCode, UNDEFINED_TABLE } from '../db/errors.ts';
import type { Database } from '../db/index.ts';
import { knownMigrations, MIGRATE_COMMAND } from '../db/migrate.ts';
import type { OperationHandlers } from '../http/types.ts';
import { answeredWithin } from '../limits/rate-limiter.ts';
import { testEmail } from '../mail/templates.ts';

/** What `check` answers within `ms`, else `unreachable`. */
const probe = <T>(check: () => Promise<T>, ms: number) =>
  answeredWithin(check(), ms).catch(() => 'unreachable' as const);

/** How long readiness waits for Redis to answer before it reads as unreachable (degraded). */
const REDIS_PROBE_MS = 1_000;

/** drizzle's order key of the newest migration this server knows; read once. */
let newestMigration: number | undefined;

/** One query that reaches the database and reads whether its schema is behind (an old backup restored). */
async function databaseState(db: Database): Promise<'ok' | 'schema behind'> {
  newestMigration ??= knownMigrations().at(-1)?.createdAt ?? 0;
  let last: unknown;
  try {
    const query = sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`;
    const { rows } = (await db.execute(query)) as { rows: { last: unknown }[] };
    last = rows[0]?.last;
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
        // Bounded by this bound alone, not one command's: a start under load is not an outage (`pingWithin`).
        app.limiter.backend === 'redis'
          ? probe(() => app.limiter.ping(REDIS_PROBE_MS).then(() => 'ok' as const), REDIS_PROBE_MS)
          : ('not used' as const),
      ]);
      const checks = { database, redis };
      // Only what the process cannot serve without takes it out of rotation; Redis down is served with
      // per-process limits, and all instances share one Redis: 503 would take every one out at once.
      const problems = [
        app.drain.draining && 'shutting down',
        database === 'unreachable' && 'database unreachable',
        database === 'schema behind' && `database schema behind this server (run \`${MIGRATE_COMMAND}\`)`,
      ].filter(Boolean);
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
