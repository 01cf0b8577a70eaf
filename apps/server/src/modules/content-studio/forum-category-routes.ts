import {
  adminForumCategoryListSchema,
  adminForumCategorySchema,
  CONTENT_MESSAGES,
  categoryOrderBodySchema,
  createForumCategoryBodySchema,
  updateForumCategoryBodySchema,
} from '@lunara/shared/content-studio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import {
  createForumCategory,
  deleteForumCategory,
  listForumCategories,
  reorderForumCategories,
  updateForumCategory,
} from './forum-category-service.ts';
import { STUDIO_ERRORS, STUDIO_TAGS } from './studio-routes-kit.ts';

const categoryParams = z.object({ categoryId: z.uuid(CONTENT_MESSAGES.categoryNotFound) });

/** The forum categories (issue 28): admins only, every change audited. */
const forumCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/forum-categories',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Every forum category in order, hidden ones included, with topic counts',
        response: { 200: adminForumCategoryListSchema, ...STUDIO_ERRORS },
      },
    },
    async () => ({ categories: await listForumCategories(app.db) }),
  );
  app.post(
    '/api/admin/forum-categories',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Add a forum category (last in the order)',
        body: createForumCategoryBodySchema,
        response: { 201: adminForumCategorySchema, ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await sessionUserOf(request);
      return reply.code(201).send(await createForumCategory(app.db, actor.id, request.body));
    },
  );
  // Before /:categoryId, though the uuid check would refuse "order" there anyway.
  app.put(
    '/api/admin/forum-categories/order',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Set the order of the categories (every category exactly once)',
        body: categoryOrderBodySchema,
        response: { 204: z.null(), ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      await reorderForumCategories(app.db, (await sessionUserOf(request)).id, request.body.categoryIds);
      return reply.code(204).send(null);
    },
  );
  app.patch(
    '/api/admin/forum-categories/:categoryId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Edit a forum category (409 when someone saved it since `version`)',
        params: categoryParams,
        body: updateForumCategoryBodySchema,
        response: { 200: adminForumCategorySchema, ...STUDIO_ERRORS },
      },
    },
    async (request) =>
      updateForumCategory(app.db, (await sessionUserOf(request)).id, request.params.categoryId, request.body),
  );
  app.delete(
    '/api/admin/forum-categories/:categoryId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Delete a forum category that has no topics (409 otherwise: hide it instead)',
        params: categoryParams,
        response: { 204: z.null(), ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteForumCategory(app.db, (await sessionUserOf(request)).id, request.params.categoryId);
      return reply.code(204).send(null);
    },
  );
};

export default forumCategoryRoutes;
