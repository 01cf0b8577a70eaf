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

/**
 * The headers for the API's own answers (JSON, the event stream): a page's policy means nothing to
 * them. What still matters for data (OWASP's REST Security Cheat Sheet): no sniffing it into a page, no
 * framing, no loading it from another origin, nothing allowed if it is ever opened as a document, and
 * HSTS and the referrer policy as for pages. A third of the bytes of a notifications answer were headers.
 */
export function apiHeadersFor(options: HelmetOptions): Record<string, string> {
  return computeSecurityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: options.referrerPolicy ?? true,
    strictTransportSecurity: options.hsts ?? options.strictTransportSecurity ?? true,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/**
 * The API's answers, except its documentation pages (HTML, with a policy of their own), and the stored
 * files under /media: an upload is never a page, so it gets the data policy (nosniff, nothing runs).
 */
const isApiUrl = (url: string) =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/media/');

export default fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const pageHeaders = computeSecurityHeaders(options);
    const apiHeaders = apiHeadersFor(options);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiUrl(request.url) ? apiHeaders : pageHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
