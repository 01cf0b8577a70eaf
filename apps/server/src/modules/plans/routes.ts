import { errorResponseSchema } from '@lunara/shared/api';
import {
  couponBodySchema,
  couponPageSchema,
  couponQuerySchema,
  couponSchema,
  planSettingsSchema,
} from '@lunara/shared/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { createCoupon, deactivateCoupon, listCoupons } from './coupon-service.ts';
import { readPlanSettings, savePlanSettings } from './plan-settings.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The owner's plans and coupons (Admin Panel, Plans tab): admins only, every change audited. */
const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('admin', 'Only admins can manage plans and coupons'));
  const tags = ['admin'];
  const priceCents = app.config.priceCents;

  app.get(
    '/api/admin/plans',
    {
      schema: {
        tags,
        summary: 'The plans on sale: prices, yearly plan, trial',
        response: { 200: planSettingsSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readPlanSettings(app.db, priceCents);
    },
  );
  app.put(
    '/api/admin/plans',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Change the plans (with Stripe, each price is checked at Stripe first; audited)',
        body: planSettingsSchema,
        response: { 200: planSettingsSchema, ...errors },
      },
    },
    async (request) =>
      savePlanSettings(app.db, (await sessionUserOf(request)).id, priceCents, request.body, (settings) =>
        app.billing.verifyPlanPrices(settings),
      ),
  );
  app.get(
    '/api/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Coupons, newest first (paged)',
        querystring: couponQuerySchema,
        response: { 200: couponPageSchema, ...errors },
      },
    },
    async (request) => listCoupons(app.db, request.query.cursor),
  );
  app.post(
    '/api/admin/coupons',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Create a coupon (with Stripe, also its coupon and promotion code; audited)',
        body: couponBodySchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) =>
      createCoupon(app.db, (await sessionUserOf(request)).id, request.body, (input) => app.billing.createCoupon(input)),
  );
  app.post(
    '/api/admin/coupons/:couponId/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a coupon: no new redemptions (audited)',
        params: z.object({ couponId: z.uuid('Coupon not found') }),
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) =>
      deactivateCoupon(app.db, (await sessionUserOf(request)).id, request.params.couponId, (coupon) =>
        app.billing.deactivateCoupon(coupon),
      ),
  );
};

export default planRoutes;
