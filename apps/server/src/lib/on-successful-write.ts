import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Runs `forget` before the answer to every write that succeeded (any method but GET and HEAD, status
 * under 400), so that the member who made it reads what she has just done: a cache's own NOTIFY can
 * arrive after the answer. A refused write changed nothing, and a flood of them should not empty a
 * cache. The answer waits for the promise `forget` returns, if it returns one.
 */
export function onSuccessfulWrite(app: FastifyInstance, forget: (request: FastifyRequest) => unknown): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400;
    const pending = write ? forget(request) : undefined;
    if (!(pending instanceof Promise)) return done(null, payload);
    pending.then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });
}
