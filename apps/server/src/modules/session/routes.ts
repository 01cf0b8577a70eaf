import { meResponseSchema } from '@lunara/shared/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openSession } from './service.ts';

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
      return openSession(app.db, await request.getSessionUser(), request.log);
    },
  );
};

export default sessionRoutes;
