import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. They depend on nothing in the request,
 * and @fastify/helmet rebuilt helmet (parsing the whole policy) on every request: 4% of the feed's CPU.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export default fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = computeSecurityHeaders(options);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
