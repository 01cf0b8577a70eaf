import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { createAddressList } from '../../lib/trusted-proxy.ts';

const isLoopback = createAddressList(['127.0.0.0/8', '::1']);

/**
 * The name the page was opened under: a loopback one. A site whose name is made to resolve to 127.0.0.1
 * (DNS rebinding) reaches this port from her own browser, but under its own name, which this refuses.
 */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

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
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) return false;
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
