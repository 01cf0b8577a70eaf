import {
  adminCircleListSchema,
  adminContentSchema,
  adminSettingsSchema,
  adminStatsSchema,
  adminUserPageSchema,
  adminUserQuerySchema,
  auditPageSchema,
  CONTENT_KINDS,
  circleBodySchema,
  eventBodySchema,
} from '@lunara/shared/admin';
import { errorResponseSchema } from '@lunara/shared/api';
import { PASSWORD_MIN_LENGTH } from '@lunara/shared/auth';
import { cursorQuerySchema } from '@lunara/shared/feed';
import { storageTotalsSchema } from '@lunara/shared/media-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { deploymentWarnings } from '../../lib/deployment-warnings.ts';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { cancelEvent, createEvent, updateEvent } from '../events/event-management.ts';
import { createCircle, listAllCircles, listAudit, listContent, listUsers, updateCircle } from './admin-service.ts';
import { getAdminStats } from './stats-service.ts';
import { getStorageTotals } from './storage-service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const adminOnly = requireRole('admin', 'Only admins can use the admin panel');
// Moderators reach the moderation lists (decisions.md section 3), nothing else here.
const moderatorsToo = requireRole('moderator', 'Only moderators and admins can moderate content');
const created = z.object({ id: z.string() });
const ok = z.object({ ok: z.literal(true) });

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/api/admin/stats',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'get_admin_stats', response: { 200: adminStatsSchema, ...errors } },
    },
    async () => getAdminStats(app.db),
  );
  app.get(
    '/api/admin/storage',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Stored files: totals per kind and the members storing the most',
        response: { 200: storageTotalsSchema, ...errors },
      },
    },
    async () => getStorageTotals(app.db),
  );
  app.get(
    '/api/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Users by name and role, newest first',
        querystring: adminUserQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );
  app.get(
    '/api/admin/content/:kind',
    {
      onRequest: moderatorsToo,
      schema: {
        tags,
        summary: 'Posts, comments or forum topics to moderate',
        params: z.object({ kind: z.enum(CONTENT_KINDS) }),
        querystring: cursorQuerySchema,
        response: { 200: adminContentSchema, ...errors },
      },
    },
    async (request) => listContent(app.db, request.params.kind, request.query.cursor),
  );
  app.get(
    '/api/admin/audit',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: cursorQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => listAudit(app.db, request.query.cursor),
  );
  app.get(
    '/api/admin/settings',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'What this deployment runs with', response: { 200: adminSettingsSchema, ...errors } },
    },
    async () => ({
      version: packageJson.version,
      database: app.database.kind,
      billingProvider: app.billing.kind,
      emailDelivery: app.config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
      registrationEnabled: true,
      emailVerification: 'optional' as const,
      passwordMinLength: PASSWORD_MIN_LENGTH,
      authRateLimitPerMinute: app.config.authRateLimitPerMinute,
      warnings: deploymentWarnings(app.config),
    }),
  );

  app.post(
    '/api/admin/events',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Create an event', body: eventBodySchema, response: { 200: created, ...errors } },
    },
    async (request) => ({
      id: await createEvent(app.db, (await sessionUserOf(request)).id, request.body, 'community'),
    }),
  );
  app.put(
    '/api/admin/events/:eventId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Edit an event',
        params: z.object({ eventId: z.uuid('Unknown event') }),
        body: eventBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await updateEvent(app.db, (await sessionUserOf(request)).id, request.params.eventId, request.body);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/admin/events/:eventId/cancel',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Cancel an event',
        params: z.object({ eventId: z.uuid('Unknown event') }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await cancelEvent(app.db, (await sessionUserOf(request)).id, request.params.eventId);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/admin/circles',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Create a circle', body: circleBodySchema, response: { 200: created, ...errors } },
    },
    async (request) => ({
      id: await createCircle(app.db, (await sessionUserOf(request)).id, request.body),
    }),
  );
  app.get(
    '/api/admin/circles',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Every circle, active or not', response: { 200: adminCircleListSchema, ...errors } },
    },
    async () => ({
      circles: await listAllCircles(app.db),
    }),
  );
  app.put(
    '/api/admin/circles/:circleId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Edit a circle',
        params: z.object({ circleId: z.uuid('Unknown circle') }),
        body: circleBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await updateCircle(app.db, (await sessionUserOf(request)).id, request.params.circleId, request.body);
      return { ok: true as const };
    },
  );
};

export default adminRoutes;
