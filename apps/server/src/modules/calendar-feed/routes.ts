import { errorResponseSchema } from '@lunara/shared/api';
import { calendarFeedSchema } from '@lunara/shared/calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { createCalendarFeed, deleteCalendarFeed, getCalendarFeed, renderCalendarFeed } from './feed-service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };
const memberKey = async (request: { getSessionUser: () => Promise<{ id: string } | null> }) =>
  `calendar-feed:${(await request.getSessionUser())?.id ?? 'visitor'}`;

/**
 * Her calendar subscription (Settings): on, reset, off; and the feed itself, which calendar apps fetch
 * with no session at all (the token in the address is the key), outside /api so its address stays short.
 */
const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  // The events she can open: the community's guard.
  const member = requireSubscriber({ allowStaff: true });
  const tags = ['events'];
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/api/calendar-feed',
    {
      onRequest: member,
      schema: { tags, summary: 'Whether your calendar feed is on', response: { 200: calendarFeedSchema, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return getCalendarFeed(app.db, (await sessionUserOf(request)).id);
    },
  );
  app.post(
    '/api/calendar-feed',
    {
      onRequest: member,
      // Its answer is the link itself: never kept for an Idempotency-Key replay (only its hash is stored).
      config: { rateLimit: { max: 20, timeWindow: 15 * 60_000, keyGenerator: memberKey }, idempotency: false },
      schema: {
        tags,
        summary: 'Turn your calendar feed on, or reset its link (the old one stops working); the link is shown once',
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return createCalendarFeed(app.db, (await sessionUserOf(request)).id, app.config.appUrl);
    },
  );
  app.delete(
    '/api/calendar-feed',
    {
      onRequest: member,
      config: { rateLimit: { max: 20, timeWindow: 15 * 60_000, keyGenerator: memberKey } },
      schema: { tags, summary: 'Turn your calendar feed off', response: { 200: calendarFeedSchema, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return deleteCalendarFeed(app.db, (await sessionUserOf(request)).id);
    },
  );

  app.get(
    '/calendar/:token.ics',
    {
      // Per address: calendar apps fetch hourly; a guesser gets nowhere fast.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Your calendar feed (the address from Settings)',
        params: z.object({ token: z.string().max(100) }),
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const ics = await renderCalendarFeed(app.db, request.params.token, app.config);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(ics);
    },
  );
};

export default calendarFeedRoutes;
