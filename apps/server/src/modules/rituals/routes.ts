import { errorResponseSchema } from '@lunara/shared/api';
import {
  completeRitualBodySchema,
  completionSchema,
  createRitualBodySchema,
  locationBodySchema,
  ritualSchema,
  ritualsTodaySchema,
} from '@lunara/shared/ritual-schemas';
import { isValidTimeZone } from '@lunara/shared/time-zones';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { registerJournalRoutes } from './journal-routes.ts';
import { completeRitual, createOwnRitual, getRitualsToday, saveLocation } from './ritual-service.ts';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tzQuery = z.object({ tz: z.string().max(64).refine(isValidTimeZone, 'Unknown time zone').default('UTC') });
const ok = z.object({ ok: z.literal(true) });

/** Daily Sacred Rituals (subscribers and admins, like the community). */
const ritualRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  const tags = ['rituals'];

  app.get(
    '/api/rituals',
    {
      schema: {
        tags,
        summary: "The moon, the rituals and today's completions (your day)",
        querystring: tzQuery,
        response: { 200: ritualsTodaySchema, ...errors },
      },
    },
    async (request) => getRitualsToday(app.db, (await sessionUserOf(request)).id, request.query.tz),
  );
  app.post(
    '/api/rituals',
    {
      schema: {
        tags,
        summary: 'Add your own ritual',
        body: createRitualBodySchema,
        response: { 200: ritualSchema, ...errors },
      },
    },
    async (request) => createOwnRitual(app.db, (await sessionUserOf(request)).id, request.body),
  );
  app.post(
    '/api/rituals/:ritualId/complete',
    {
      schema: {
        tags,
        summary: 'Complete a ritual (once a day, +15 points)',
        params: z.object({ ritualId: z.uuid('Unknown ritual') }),
        querystring: tzQuery,
        body: completeRitualBodySchema,
        response: { 200: completionSchema, ...errors },
      },
    },
    async (request) =>
      completeRitual(
        app.db,
        (await sessionUserOf(request)).id,
        request.params.ritualId,
        request.body,
        request.query.tz,
      ),
  );
  app.put(
    '/api/me/location',
    {
      schema: {
        tags,
        summary: 'Save your location for moonrise and moonset',
        body: locationBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await saveLocation(app.db, (await sessionUserOf(request)).id, request.body);
      return { ok: true as const };
    },
  );
  registerJournalRoutes(app);
};

export default ritualRoutes;
