import { errorResponseSchema } from '@lunara/shared/api';
import { searchQuerySchema, searchResponseSchema } from '@lunara/shared/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingMemberOf, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { searchCommunity } from './search-service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
// As-you-type suggestions are debounced in the browser; this is room for a fast typist, not for a scraper.
const SEARCH_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** Community search (subscribers and staff, as the community's own routes). */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));

  app.get(
    '/api/search',
    {
      config: {
        rateLimit: {
          ...SEARCH_RATE_LIMIT,
          keyGenerator: async (request) => `search:${(await sessionUserOf(request)).id}`,
        },
      },
      schema: {
        tags: ['search'],
        summary: 'Search the community: posts, comments, topics, replies, courses, lessons, events, circles, members',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errors },
      },
    },
    async (request) => {
      // As she acts: staff without the second factor their role requires search as members (auth.ts).
      const viewer = await actingMemberOf(request);
      const viewerId = viewer.id;
      const { q, kind, since, cursor } = request.query;
      return searchCommunity(app.db, {
        viewerId,
        viewerRole: viewer.role,
        blocks: await app.readBlocks(viewerId),
        q,
        kind,
        since,
        offset: cursor,
      });
    },
  );
};

export default searchRoutes;
