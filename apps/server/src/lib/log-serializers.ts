import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret (reset and verification links, sign-in tokens). */
const SECRET_QUERY = /([?&](?:token|code|secret)=)[^&#]*/gi;

/**
 * A request's address as the log may keep it: a calendar feed's path is its member's secret (whoever
 * reads it reads her events), and so are tokens in a query string. Logs go to hosts and people who
 * should not be able to subscribe as her.
 */
export function redactSecretUrl(url: string): string {
  return url.replace(/^\/calendar\/[^/?#]+/, '/calendar/[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's own request serializer, with the address redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactSecretUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
