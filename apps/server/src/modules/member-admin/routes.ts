import { Readable } from 'node:stream';
import { errorResponseSchema } from '@lunara/shared/api';
import { complimentaryGrantSchema, memberDetailSchema } from '@lunara/shared/member-admin';
import { memberIdSchema } from '@lunara/shared/params';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { contentDisposition } from '../media/serve-media.ts';
import { endComplimentary, getMemberDetail, grantComplimentary } from './member-admin-service.ts';
import { memberCsv } from './member-export.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
// Members' emails and billing: admins only, never moderators (issue 33).
const adminOnly = requireRole('admin', 'Only admins can manage members');
const params = z.object({ userId: memberIdSchema('Unknown member') });

/** Member administration (issue 33): a member's detail, complimentary memberships, the CSV export. */
const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const adminWriteLimit = {
    max: 30,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest) => `member-admin:${(await sessionUserOf(request)).id}`,
  };

  app.get(
    '/api/admin/members/:userId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "A member's detail: membership, activity, points, reports and audit entries",
        params,
        response: { 200: memberDetailSchema, ...errors },
      },
    },
    async (request) => getMemberDetail(app.db, request.params.userId),
  );
  app.post(
    '/api/admin/members/:userId/complimentary',
    {
      onRequest: adminOnly,
      config: { rateLimit: adminWriteLimit },
      schema: {
        tags,
        summary: 'Grant a complimentary membership (1-24 months or until a date)',
        params,
        body: complimentaryGrantSchema,
        response: { 200: memberDetailSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await grantComplimentary(app.db, (await sessionUserOf(request)).id, request.params.userId, request.body);
      return getMemberDetail(app.db, request.params.userId);
    },
  );
  app.delete(
    '/api/admin/members/:userId/complimentary',
    {
      onRequest: adminOnly,
      config: { rateLimit: adminWriteLimit },
      schema: {
        tags,
        summary: 'End a complimentary membership now',
        params,
        response: { 200: memberDetailSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await endComplimentary(app.db, (await sessionUserOf(request)).id, request.params.userId);
      return getMemberDetail(app.db, request.params.userId);
    },
  );
  app.get(
    '/api/admin/members/export',
    {
      onRequest: adminOnly,
      config: {
        rateLimit: {
          ...adminWriteLimit,
          max: 10,
          keyGenerator: async (request: FastifyRequest) => `member-export:${(await sessionUserOf(request)).id}`,
        },
      },
      schema: {
        tags,
        summary: 'All members as CSV (name, email, joined, membership status, plan, points, level), streamed',
        produces: ['text/csv'],
        response: { 200: z.any(), 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `members-${day}.csv`))
        .header('cache-control', 'private, no-store');
      return reply.send(Readable.from(memberCsv(app.db)));
    },
  );
};

export default memberAdminRoutes;
