import { errorResponseSchema } from '@lunara/shared/api';
import {
  attendeeListSchema,
  circleListSchema,
  circleRequestListSchema,
  EVENT_VIEWS,
  eventListSchema,
  eventSchema,
  joinResultSchema,
  rsvpBodySchema,
} from '@lunara/shared/circles';
import { isValidTimeZone } from '@lunara/shared/time-zones';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMemberOf, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { eventCalendarFile, getEvent, listAttendees, listEvents, rsvp } from '../events/event-service.ts';
import { registerCirclePageRoutes } from './circle-page-routes.ts';
import { decideRequest, joinCircle, leaveCircle, listCircles, listPendingRequests } from './circle-service.ts';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const circleParams = z.object({ circleId: z.uuid('Unknown circle') });
const eventParams = z.object({ eventId: z.uuid('Unknown event') });
const ok = z.object({ ok: z.literal(true) });
const timeZone = z.string().max(64).refine(isValidTimeZone, 'Unknown time zone').default('UTC');

/** Sacred Circles and Sacred Events (community: subscribers and admins). */
const circleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  const tags = ['circles'];

  app.get(
    '/api/circles',
    {
      schema: {
        tags,
        summary: 'Active circles with member counts and your status',
        response: { 200: circleListSchema, ...errors },
      },
    },
    async (request) => ({
      circles: await listCircles(app.db, (await sessionUserOf(request)).id),
    }),
  );
  app.post(
    '/api/circles/:circleId/join',
    {
      schema: {
        tags,
        summary: 'Join, or ask to join, a circle',
        params: circleParams,
        response: { 200: joinResultSchema, ...errors },
      },
    },
    async (request) => joinCircle(app.db, (await sessionUserOf(request)).id, request.params.circleId),
  );
  app.delete(
    '/api/circles/:circleId/membership',
    {
      schema: {
        tags,
        summary: 'Leave a circle or withdraw a request',
        params: circleParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await leaveCircle(app.db, (await sessionUserOf(request)).id, request.params.circleId);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/circles/requests',
    {
      schema: {
        tags,
        summary: 'Pending join requests (moderators and admins: all; a host: her circles)',
        response: { 200: circleRequestListSchema, ...errors },
      },
    },
    async (request) => ({
      requests: await listPendingRequests(app.db, await actingMemberOf(request)),
    }),
  );
  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/circles/requests/:requestId/${decision}`,
      {
        schema: {
          tags,
          summary: `${decision === 'approve' ? 'Approve' : 'Decline'} a join request (its circle's hosts, moderators)`,
          params: z.object({ requestId: z.uuid('Unknown request') }),
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        await decideRequest(app.db, await actingMemberOf(request), request.params.requestId, decision === 'approve');
        return { ok: true as const };
      },
    );
  }
  registerCirclePageRoutes(app);

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Upcoming events (all, today, this week, mine) in your time zone',
        querystring: z.object({ view: z.enum(EVENT_VIEWS).default('all'), tz: timeZone }),
        response: { 200: eventListSchema, ...errors },
      },
    },
    async (request) => ({
      events: await listEvents(app.db, await actingMemberOf(request), request.query.view, request.query.tz),
    }),
  );
  app.get(
    '/api/events/:eventId',
    {
      schema: {
        tags: ['events'],
        summary: 'One event, also when it was cancelled (isCancelled)',
        params: eventParams,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (request) => getEvent(app.db, await actingMemberOf(request), request.params.eventId),
  );
  app.put(
    '/api/events/:eventId/rsvp',
    {
      schema: {
        tags: ['events'],
        summary: 'Attend, maybe, or not attend',
        params: eventParams,
        body: rsvpBodySchema,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (request) => rsvp(app.db, await actingMemberOf(request), request.params.eventId, request.body.status),
  );
  app.get(
    '/api/events/:eventId/attendees',
    {
      schema: {
        tags: ['events'],
        summary: "Who's going",
        params: eventParams,
        response: { 200: attendeeListSchema, ...errors },
      },
    },
    async (request) => listAttendees(app.db, await actingMemberOf(request), request.params.eventId),
  );
  app.get(
    '/api/events/:eventId/calendar.ics',
    {
      schema: { tags: ['events'], summary: 'Add to calendar (.ics)', params: eventParams, produces: ['text/calendar'] },
    },
    async (request, reply) => {
      const ics = await eventCalendarFile(app.db, await actingMemberOf(request), request.params.eventId, app.config);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${request.params.eventId}.ics"`)
        .send(ics);
    },
  );
};

export default circleRoutes;
