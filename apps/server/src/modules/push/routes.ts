import { errorResponseSchema } from '@lunara/shared/api';
import {
  pushDeviceListSchema,
  pushDeviceSchema,
  pushEndpointSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
} from '@lunara/shared/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { describeDevice } from './device-label.ts';
import { deleteDevice, deleteSubscription, listDevices, saveSubscription } from './subscription-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
/** Subscribing is once per device and permission prompt: a burst is a script. */
const WRITE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
const ok = z.object({ ok: z.literal(true) });

/** Her devices for Web Push (any signed-in member, like her notification preferences: they are hers). */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['notifications'];
  const me = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).id;
  const rateLimit = {
    ...WRITE_RATE_LIMIT,
    keyGenerator: async (request: Parameters<typeof sessionUserOf>[0]) => `push:${await me(request)}`,
  };

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: "The VAPID public key: the browser's applicationServerKey",
        response: { 200: pushPublicKeySchema, ...errors },
      },
    },
    async () => ({ publicKey: app.push.vapid.publicKey }),
  );
  app.get(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Your devices with push notifications on',
        response: { 200: pushDeviceListSchema, ...errors },
      },
    },
    async (request) => ({ devices: await listDevices(app.db, await me(request)) }),
  );
  app.post(
    '/api/push/subscriptions',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Store this browser's push subscription (again: updated)",
        body: pushSubscriptionInputSchema,
        response: { 200: pushDeviceSchema, ...errors },
      },
    },
    async (request) => {
      const member = await sessionUserOf(request);
      return saveSubscription(app.db, member.id, request.body, {
        deviceLabel: describeDevice(request.headers['user-agent']),
        allowHttpLoopback: app.config.push.allowHttpLoopback,
        sessionId: member.sessionId,
      });
    },
  );
  app.delete(
    '/api/push/subscriptions',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Remove this browser's push subscription",
        body: pushEndpointSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteSubscription(app.db, await me(request), request.body.endpoint);
      return { ok: true as const };
    },
  );
  app.delete(
    '/api/push/subscriptions/:deviceId',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Remove one of your devices',
        params: z.object({ deviceId: z.uuid('Unknown device') }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteDevice(app.db, await me(request), request.params.deviceId);
      return { ok: true as const };
    },
  );
};

export default pushRoutes;
