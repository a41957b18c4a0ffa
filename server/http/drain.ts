import type { FastifyInstance } from 'fastify';

/**
 * The drain before a shutdown (server/main.ts): from `start()` on, readiness answers 503 so that a load
 * balancer stops sending, while every request that still comes is served, and each answer carries
 * `Connection: close`, so that a keep-alive client drops its connection after it instead of sending
 * the next request on a socket the server is about to close (which would end in a reset).
 */
declare module 'fastify' {
  interface FastifyInstance {
    drain: { draining: boolean; start(): void };
  }
}

export function registerDrain(app: FastifyInstance) {
  const drain = {
    draining: false,
    start() {
      drain.draining = true;
    },
  };
  app.decorate('drain', drain);
  // At send time, not at arrival: a request received before the signal and answered after it closes too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
