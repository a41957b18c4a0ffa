import { TEXT_MAX } from '../limits.ts';
import { area, inQuery, json } from './operation.ts';
import { ref } from './schema.ts';

const { get, post } = area('utils');

export const utilOperations = [
  post('/utils/test-email/', {
    operationId: 'testEmail',
    auth: 'superuser',
    parameters: [
      inQuery('email_to', { type: 'string', format: 'email', maxLength: TEXT_MAX, title: 'Email To' }, true),
    ],
    idempotent: true,
    status: 201,
    ok: 'Message',
  }),
  get('/utils/health-check/', {
    operationId: 'healthCheck',
    auth: 'none',
    ok: json({ type: 'boolean', title: 'Response Health Check' }),
  }),
  get('/utils/readiness/', {
    operationId: 'readiness',
    auth: 'none',
    description:
      'Whether this process can serve requests now. 200 while it can: `ready`, or `degraded` when a dependency it can serve without is down (Redis: each process then counts rate limits on its own), named in `checks`. 503 only for what it cannot serve without: its database unreachable or its schema behind this server, and from a SIGTERM on for the drain period (SHUTDOWN_DRAIN_SECONDS) while it still serves requests, so that a load balancer takes it out of rotation before it stops. The health check beside it only says the process is up.',
    ok: json(ref('Readiness'), 'Ready, or degraded but able to serve'),
    answers: {
      '503': json(
        ref('NotReady'),
        'Not ready: the database unreachable, the schema behind, or shutting down',
      ),
    },
  }),
];
