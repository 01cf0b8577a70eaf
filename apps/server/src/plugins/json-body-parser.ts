import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { nestsDeeperThan } from '../lib/json-depth.ts';

/** No request of this API nests deeper than a few levels; 32 leaves room and stops any stack exhaustion. */
export const MAX_JSON_DEPTH = 32;

/**
 * Fastify's JSON body parser (secure-json-parse: `__proto__` and `constructor.prototype` refused, the
 * server's body limit) behind a depth check, for every route, better-auth's included.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
    const parse = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
        done(new AppError('BAD_REQUEST', 400, 'The request body is nested too deeply'), undefined);
        return;
      }
      parse(request, body as string, done);
    });
  },
  { name: 'json-body-parser' },
);
