import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the web app's renderer sends a read through (its ApiTransport: apps/web/src/lib/api-client.ts). */
export type PageReadTransport = (path: string, init: RequestInit) => Promise<Response>;

/** A status whose Response may carry no body. */
const BODILESS = new Set([101, 204, 205, 304]);

/**
 * Answers the reads of a page the server prerenders for this request, as the API would answer the
 * browser's own: each one goes through the app (app.inject) with the request's cookie, address, host and
 * browser, so every guard, rate limit and permission of the route applies to it as it is. Only GETs of
 * the API: rendering a page changes nothing.
 */
export function answerPageReads(app: FastifyInstance, request: FastifyRequest): PageReadTransport {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['cookie', 'host', 'user-agent', 'accept-language'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (path, init) => {
    const method = init.method ?? 'GET';
    // As the request will be read: "/api/../x" is "/x" (a course id from the address is in the path).
    if (method !== 'GET' || !new URL(path, 'http://page.invalid').pathname.startsWith('/api/')) {
      throw new Error(`A prerendered page may only read the API, not ${method} ${path}`);
    }
    const response = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
    const contentType = response.headers['content-type'];
    return new Response(BODILESS.has(response.statusCode) ? null : response.body, {
      status: response.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}
