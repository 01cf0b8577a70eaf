import { postingRulesBodySchema, postingRulesSchema } from '@lunara/shared/account-settings';
import { errorResponseSchema } from '@lunara/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { getPostingRules, setPostingRules } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The owner's posting rules: any member reads them (the banner says so), admins set them. */
const postingRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/posting-rules',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Whether posting needs a confirmed email',
        response: { 200: postingRulesSchema, ...errors },
      },
    },
    async () => getPostingRules(app.db),
  );
  app.put(
    '/api/admin/posting-rules',
    {
      onRequest: requireRole('admin'),
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['admin'],
        summary: 'Require a confirmed email before posting (audited)',
        body: postingRulesBodySchema,
        response: { 200: postingRulesSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => setPostingRules(app.db, (await sessionUserOf(request)).id, request.body),
  );
};

export default postingRulesRoutes;
