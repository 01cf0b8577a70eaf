import { errorResponseSchema } from '@lunara/shared/api';
import {
  adminCourseListSchema,
  adminCourseSchema,
  adminLessonSchema,
  CONTENT_MESSAGES,
  courseImpactSchema,
  courseOrderBodySchema,
  courseStatusBodySchema,
  createCourseBodySchema,
  createLessonBodySchema,
  moduleBodySchema,
  outlineBodySchema,
  updateCourseBodySchema,
  updateLessonBodySchema,
} from '@lunara/shared/content-studio';
import { LESSON_ID_PATTERN } from '@lunara/shared/courses';
import { positiveInt32Param } from '@lunara/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { deleteStoredNow } from '../media/media-service.ts';
import { listAdminCourses, readAdminCourse, readAdminLesson } from './admin-course-view.ts';
import { duplicateCourse } from './course-duplicate.ts';
import { addModule, deleteModule, renameModule, saveOutline } from './course-outline-service.ts';
import {
  courseImpact,
  createCourse,
  deleteCourse,
  reorderCourses,
  setCourseStatus,
  updateCourse,
} from './course-studio-service.ts';
import { createLesson, deleteLesson, updateLesson } from './lesson-studio-service.ts';
import { STUDIO_ERRORS, STUDIO_TAGS } from './studio-routes-kit.ts';

// The one form of a course id in a path (no "1.0", "+1" or "0x1" standing for course 1).
const courseParams = z.object({ courseId: positiveInt32Param(CONTENT_MESSAGES.courseNotFound) });
const moduleParams = z.object({ moduleId: z.uuid({ message: CONTENT_MESSAGES.moduleNotFound }) });
const lessonParams = z.object({
  lessonId: z.string().regex(LESSON_ID_PATTERN, CONTENT_MESSAGES.lessonNotFound),
});

/** The admin Content area's courses, modules and lessons (issue 28): admins only, every change audited. */
const courseStudioRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).id;

  app.get(
    '/api/admin/courses',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Every course, catalog order',
        response: { 200: adminCourseListSchema, ...STUDIO_ERRORS },
      },
    },
    async () => ({ courses: await listAdminCourses(app.db) }),
  );
  app.post(
    '/api/admin/courses',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Create a draft course with one module',
        body: createCourseBodySchema,
        response: { 201: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      const courseId = await createCourse(app.db, await actorOf(request), request.body);
      return reply.status(201).send(await readAdminCourse(app.db, courseId));
    },
  );
  app.put(
    '/api/admin/courses/order',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Reorder the catalog (every course once)',
        body: courseOrderBodySchema,
        response: { 204: z.null(), ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      await reorderCourses(app.db, await actorOf(request), request.body.courseIds);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/admin/courses/:courseId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'A course with its outline, for the editor',
        params: courseParams,
        response: { 200: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => readAdminCourse(app.db, request.params.courseId),
  );
  app.patch(
    '/api/admin/courses/:courseId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Edit a course (from the version loaded)',
        params: courseParams,
        body: updateCourseBodySchema,
        response: { 200: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => {
      const removed = await updateCourse(app.db, await actorOf(request), request.params.courseId, request.body);
      await deleteStoredNow(app.mediaStorage, request.log, removed);
      return readAdminCourse(app.db, request.params.courseId);
    },
  );
  app.post(
    '/api/admin/courses/:courseId/status',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Publish, unpublish or archive a course',
        params: courseParams,
        body: courseStatusBodySchema,
        response: { 200: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => {
      await setCourseStatus(app.db, await actorOf(request), request.params.courseId, request.body);
      return readAdminCourse(app.db, request.params.courseId);
    },
  );
  app.post(
    '/api/admin/courses/:courseId/duplicate',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Copy a course, its lessons and uploads, as a new draft',
        params: courseParams,
        response: { 201: adminCourseSchema, 503: errorResponseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      const copyId = await duplicateCourse(
        { db: app.db, storage: app.mediaStorage, log: request.log },
        await actorOf(request),
        request.params.courseId,
      );
      return reply.status(201).send(await readAdminCourse(app.db, copyId));
    },
  );
  app.get(
    '/api/admin/courses/:courseId/impact',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'What deleting the course loses',
        params: courseParams,
        response: { 200: courseImpactSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => courseImpact(app.db, request.params.courseId),
  );
  app.delete(
    '/api/admin/courses/:courseId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Delete a course with its lessons, progress and uploads',
        params: courseParams,
        response: { 204: z.null(), ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      const removed = await deleteCourse(app.db, await actorOf(request), request.params.courseId);
      await deleteStoredNow(app.mediaStorage, request.log, removed);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/api/admin/courses/:courseId/outline',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Reorder modules and lessons (lessons may change module)',
        params: courseParams,
        body: outlineBodySchema,
        response: { 200: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => {
      await saveOutline(app.db, await actorOf(request), request.params.courseId, request.body);
      return readAdminCourse(app.db, request.params.courseId);
    },
  );

  app.post(
    '/api/admin/courses/:courseId/modules',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Add a module at the end of the course',
        params: courseParams,
        body: moduleBodySchema,
        response: { 201: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      await addModule(app.db, await actorOf(request), request.params.courseId, request.body);
      return reply.status(201).send(await readAdminCourse(app.db, request.params.courseId));
    },
  );
  app.patch(
    '/api/admin/modules/:moduleId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Rename a module',
        params: moduleParams,
        body: moduleBodySchema,
        response: { 200: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => {
      const courseId = await renameModule(app.db, await actorOf(request), request.params.moduleId, request.body);
      return readAdminCourse(app.db, courseId);
    },
  );
  app.delete(
    '/api/admin/modules/:moduleId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Delete an empty module (not the last)',
        params: moduleParams,
        response: { 200: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => {
      const courseId = await deleteModule(app.db, await actorOf(request), request.params.moduleId);
      return readAdminCourse(app.db, courseId);
    },
  );
  app.post(
    '/api/admin/modules/:moduleId/lessons',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Add a lesson at the end of a module',
        params: moduleParams,
        body: createLessonBodySchema,
        response: { 201: adminLessonSchema, ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      const lessonId = await createLesson(app.db, await actorOf(request), request.params.moduleId, request.body);
      return reply.status(201).send(await readAdminLesson(app.db, lessonId));
    },
  );

  app.get(
    '/api/admin/lessons/:lessonId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'A lesson, for the editor',
        params: lessonParams,
        response: { 200: adminLessonSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => readAdminLesson(app.db, request.params.lessonId),
  );
  app.patch(
    '/api/admin/lessons/:lessonId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Save a lesson (the autosave, from the version loaded)',
        params: lessonParams,
        body: updateLessonBodySchema,
        response: { 200: adminLessonSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => {
      const removed = await updateLesson(app.db, await actorOf(request), request.params.lessonId, request.body);
      await deleteStoredNow(app.mediaStorage, request.log, removed);
      return readAdminLesson(app.db, request.params.lessonId);
    },
  );
  app.delete(
    '/api/admin/lessons/:lessonId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Delete a lesson (its progress and uploads go with it)',
        params: lessonParams,
        response: { 200: adminCourseSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) => {
      const { courseId, removed } = await deleteLesson(app.db, await actorOf(request), request.params.lessonId);
      await deleteStoredNow(app.mediaStorage, request.log, removed);
      return readAdminCourse(app.db, courseId);
    },
  );
};

export default courseStudioRoutes;
