import type { FastifyInstance } from 'fastify';
import { ping } from '../db/index.ts';
import type { OperationHandlers } from '../http/types.ts';
import { testEmail } from '../mail/templates.ts';

/** The check's verdict: `ok` if `probe` settles within `ms`, `unreachable` otherwise. */
async function probe(check: () => Promise<unknown>, ms: number): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
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
        probe(() => ping(app.db), 2_000),
        app.limiter.backend === 'redis' ? probe(() => app.limiter.ping(), 1_000) : ('not used' as const),
      ]);
      const checks = { database, redis };
      if (database === 'ok' && redis !== 'unreachable') return { status: 'ready', checks };
      const down = Object.entries(checks)
        .filter(([, state]) => state === 'unreachable')
        .map(([name]) => name);
      reply.code(503);
      return { detail: `Not ready: ${down.join(' and ')} unreachable`, checks };
    },
    async testEmail(request, reply) {
      await app.mailDelivery.queue(testEmail(app.templateContext, request.query.email_to));
      reply.code(201);
      return { message: 'Test email sent' };
    },
  };
}
