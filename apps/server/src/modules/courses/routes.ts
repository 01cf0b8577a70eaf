import { errorResponseSchema } from '@lunara/shared/api';
import {
  completeLessonResponseSchema,
  continueLearningSchema,
  courseDetailSchema,
  courseListSchema,
  courseProgressListSchema,
  journeySchema,
  LESSON_ID_PATTERN,
  LESSON_MESSAGES,
  lessonContentSchema,
  lessonPositionBodySchema,
} from '@lunara/shared/courses';
import { positiveInt32Param } from '@lunara/shared/params';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors.ts';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { listCourses } from './catalog-service.ts';
import { downloadCertificate } from './certificate-service.ts';
import { completeLesson } from './complete-lesson.ts';
import { getContinueLearning } from './continue-service.ts';
import { getCourseDetail, listCourseProgress } from './course-service.ts';
import { getJourney } from './journey-service.ts';
import { getLessonContent, saveLessonPosition } from './lesson-service.ts';

const courseParams = z.object({ courseId: positiveInt32Param('Unknown course') });
const lessonParams = courseParams.extend({ lessonId: z.string().regex(LESSON_ID_PATTERN, LESSON_MESSAGES.notFound) });
/** `?preview=1`: an admin sees the course as a member would, drafts included; ignored for anyone else. */
const previewQuery = z.object({ preview: z.literal('1', { message: 'preview can only be 1' }).optional() });
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
// The library's progress checks only the subscription: the admin exception does not apply (spec section 6).
const subscriberOnly = requireSubscriber({ allowStaff: false });

/** onRequest guard: a visitor is asked to sign in, in the lesson page's words. */
const signedInForLesson = async (request: FastifyRequest) => {
  if (!(await request.getSessionUser())) throw unauthorized(LESSON_MESSAGES.signInFirst);
};

// Who may see or do what in a course is decided per course and lesson (lesson-access.ts), not by a
// route guard: visitors open free previews, accounts take free courses, drafts are for previews.
const courseRoutes: FastifyPluginAsyncZod = async (app) => {
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
      schema: {
        tags: ['courses'],
        summary: "A course's outline, each lesson's state for the viewer, and where to resume",
        params: courseParams,
        querystring: previewQuery,
        response: { 200: courseDetailSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      getCourseDetail(app.db, await request.getSessionUser(), request.params.courseId, request.query.preview === '1'),
  );

  app.get(
    '/api/courses/:courseId/lessons/:lessonId',
    {
      schema: {
        tags: ['courses'],
        summary: 'A lesson page: body, video, files, neighbours (records the visit for a member)',
        params: lessonParams,
        querystring: previewQuery,
        response: { 200: lessonContentSchema, ...errors },
      },
    },
    async (request) =>
      getLessonContent(app.db, await request.getSessionUser(), {
        ...request.params,
        preview: request.query.preview === '1',
      }),
  );

  app.put(
    '/api/courses/:courseId/lessons/:lessonId/position',
    {
      // Before the body is read: a visitor is told to sign in, whatever she sent.
      onRequest: signedInForLesson,
      schema: {
        tags: ['courses'],
        summary: "Save where she is in the lesson's video",
        params: lessonParams,
        querystring: previewQuery,
        body: lessonPositionBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saveLessonPosition(app.db, await request.getSessionUser(), {
        ...request.params,
        preview: request.query.preview === '1',
        seconds: request.body.seconds,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/courses/:courseId/lessons/:lessonId/complete',
    {
      onRequest: signedInForLesson,
      schema: {
        tags: ['courses'],
        summary: 'Mark a lesson complete (in order unless the course says otherwise; +20 points the first time)',
        params: lessonParams,
        response: { 200: completeLessonResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) =>
      completeLesson(app.db, await request.getSessionUser(), request.params.courseId, request.params.lessonId),
  );

  app.get(
    '/api/courses/:courseId/certificate',
    {
      onRequest: requireUser,
      schema: {
        tags: ['courses'],
        summary: 'The PDF certificate of a completed course',
        params: courseParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const certificate = await downloadCertificate(app.db, {
        member: await sessionUserOf(request),
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
    '/api/me/continue',
    {
      onRequest: requireUser,
      schema: {
        tags: ['courses'],
        summary: 'The next lesson of the course she was in most recently ("Continue where you left off")',
        response: { 200: continueLearningSchema, 401: errorResponseSchema },
      },
    },
    async (request) => getContinueLearning(app.db, await sessionUserOf(request)),
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
