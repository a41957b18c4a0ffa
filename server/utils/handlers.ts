import type { FastifyInstance } from 'fastify';
import type { OperationHandlers } from '../http/types.ts';
import { testEmail } from '../mail/templates.ts';

export function utilHandlers(app: FastifyInstance): OperationHandlers<'healthCheck' | 'testEmail'> {
  return {
    async healthCheck() {
      return true;
    },
    async testEmail(request, reply) {
      await app.mailDelivery.queue(testEmail(app.templateContext, request.query.email_to));
      reply.code(201);
      return { message: 'Test email sent' };
    },
  };
}
