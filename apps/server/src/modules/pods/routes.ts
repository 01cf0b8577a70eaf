import { errorResponseSchema } from '@lunara/shared/api';
import { memberIdSchema } from '@lunara/shared/params';
import {
  goalBodySchema,
  goalUpdateSchema,
  meetingBodySchema,
  podDetailSchema,
  podGoalSchema,
  podListSchema,
  podMeetingSchema,
  podRequestBodySchema,
  podRequestListSchema,
} from '@lunara/shared/pods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { requireVerifiedEmailToPost } from '../posting-rules/posting-guard.ts';
import { decideRequest, listRequests, removeMember } from './pod-decisions.ts';
import { addGoal, deleteGoal, updateGoal } from './pod-goals.ts';
import { cancelMeeting, scheduleMeeting } from './pod-meetings.ts';
import { getPod, leavePod, listPods, requestToJoin } from './pod-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const podId = z.uuid('Unknown pod');
const podParams = z.object({ podId });
const goalParams = z.object({ podId, goalId: z.uuid('Unknown goal') });
const ok = z.object({ ok: z.literal(true) });
const goals = z.object({ goals: z.array(podGoalSchema) });

/** Mentorship pods (community: subscribers and staff); who may do what inside a pod is the service's check. */
const podRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  const tags = ['pods'];

  app.get(
    '/api/pods',
    { schema: { tags, summary: 'Open pods and your own', response: { 200: podListSchema, ...errors } } },
    async (request) => ({ pods: await listPods(app.db, await sessionUserOf(request)) }),
  );
  app.get(
    '/api/pods/:podId',
    {
      schema: {
        tags,
        summary: 'A pod; its members, goals, meetings and conversation for its people only',
        params: podParams,
        response: { 200: podDetailSchema, ...errors },
      },
    },
    async (request) => getPod(app.db, await sessionUserOf(request), request.params.podId),
  );
  app.post(
    '/api/pods/:podId/requests',
    {
      // Its note is text for the mentor: the owner's confirmed-email rule for posting holds here too.
      onRequest: requireVerifiedEmailToPost,
      // A request notifies the mentor: a member asks a few times at most.
      config: {
        rateLimit: {
          max: 10,
          timeWindow: 60 * 60_000,
          hook: 'preHandler',
          keyGenerator: async (request) => `pod-request:${(await sessionUserOf(request)).id}`,
        },
      },
      schema: {
        tags,
        summary: 'Ask to join a pod, with a short note for the mentor',
        params: podParams,
        body: podRequestBodySchema,
        response: {
          200: z.object({ status: z.literal('pending'), membershipId: z.string(), message: z.string() }),
          ...errors,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => requestToJoin(app.db, await sessionUserOf(request), request.params.podId, request.body.note),
  );
  app.delete(
    '/api/pods/:podId/membership',
    {
      schema: {
        tags,
        summary: 'Leave a pod or withdraw a request',
        params: podParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await leavePod(app.db, await sessionUserOf(request), request.params.podId);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/pods/:podId/requests',
    {
      schema: {
        tags,
        summary: 'Pending requests (the mentor or an admin)',
        params: podParams,
        response: { 200: podRequestListSchema, ...errors },
      },
    },
    async (request) => ({
      requests: await listRequests(app.db, await sessionUserOf(request), request.params.podId),
    }),
  );
  for (const decision of ['accept', 'decline'] as const) {
    app.post(
      `/api/pods/:podId/requests/:membershipId/${decision}`,
      {
        schema: {
          tags,
          summary: `${decision === 'accept' ? 'Accept' : 'Decline'} a request (the mentor or an admin)`,
          params: z.object({ podId, membershipId: z.uuid('Unknown request') }),
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        const { podId: pod, membershipId } = request.params;
        await decideRequest(app.db, await sessionUserOf(request), pod, membershipId, decision === 'accept');
        return { ok: true as const };
      },
    );
  }
  app.delete(
    '/api/pods/:podId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove someone from a pod (the mentor or an admin)',
        params: z.object({ podId, userId: memberIdSchema('Unknown member') }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await removeMember(app.db, await sessionUserOf(request), request.params.podId, request.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/pods/:podId/goals',
    {
      schema: {
        tags,
        summary: 'Add a shared goal (the mentor or an admin)',
        params: podParams,
        body: goalBodySchema,
        response: { 200: goals, ...errors },
      },
    },
    async (request) => ({
      goals: await addGoal(app.db, await sessionUserOf(request), request.params.podId, request.body.title),
    }),
  );
  app.patch(
    '/api/pods/:podId/goals/:goalId',
    {
      schema: {
        tags,
        summary: 'Rename or tick a goal (the mentor or an admin)',
        params: goalParams,
        body: goalUpdateSchema,
        response: { 200: goals, ...errors },
      },
    },
    async (request) => ({
      goals: await updateGoal(
        app.db,
        await sessionUserOf(request),
        request.params.podId,
        request.params.goalId,
        request.body,
      ),
    }),
  );
  app.delete(
    '/api/pods/:podId/goals/:goalId',
    {
      schema: {
        tags,
        summary: 'Remove a goal (the mentor or an admin)',
        params: goalParams,
        response: { 200: goals, ...errors },
      },
    },
    async (request) => ({
      goals: await deleteGoal(app.db, await sessionUserOf(request), request.params.podId, request.params.goalId),
    }),
  );

  app.post(
    '/api/pods/:podId/meetings',
    {
      schema: {
        tags,
        summary: 'Schedule a pod meeting, seen by its people only (the mentor or an admin)',
        params: podParams,
        body: meetingBodySchema,
        response: { 200: podMeetingSchema, ...errors },
      },
    },
    async (request) => scheduleMeeting(app.db, await sessionUserOf(request), request.params.podId, request.body),
  );
  app.post(
    '/api/pods/:podId/meetings/:meetingId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a pod meeting (the mentor or an admin)',
        params: z.object({ podId, meetingId: z.uuid('Unknown meeting') }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await cancelMeeting(app.db, await sessionUserOf(request), request.params.podId, request.params.meetingId);
      return { ok: true as const };
    },
  );
};

export default podRoutes;
