import { errorResponseSchema } from '@lunara/shared/api';
import { cursorSchema, memberIdSchema } from '@lunara/shared/params';
import {
  suspendMemberBodySchema,
  suspensionEnd,
  suspensionHistorySchema,
  suspensionSchema,
} from '@lunara/shared/suspensions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { liftSuspension, listSuspensions, type SuspensionRow, suspendMember } from './suspension-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const params = z.object({ userId: memberIdSchema('Unknown member') });
const STAFF_ONLY = 'Only moderators and admins can manage suspensions';

const shape = (row: SuspensionRow) =>
  suspensionSchema.parse({
    id: row.id,
    memberId: row.memberId,
    reason: row.reason,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: null,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftedBy: null,
    active: row.liftedAt === null && (row.endsAt === null || row.endsAt.getTime() > Date.now()),
  });

/**
 * Suspensions and bans (issue 30). Guards run on request, before the body is read, so a member learns
 * nothing from validation; what each role may do (lengths, targets) is the service's check.
 */
const suspensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['moderation'];
  // Staff act a few times a minute at most; the limit stops a stolen staff session from sweeping the list.
  const staffWriteLimit = {
    max: 30,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: async (request: import('fastify').FastifyRequest) =>
      `suspensions:${(await sessionUserOf(request)).id}`,
  };

  app.post(
    '/api/moderation/members/:userId/suspensions',
    {
      onRequest: requireRole('moderator', STAFF_ONLY),
      config: { rateLimit: staffWriteLimit },
      schema: {
        tags,
        summary: 'Suspend a member (moderators up to 7 days; admins any length or permanently)',
        params,
        body: suspendMemberBodySchema,
        response: { 201: suspensionSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await sessionUserOf(request);
      const row = await suspendMember(app.db, {
        memberId: request.params.userId,
        actor: { id: actor.id, role: actor.role },
        reason: request.body.reason,
        endsAt: suspensionEnd(request.body.length, new Date()),
      });
      return reply.status(201).send(shape(row));
    },
  );

  app.delete(
    '/api/moderation/members/:userId/suspensions/current',
    {
      onRequest: requireRole('admin', 'Only admins can lift a suspension'),
      config: { rateLimit: staffWriteLimit },
      schema: {
        tags,
        summary: "Lift a member's suspension (admins only)",
        params,
        response: { 200: suspensionSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const actor = await sessionUserOf(request);
      return shape(await liftSuspension(app.db, { memberId: request.params.userId, actor: { id: actor.id } }));
    },
  );

  app.get(
    '/api/moderation/members/:userId/suspensions',
    {
      onRequest: requireRole('moderator', STAFF_ONLY),
      schema: {
        tags,
        summary: "A member's suspensions, newest first (staff)",
        params,
        querystring: z.object({ cursor: cursorSchema.optional() }),
        response: { 200: suspensionHistorySchema, ...errors },
      },
    },
    async (request) => listSuspensions(app.db, request.params.userId, request.query.cursor),
  );
};

export default suspensionRoutes;
