import { errorResponseSchema } from '@lunara/shared/api';
import { circleEventBodySchema, eventListSchema } from '@lunara/shared/circles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMemberOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { requireCircleInside, requireCircleScheduler } from '../circles/circle-access.ts';
import { cancelEvent, createEvent, updateEvent } from './event-management.ts';
import { listCircleEvents } from './event-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const circleParams = z.object({ circleId: z.uuid('Unknown circle') });
const circleEventParams = z.object({ circleId: z.uuid('Unknown circle'), eventId: z.uuid('Unknown event') });
const created = z.object({ id: z.string() });
const ok = z.object({ ok: z.literal(true) });

/**
 * A circle's events (issue 34): its members and staff read them; its hosts and admins schedule, edit and
 * cancel them, through the same code as the admin routes. Another circle's event through this circle's
 * path is a 404.
 */
const circleEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  const tags = ['events'];

  app.get(
    '/api/circles/:circleId/events',
    {
      schema: {
        tags,
        summary: "A circle's upcoming events, circle-only and community ones, soonest first (its members and staff)",
        params: circleParams,
        response: { 200: eventListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      await requireCircleInside(app.db, viewer, request.params.circleId);
      return { events: await listCircleEvents(app.db, viewer, request.params.circleId) };
    },
  );
  app.post(
    '/api/circles/:circleId/events',
    {
      schema: {
        tags,
        summary: "Schedule an event for the circle (its hosts and admins); circle-only unless 'community' is chosen",
        params: circleParams,
        body: circleEventBodySchema,
        response: { 200: created, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const { circleId } = request.params;
      await requireCircleScheduler(app.db, viewer, circleId);
      return { id: await createEvent(app.db, viewer.id, { ...request.body, circleId }, 'circle') };
    },
  );
  app.put(
    '/api/circles/:circleId/events/:eventId',
    {
      schema: {
        tags,
        summary: "Edit one of the circle's events (its hosts and admins); attendees hear of a new title, time or place",
        params: circleEventParams,
        body: circleEventBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const { circleId, eventId } = request.params;
      await requireCircleScheduler(app.db, viewer, circleId);
      await updateEvent(app.db, viewer.id, eventId, { ...request.body, circleId }, { inCircle: circleId });
      return { ok: true as const };
    },
  );
  app.post(
    '/api/circles/:circleId/events/:eventId/cancel',
    {
      schema: {
        tags,
        summary: "Cancel one of the circle's events (its hosts and admins); attendees are told once",
        params: circleEventParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const viewer = await actingMemberOf(request);
      const { circleId, eventId } = request.params;
      await requireCircleScheduler(app.db, viewer, circleId);
      await cancelEvent(app.db, viewer.id, eventId, { inCircle: circleId });
      return { ok: true as const };
    },
  );
};

export default circleEventRoutes;
