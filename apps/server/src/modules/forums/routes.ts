import { errorResponseSchema } from '@lunara/shared/api';
import { editReplyBodySchema, editTopicBodySchema } from '@lunara/shared/editing';
import { cursorQuerySchema, pinBodySchema } from '@lunara/shared/feed';
import {
  forumCategoryListSchema,
  lockBodySchema,
  replyBodySchema,
  replyPageSchema,
  replySchema,
  topicBodySchema,
  topicDetailSchema,
  topicPageSchema,
} from '@lunara/shared/forums';
import { isModeratorRole } from '@lunara/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { actingMemberOf, requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { hidesAuthor, maskBlocked, maskLastReplier, withoutBlocked } from '../blocks/block-service.ts';
import { visibleForReview } from '../moderation/hidden-content.ts';
import { requireVerifiedEmailToPost } from '../posting-rules/posting-guard.ts';
import { readStatesOf } from '../reads/read-service.ts';
import { listCategories } from './category-service.ts';
import { editReply } from './edit-reply.ts';
import { editTopic } from './edit-topic.ts';
import {
  countTopicView,
  createReply,
  createTopic,
  deleteReply,
  deleteTopic,
  listReplies,
  listTopics,
  moderateTopic,
  readTopic,
} from './topic-service.ts';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const categoryParams = z.object({ categoryId: z.uuid('Unknown category') });
const topicParams = z.object({ topicId: z.uuid('Unknown topic') });
const replyParams = z.object({ replyId: z.uuid('Unknown reply') });
const ok = z.object({ ok: z.literal(true) });

/** Discussion forums (community: subscribers and admins). */
const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  const tags = ['forums'];

  app.get(
    '/api/forums/categories',
    {
      schema: {
        tags,
        summary: 'Active categories with counts and latest topic',
        response: { 200: forumCategoryListSchema, ...errors },
      },
    },
    async () => ({
      categories: await listCategories(app.db),
    }),
  );
  app.get(
    '/api/forums/categories/:categoryId/topics',
    {
      schema: {
        tags,
        summary: "A category's topics: pinned, then latest activity",
        params: categoryParams,
        querystring: cursorQuerySchema,
        response: { 200: topicPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewerId = (await sessionUserOf(request)).id;
      const [page, blocks] = await Promise.all([
        listTopics(app.db, request.params.categoryId, request.query.cursor),
        app.readBlocks(viewerId),
      ]);
      // Her blocks, both ways; the cursor stays the page's last row, so paging goes on where it should.
      const shown = withoutBlocked(page.items, blocks, (topic) => topic.author.id);
      // Per viewer, after the shared read: one bounded statement on this page's topics.
      const readStates = await readStatesOf(app.db, viewerId, shown);
      return {
        ...page,
        items: shown.map((topic) => ({ ...maskLastReplier(topic, blocks), readState: readStates.get(topic.id) })),
      };
    },
  );
  app.post(
    '/api/forums/categories/:categoryId/topics',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags,
        summary: 'Start a topic',
        params: categoryParams,
        body: topicBodySchema,
        response: { 200: topicDetailSchema, ...errors },
      },
    },
    async (request) => createTopic(app.db, (await sessionUserOf(request)).id, request.params.categoryId, request.body),
  );
  app.get(
    '/api/forums/topics/:topicId',
    {
      schema: {
        tags,
        summary: 'A topic (counts one view per member)',
        params: topicParams,
        response: { 200: topicDetailSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const viewerId = viewer.id;
      const [topic, blocks] = await Promise.all([readTopic(app.db, request.params.topicId), app.readBlocks(viewerId)]);
      // Hidden by reports: its author and staff see it, marked; to anyone else it is not there.
      if (visibleForReview([topic], viewerId, isModeratorRole(viewer.role)).length === 0) {
        throw notFound('This topic no longer exists');
      }
      // The same answer as for a deleted topic: a blocked member learns nothing more than that.
      if (hidesAuthor(blocks, topic.author.id)) throw notFound('This topic no longer exists');
      // Her first view counts, and the answer shows it; a topic she may not see counts nothing.
      const isFirstView = await countTopicView(app.db, viewerId, topic.id);
      return maskLastReplier(isFirstView ? { ...topic, viewsCount: topic.viewsCount + 1 } : topic, blocks);
    },
  );
  app.patch(
    '/api/forums/topics/:topicId',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags,
        summary: 'Edit your own unlocked topic (title and first text)',
        params: topicParams,
        body: editTopicBodySchema,
        response: { 200: topicDetailSchema, ...errors },
      },
    },
    async (request) => editTopic(app.db, await actingMemberOf(request), request.params.topicId, request.body),
  );
  app.delete(
    '/api/forums/topics/:topicId',
    {
      schema: {
        tags,
        summary: 'Delete a topic (author while unlocked, or a moderator)',
        params: topicParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteTopic(app.db, await actingMemberOf(request), request.params.topicId);
      return { ok: true as const };
    },
  );
  app.put(
    '/api/forums/topics/:topicId/pin',
    {
      // Before the body is read: a member learns nothing from validation errors.
      onRequest: requireRole('moderator', 'Only moderators and admins can pin or lock topics'),
      schema: {
        tags,
        summary: 'Pin or unpin (moderators)',
        params: topicParams,
        body: pinBodySchema,
        response: { 200: topicDetailSchema, ...errors },
      },
    },
    async (request) =>
      moderateTopic(app.db, await sessionUserOf(request), request.params.topicId, { isPinned: request.body.isPinned }),
  );
  app.put(
    '/api/forums/topics/:topicId/lock',
    {
      // Before the body is read: a member learns nothing from validation errors.
      onRequest: requireRole('moderator', 'Only moderators and admins can pin or lock topics'),
      schema: {
        tags,
        summary: 'Lock or unlock (moderators)',
        params: topicParams,
        body: lockBodySchema,
        response: { 200: topicDetailSchema, ...errors },
      },
    },
    async (request) =>
      moderateTopic(app.db, await sessionUserOf(request), request.params.topicId, { isLocked: request.body.isLocked }),
  );
  app.get(
    '/api/forums/topics/:topicId/replies',
    {
      schema: {
        tags,
        summary: "A topic's replies, oldest first",
        params: topicParams,
        querystring: cursorQuerySchema,
        response: { 200: replyPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const viewerId = viewer.id;
      const [page, blocks] = await Promise.all([
        listReplies(app.db, request.params.topicId, request.query.cursor),
        app.readBlocks(viewerId),
      ]);
      // Replies that reports hide: their author and staff see them, marked; nobody else.
      const seen = visibleForReview(page.items, viewerId, isModeratorRole(viewer.role));
      return { ...page, items: maskBlocked(seen, blocks, (reply) => reply.author.id) };
    },
  );
  app.post(
    '/api/forums/topics/:topicId/replies',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags,
        summary: 'Reply (409 on a locked topic; +5 points)',
        params: topicParams,
        body: replyBodySchema,
        response: { 200: replySchema, ...errors },
      },
    },
    async (request) =>
      createReply(app.db, (await sessionUserOf(request)).id, request.params.topicId, request.body.content),
  );
  app.patch(
    '/api/forums/replies/:replyId',
    {
      onRequest: requireVerifiedEmailToPost,
      schema: {
        tags,
        summary: 'Edit your own reply while the topic is unlocked',
        params: replyParams,
        body: editReplyBodySchema,
        response: { 200: replySchema, ...errors },
      },
    },
    async (request) => editReply(app.db, await actingMemberOf(request), request.params.replyId, request.body.content),
  );
  app.delete(
    '/api/forums/replies/:replyId',
    {
      schema: {
        tags,
        summary: 'Delete a reply (author while unlocked, or a moderator)',
        params: replyParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteReply(app.db, await actingMemberOf(request), request.params.replyId);
      return { ok: true as const };
    },
  );
};

export default forumRoutes;
