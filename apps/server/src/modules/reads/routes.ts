import { errorResponseSchema } from '@lunara/shared/api';
import { feedVisitSchema, topicReadSchema } from '@lunara/shared/reads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMemberOf, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { markCategoryRead, markTopicRead, recordFeedVisit } from './read-service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const topicParams = z.object({ topicId: z.uuid('Unknown topic') });
const categoryParams = z.object({ categoryId: z.uuid('Unknown category') });
const ok = z.object({ ok: z.literal(true) });

/** A page sends each once per view; a burst past these is a script (the session is resolved first). */
const perMember = (prefix: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: async (request: Parameters<typeof sessionUserOf>[0]) =>
      `${prefix}:${(await sessionUserOf(request)).id}`,
  },
});

/** What is new to her since she last looked: her own read marks (community: subscribers and staff). */
const readRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));

  app.post(
    '/api/forums/topics/:topicId/read',
    {
      config: perMember('topic-read', 120),
      schema: {
        tags: ['forums'],
        summary: 'Mark a topic read (answers when she had opened it before)',
        params: topicParams,
        response: { 200: topicReadSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      return markTopicRead(app.db, viewer, request.params.topicId, await app.readBlocks(viewer.id));
    },
  );
  app.post(
    '/api/forums/categories/:categoryId/read',
    {
      config: perMember('category-read', 30),
      schema: {
        tags: ['forums'],
        summary: 'Mark all topics of a category read',
        params: categoryParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await markCategoryRead(app.db, (await sessionUserOf(request)).id, request.params.categoryId);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/feed/visit',
    {
      config: perMember('feed-visit', 60),
      schema: {
        tags: ['feed'],
        summary: 'Open the feed (answers her previous visit; at most one write a minute)',
        response: { 200: feedVisitSchema, ...errors },
      },
    },
    async (request) => recordFeedVisit(app.db, (await sessionUserOf(request)).id),
  );
};

export default readRoutes;
