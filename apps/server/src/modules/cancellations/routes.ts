import { errorResponseSchema } from '@lunara/shared/api';
import {
  cancellationBodySchema,
  cancellationSettingsSchema,
  membershipDetailsSchema,
  pauseBodySchema,
} from '@lunara/shared/billing-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { readCancellationSettings, saveCancellationSettings } from './cancellation-settings.ts';
import {
  cancelMembership,
  getMembershipDetails,
  pauseMembership,
  resumePausedMembership,
} from './membership-actions.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};
const ok = z.object({ ok: z.literal(true) });
const tags = ['billing'];

/** Her membership's details, cancelling with a reason, pausing and resuming; the owner's Cancellation card. */
const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/billing/membership',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Her plan, price, next charge and pause, and whether a pause is offered',
        response: { 200: membershipDetailsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMembershipDetails(app.db, (await sessionUserOf(request)).id);
    },
  );

  app.post(
    '/api/billing/cancellation',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Cancel at the end of the period, with an optional reason and note',
        body: cancellationBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await cancelMembership(app, await sessionUserOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/billing/pause',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Pause instead of cancelling: from the end of the paid period, for 1 to 3 months',
        body: pauseBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await pauseMembership(app, await sessionUserOf(request), request.body.months);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/billing/pause/resume',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Resume now: drops a pause not started yet, or starts a new (charged) period at once',
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await resumePausedMembership(app, await sessionUserOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/cancellation-settings',
    {
      onRequest: requireRole('admin', 'Only admins can see billing settings'),
      schema: {
        tags: ['admin'],
        summary: 'Cancellation settings (pause offer)',
        response: { 200: cancellationSettingsSchema, ...errors },
      },
    },
    async () => readCancellationSettings(app.db),
  );
  app.put(
    '/api/admin/cancellation-settings',
    {
      onRequest: requireRole('admin', 'Only admins can change billing settings'),
      schema: {
        tags: ['admin'],
        summary: 'Offer a pause when members cancel, and for how long at most',
        body: cancellationSettingsSchema,
        response: { 200: cancellationSettingsSchema, ...errors },
      },
    },
    async (request) => saveCancellationSettings(app.db, (await sessionUserOf(request)).id, request.body),
  );
};

export default cancellationRoutes;
