import { errorResponseSchema } from '@lunara/shared/api';
import {
  circleDetailSchema,
  circleMemberPageSchema,
  circleRequestListSchema,
  circleRoleBodySchema,
  ONLY_ADMINS_SET_HOSTS,
} from '@lunara/shared/circles';
import { cursorSchema, memberIdSchema } from '@lunara/shared/params';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMemberOf, requireRole } from '../../plugins/auth.ts';
import { getCircleDetail, listCircleMembers, removeCircleMember, setCircleMemberRole } from './circle-members.ts';
import { listPendingRequests } from './circle-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const circleId = z.uuid('Unknown circle');
const memberParams = z.object({ circleId, userId: memberIdSchema('Unknown member') });
const ok = z.object({ ok: z.literal(true) });

/**
 * A circle as a place (issue 34): its page, its members and hosts, its join requests. Registered inside
 * the circles plugin, behind its guard (subscribers and staff); who sees and does what inside one circle
 * is circle-access.ts's rule.
 */
export function registerCirclePageRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['circles'];
  app.get(
    '/api/circles/:circleId',
    {
      schema: {
        tags,
        summary: "A circle's page: all of it to members and staff, its outside (or only its name) to others",
        params: z.object({ circleId }),
        response: { 200: circleDetailSchema, ...errors },
      },
    },
    async (request) => getCircleDetail(app.db, await actingMemberOf(request), request.params.circleId),
  );
  app.get(
    '/api/circles/:circleId/members',
    {
      schema: {
        tags,
        summary: "A circle's members, hosts first (its members and staff)",
        params: z.object({ circleId }),
        querystring: z.object({ cursor: cursorSchema.optional() }),
        response: { 200: circleMemberPageSchema, ...errors },
      },
    },
    async (request) =>
      listCircleMembers(app.db, await actingMemberOf(request), request.params.circleId, request.query.cursor),
  );
  app.delete(
    '/api/circles/:circleId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member from a circle (its hosts: members only; moderators, admins)',
        params: memberParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await removeCircleMember(app.db, await actingMemberOf(request), request.params.circleId, request.params.userId);
      return { ok: true as const };
    },
  );
  app.put(
    '/api/circles/:circleId/members/:userId/role',
    {
      // Admins only, refused before the body is read (a staff power: the second factor as configured).
      onRequest: requireRole('admin', ONLY_ADMINS_SET_HOSTS),
      schema: {
        tags,
        summary: "Name a circle's host, or make her a member again (admins)",
        params: memberParams,
        body: circleRoleBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await setCircleMemberRole(
        app.db,
        await actingMemberOf(request),
        request.params.circleId,
        request.params.userId,
        request.body.role,
      );
      return { ok: true as const };
    },
  );
  app.get(
    '/api/circles/:circleId/requests',
    {
      schema: {
        tags,
        summary: "A circle's pending join requests (its hosts, moderators, admins)",
        params: z.object({ circleId }),
        response: { 200: circleRequestListSchema, ...errors },
      },
    },
    async (request) => ({
      requests: await listPendingRequests(app.db, await actingMemberOf(request), request.params.circleId),
    }),
  );
}
