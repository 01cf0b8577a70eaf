import { errorResponseSchema } from '@lunara/shared/api';
import {
  reactionKeySchema,
  reactionStateSchema,
  reactorPageSchema,
  reactorsQuerySchema,
} from '@lunara/shared/reactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMemberOf, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { listReactors, setPostReaction } from './reaction-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const postParams = z.object({ postId: z.uuid('Unknown post') });
/** A click each, like a like; a burst past this is a script. Per member, after the guard knows her. */
const REACTION_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** Reactions on posts (issue 31): where the feed is open, subscribers and staff. */
const reactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));

  for (const [method, isOn] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/posts/:postId/reactions/:reaction',
      {
        config: {
          rateLimit: {
            ...REACTION_RATE_LIMIT,
            keyGenerator: async (request) => `reaction:${(await sessionUserOf(request)).id}`,
          },
        },
        schema: {
          tags: ['feed'],
          summary: isOn ? 'React to a post (no points)' : 'Take a reaction back',
          params: postParams.extend({ reaction: reactionKeySchema }),
          response: { 200: reactionStateSchema, ...errors },
        },
      },
      async (request) =>
        setPostReaction(app.db, await actingMemberOf(request), request.params.postId, request.params.reaction, isOn),
    );
  }
  app.get(
    '/api/posts/:postId/reactions',
    {
      schema: {
        tags: ['feed'],
        summary: 'Who gave one reaction to a post, newest first',
        params: postParams,
        querystring: reactorsQuerySchema,
        response: { 200: reactorPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const blocks = await app.readBlocks(viewer.id);
      return listReactors(app.db, viewer, blocks, request.params.postId, request.query.reaction, request.query.cursor);
    },
  );
};

export default reactionRoutes;
