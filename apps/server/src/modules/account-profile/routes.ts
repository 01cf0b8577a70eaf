import { errorResponseSchema } from '@lunara/shared/api';
import { profileDetailSchema, updateProfileBodySchema } from '@lunara/shared/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { updateOwnProfile } from '../profiles/profile-service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

/**
 * Her name and bio from account settings, for every signed-in member: the community's
 * `PUT /api/profiles/me` is for members and staff, but a free member's name is on her certificates too.
 * The same service and schema; the photo is the avatar upload, open to every account already.
 */
const accountProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/account/profile',
    {
      onRequest: requireUser,
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 15 * 60_000,
          keyGenerator: async (request) => `account-profile:${(await request.getSessionUser())?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['account'],
        summary: 'Change her name and bio (account settings)',
        body: updateProfileBodySchema,
        response: { 200: profileDetailSchema, ...errors },
      },
    },
    async (request) => updateOwnProfile(app.db, (await sessionUserOf(request)).id, request.body),
  );
};

export default accountProfileRoutes;
