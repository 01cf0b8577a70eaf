import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

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
  const address = request.raw.socket?.remoteAddress;
  const family = address ? isIP(address) : 0;
  if (family === 0 || !LOOPBACK.check(address as string, family === 4 ? 'ipv4' : 'ipv6')) return false;
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
