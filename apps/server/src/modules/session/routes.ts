import { meResponseSchema } from '@lunara/shared/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordDailyVisit } from '../points/member-points-service.ts';
import { getCurrentUser } from './service.ts';

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in member with role and profile, or null for a visitor',
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const member = await request.getSessionUser();
      // Opening the app is the daily visit that keeps the login streak (+1 a day, +50 every 7th).
      if (member)
        await recordDailyVisit(app.db, member.id).catch((error) =>
          request.log.error({ err: error }, 'daily visit not recorded'),
        );
      return getCurrentUser(app.db, member);
    },
  );
};

export default sessionRoutes;
