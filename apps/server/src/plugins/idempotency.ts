import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_STILL_RUNNING,
} from '@lunara/shared/idempotency';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, conflict } from '../errors.ts';
import {
  claimIdempotencyKey,
  forgetIdempotencyKey,
  type IdempotencyClaim,
  recordIdempotentAnswer,
} from '../modules/idempotency/idempotency-service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route's answer holds a secret shown once (a calendar feed's address, kept only as a
     * hash), so it is never recorded for a replay; a repeat simply runs again.
     */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs; its answer is recorded under it when sent. */
    idempotencyClaim?: IdempotencyClaim;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a repeat waits for the first request of its key to finish before giving up with a 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

/**
 * A signed-in member's write that carries an Idempotency-Key is done once: a repeat with the same key and
 * the same request gets the first successful answer (marked `Idempotent-Replayed: true`), one that arrives
 * while the first runs waits for it, and the same key on a different request is a 409. Only successes are
 * kept: after a failure the key is free, so the member can correct and resend. Runs as a preHandler, after
 * the route's guards and validation, so a refused request never claims a key.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (key === undefined || !WRITE_METHODS.has(request.method)) return;
      if (request.routeOptions.config.idempotency === false) return;
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw new AppError('BAD_REQUEST', 400, IDEMPOTENCY_KEY_INVALID);
      }
      const member = await request.getSessionUser();
      if (!member) return;
      const requestHash = hashRequest(request);
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const outcome = await claimIdempotencyKey(app.db, { userId: member.id, key, requestHash });
        if (outcome.kind === 'claimed') {
          request.idempotencyClaim = outcome.claim;
          return;
        }
        if (outcome.kind === 'mismatch') throw conflict(IDEMPOTENCY_KEY_REUSED);
        if (outcome.kind === 'answered') return replay(reply, outcome.answer);
        if (Date.now() > deadline) throw conflict(IDEMPOTENCY_KEY_STILL_RUNNING);
        await sleep(POLL_MS);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
      if (succeeded && (typeof payload === 'string' || payload === null || payload === undefined)) {
        await recordIdempotentAnswer(app.db, claim, {
          statusCode: reply.statusCode,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          body: payload ?? '',
        });
      } else {
        await forgetIdempotencyKey(app.db, claim);
      }
      return payload;
    });

    // A request that never reaches onSend (the client went away mid-handler) frees its key too.
    app.addHook('onResponse', async (request) => {
      const claim = request.idempotencyClaim;
      if (claim) await forgetIdempotencyKey(app.db, claim);
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);

function hashRequest(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

function replay(reply: FastifyReply, answer: { statusCode: number; contentType: string; body: string }) {
  return reply
    .code(answer.statusCode)
    .header('content-type', answer.contentType)
    .header('idempotent-replayed', 'true')
    .send(answer.body);
}
