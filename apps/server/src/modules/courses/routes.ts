import { errorResponseSchema } from '@lunara/shared/api';
import {
  completeLessonResponseSchema,
  courseDetailSchema,
  courseListSchema,
  courseProgressListSchema,
  journeySchema,
} from '@lunara/shared/courses';
import { positiveInt32Param } from '@lunara/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { listCourses } from './catalog-service.ts';
import { downloadCertificate } from './certificate-service.ts';
import { completeLesson, getCourseDetail, listCourseProgress } from './course-service.ts';
import { getJourney } from './journey-service.ts';

const courseParams = z.object({ courseId: positiveInt32Param('Unknown course') });
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
// The course pages check only the subscription: the admin exception does not apply (spec section 6).
const subscriberOnly = requireSubscriber({ allowStaff: false });

const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the landing page shows the five course cards to visitors.
  app.get(
    '/api/courses',
    { schema: { tags: ['courses'], summary: 'The course catalog', response: { 200: courseListSchema } } },
    async () => ({ courses: await listCourses(app.db) }),
  );

  app.get(
    '/api/courses/progress',
    {
      onRequest: subscriberOnly,
      schema: {
        tags: ['courses'],
        summary: "The member's progress in every course",
        response: { 200: courseProgressListSchema, ...errors },
      },
    },
    async (request) => listCourseProgress(app.db, (await sessionUserOf(request)).id),
  );

  app.get(
    '/api/courses/:courseId',
    {
      onRequest: subscriberOnly,
      schema: {
        tags: ['courses'],
        summary: 'A course with its lessons, each locked, available or complete',
        params: courseParams,
        response: { 200: courseDetailSchema, ...errors },
      },
    },
    async (request) => getCourseDetail(app.db, (await sessionUserOf(request)).id, request.params.courseId),
  );

  app.post(
    '/api/courses/:courseId/lessons/:lessonId/complete',
    {
      onRequest: subscriberOnly,
      schema: {
        tags: ['courses'],
        summary: 'Mark a lesson complete (in order; +20 points the first time)',
        params: courseParams.extend({ lessonId: z.string().regex(/^[\w-]{1,20}$/, 'Unknown lesson') }),
        response: { 200: completeLessonResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) =>
      completeLesson(app.db, (await sessionUserOf(request)).id, request.params.courseId, request.params.lessonId),
  );

  app.get(
    '/api/courses/:courseId/certificate',
    {
      onRequest: subscriberOnly,
      schema: {
        tags: ['courses'],
        summary: 'The PDF certificate of a completed course',
        params: courseParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const certificate = await downloadCertificate(app.db, {
        userId: (await sessionUserOf(request)).id,
        courseId: request.params.courseId,
        productName: app.config.productName,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${certificate.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(certificate.pdf));
    },
  );

  app.get(
    '/api/me/journey',
    {
      onRequest: requireUser,
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
