import { errorResponseSchema } from '@lunara/shared/api';
import {
  claimAssessmentBodySchema,
  myPathwaySchema,
  publicAssessmentSchema,
  submitAssessmentBodySchema,
  submittedAssessmentSchema,
} from '@lunara/shared/assessment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { readPublicAssessment } from './definition-service.ts';
import { claimAssessment, readMyPathway, submitAssessment } from './pathway-service.ts';

const tags = ['assessment'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
// Each result is a row: a member retakes a few times, a visitor takes it once or twice.
const SUBMITS = { max: 10, timeWindow: 15 * 60_000, hook: 'preHandler' as const };

/** The self-assessment and her pathway (issue 29): anyone may take it; a pathway is kept per account. */
const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/assessment',
    {
      schema: {
        tags,
        summary: 'The questions and their answers',
        response: { 200: publicAssessmentSchema, ...errors },
      },
    },
    async () => readPublicAssessment(app.db),
  );

  app.post(
    '/api/assessment/results',
    {
      config: {
        rateLimit: {
          ...SUBMITS,
          keyGenerator: async (request) => `assessment:${(await request.getSessionUser())?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: "Take the assessment: her pathway (a visitor also gets the token that claims it once she's joined)",
        body: submitAssessmentBodySchema,
        response: { 201: submittedAssessmentSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const member = await request.getSessionUser();
      return reply.code(201).send(await submitAssessment(app.db, member?.id ?? null, request.body.answers));
    },
  );

  app.post(
    '/api/assessment/claim',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Keep the result she got as a visitor in her account',
        body: claimAssessmentBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await claimAssessment(app.db, (await sessionUserOf(request)).id, request.body.token);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/assessment/pathway',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Her latest pathway with her progress, and her earlier results',
        response: { 200: myPathwaySchema, ...errors },
      },
    },
    async (request) => readMyPathway(app.db, (await sessionUserOf(request)).id),
  );
};

export default assessmentRoutes;
