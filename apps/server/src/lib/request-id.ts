import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ProxyTrust } from './trusted-proxy.ts';

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * Fastify's `genReqId`: each request's id (logged with every line, sent back as X-Request-Id) is made
 * here, unless a trusted proxy (TRUST_PROXY) sent a well-formed one to follow the request through. A
 * client's own id would let it write what it likes into the log and pass itself off as another request.
 */
export function createRequestIdGenerator(trust: ProxyTrust): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = request.headers['x-request-id'];
    const fromTrustedProxy = trust(request.socket?.remoteAddress, 0);
    return fromTrustedProxy && typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}
