import { errorResponseSchema } from '@lunara/shared/api';
import { notificationListSchema, preferencesSchema, preferencesUpdateSchema } from '@lunara/shared/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { getPreferences, markAllRead, markRead, updatePreferences } from './inbox-service.ts';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema };

/** A member's own notifications and preferences (any signed-in member: they are hers). */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['notifications'];
  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'The 50 newest notifications and the unread count',
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => app.readNotifications((await sessionUserOf(request)).id),
  );
  app.post(
    '/api/notifications/:notificationId/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: z.object({ notificationId: z.uuid('Unknown notification') }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await markRead(app.db, (await sessionUserOf(request)).id, request.params.notificationId);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/notifications/read-all',
    {
      schema: { tags, summary: 'Mark all read', response: { 200: z.object({ updated: z.number().int() }), ...errors } },
    },
    async (request) => ({
      updated: await markAllRead(app.db, (await sessionUserOf(request)).id),
    }),
  );
  app.get(
    '/api/notifications/preferences',
    { schema: { tags, summary: 'Notification preferences', response: { 200: preferencesSchema, ...errors } } },
    async (request) => getPreferences(app.db, (await sessionUserOf(request)).id),
  );
  app.patch(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Change some preferences',
        body: preferencesUpdateSchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => updatePreferences(app.db, (await sessionUserOf(request)).id, request.body),
  );
};

export default notificationRoutes;
