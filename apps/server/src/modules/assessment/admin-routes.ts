import { adminAssessmentSchema, saveAssessmentBodySchema } from '@lunara/shared/assessment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { STUDIO_ERRORS, STUDIO_TAGS } from '../content-studio/studio-routes-kit.ts';
import { readAssessment, saveAssessment } from './definition-service.ts';

/** The owner's assessment editor; registered inside the Content Studio's admins-only scope. */
const assessmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/assessment',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'The self-assessment: questions, answers, weights and pathway items',
        response: { 200: adminAssessmentSchema, ...STUDIO_ERRORS },
      },
    },
    async () => readAssessment(app.db),
  );
  app.put(
    '/api/admin/assessment',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Save the whole self-assessment (made from `version`)',
        body: saveAssessmentBodySchema,
        response: { 200: adminAssessmentSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => saveAssessment(app.db, (await sessionUserOf(request)).id, request.body),
  );
};

export default assessmentAdminRoutes;
