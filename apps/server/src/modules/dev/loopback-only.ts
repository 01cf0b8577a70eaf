import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { createAddressList } from '../../lib/trusted-proxy.ts';

const isLoopback = createAddressList(['127.0.0.0/8', '::1']);

/** Headers a proxy adds: behind one, every client would come from the loopback address. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

/**
 * Whether the request comes straight from this machine: judged by the TCP peer (never by a header a
 * client could write), IPv4, IPv6 and IPv4-mapped alike, and not relayed by a proxy.
 */
export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopback(request.raw.socket?.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((header) => request.headers[header] === undefined);
}

/**
 * onRequest hook of the development pages (the outbox shows every reset link): anyone else gets what an
 * address that exists nowhere gets, so nothing tells them the pages are there.
 */
export function loopbackOnly(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (isDirectLoopbackRequest(request)) {
    done();
    return;
  }
  reply.callNotFound();
}
