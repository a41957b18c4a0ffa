import type { FastifyInstance } from 'fastify';

/**
 * The drain before a shutdown (server/main.ts): readiness answers 503 while every request is still served,
 * each answer with `Connection: close`, so that no keep-alive client sends on a socket about to close.
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
