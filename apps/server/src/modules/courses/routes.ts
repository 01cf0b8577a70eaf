import { errorResponseSchema } from '@lunara/shared/api';
import { courseListSchema, journeySchema } from '@lunara/shared/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { listCourses } from './catalog-service.ts';
import { getJourney } from './journey-service.ts';

const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the landing page shows the five course cards to visitors.
  app.get(
    '/api/courses',
    { schema: { tags: ['courses'], summary: 'The course catalog', response: { 200: courseListSchema } } },
    async () => ({ courses: await listCourses(app.db) }),
  );

  app.get(
    '/api/me/journey',
    {
      preHandler: requireUser,
      schema: {
        tags: ['courses'],
        summary: "The dashboard's Your Journey figures",
        response: { 200: journeySchema, 401: errorResponseSchema },
      },
    },
    async (request) => getJourney(app.db, (await sessionUserOf(request)).id),
  );
};

export default courseRoutes;
