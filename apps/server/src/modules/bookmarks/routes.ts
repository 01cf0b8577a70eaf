import { errorResponseSchema } from '@lunara/shared/api';
import { BOOKMARK_KINDS, bookmarkStateSchema, savedPageSchema } from '@lunara/shared/bookmarks';
import { cursorQuerySchema } from '@lunara/shared/feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMemberOf, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { isSaved, listSaved, setBookmark } from './bookmark-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const BOOKMARK_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** Her saved posts and topics (issue 31): private to her, where the community is open. */
const bookmarkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['community'];
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));

  app.get(
    '/api/bookmarks',
    {
      schema: {
        tags,
        summary: 'Her saved posts and topics, newest saved first',
        querystring: cursorQuerySchema,
        response: { 200: savedPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      return listSaved(app.db, viewer, await app.readBlocks(viewer.id), request.query.cursor);
    },
  );
  // One pair of paths per kind, named by its own id (postId, topicId), as the item's own routes are.
  for (const kind of BOOKMARK_KINDS) {
    const idName = `${kind}Id` as const;
    const path = `/api/bookmarks/${kind}s/:${idName}`;
    const params = z.object({ [idName]: z.uuid(kind === 'post' ? 'Unknown post' : 'Unknown topic') });
    const itemIdOf = (request: { params: unknown }) => (request.params as Record<string, string>)[idName] as string;
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Whether she saved this ${kind}`,
          params,
          response: { 200: bookmarkStateSchema, ...errors },
        },
      },
      async (request) => ({ saved: await isSaved(app.db, (await sessionUserOf(request)).id, kind, itemIdOf(request)) }),
    );
    for (const [method, isOn] of [
      ['put', true],
      ['delete', false],
    ] as const) {
      app[method](
        path,
        {
          config: {
            rateLimit: {
              ...BOOKMARK_RATE_LIMIT,
              keyGenerator: async (request) => `bookmark:${(await sessionUserOf(request)).id}`,
            },
          },
          schema: {
            tags,
            summary: isOn ? `Save a ${kind}` : `Remove a ${kind} from her saved list`,
            params,
            response: { 200: bookmarkStateSchema, ...errors },
          },
        },
        async (request) => setBookmark(app.db, await actingMemberOf(request), kind, itemIdOf(request), isOn),
      );
    }
  }
};

export default bookmarkRoutes;
