import { errorResponseSchema } from '@lunara/shared/api';
import { memberIdSchema } from '@lunara/shared/params';
import {
  LEADERBOARD_PERIODS,
  leaderboardSchema,
  profileDetailSchema,
  updateProfileBodySchema,
} from '@lunara/shared/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { getProfile, updateOwnProfile } from './profile-service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Member profiles and the leaderboard (community: subscribers and admins). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));

  app.get(
    '/api/profiles/:userId',
    {
      schema: {
        tags: ['community'],
        summary: "A member's profile and stats",
        params: z.object({ userId: memberIdSchema('Unknown member') }),
        response: { 200: profileDetailSchema, ...errors },
      },
    },
    async (request) => getProfile(app.db, (await sessionUserOf(request)).id, request.params.userId),
  );
  app.put(
    '/api/profiles/me',
    {
      schema: {
        tags: ['community'],
        summary: 'Edit your own profile',
        body: updateProfileBodySchema,
        response: { 200: profileDetailSchema, ...errors },
      },
    },
    async (request) => updateOwnProfile(app.db, (await sessionUserOf(request)).id, request.body),
  );
  app.get(
    '/api/leaderboard',
    {
      schema: {
        tags: ['community'],
        summary: 'Top 50 by points this week, this month or all time',
        querystring: z.object({ period: z.enum(LEADERBOARD_PERIODS).default('all') }),
        response: { 200: leaderboardSchema, ...errors },
      },
    },
    async (request) => app.readLeaderboard(request.query.period),
  );
};

export default profileRoutes;
