import { accountSessionListSchema, sessionParamsSchema } from '@lunara/shared/account-settings';
import { errorResponseSchema } from '@lunara/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { listAccountSessions, revokeAccountSession } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const memberKey = async (request: { getSessionUser: () => Promise<{ id: string } | null> }) =>
  `account-sessions:${(await request.getSessionUser())?.id ?? 'visitor'}`;

/**
 * Where she is signed in (account settings). Signing out every other device is better-auth's
 * revoke-other-sessions (auth-endpoints.ts); its list-sessions and revoke-session are not served, since
 * they work with the sessions' tokens.
 */
const accountSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['account'];

  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags,
        summary: 'The devices she is signed in on, most recently active first',
        response: { 200: accountSessionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAccountSessions(app.db, await sessionUserOf(request));
    },
  );

  app.delete(
    '/api/account/sessions/:sessionId',
    {
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000, keyGenerator: memberKey } },
      schema: {
        tags,
        summary: 'Sign one of her other devices out (its event streams end too)',
        params: sessionParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await revokeAccountSession(app.db, await sessionUserOf(request), request.params.sessionId);
      return { ok: true as const };
    },
  );
};

export default accountSessionRoutes;
