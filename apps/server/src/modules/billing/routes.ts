import { errorResponseSchema } from '@lunara/shared/api';
import { billingRedirectSchema, subscriptionStatusSchema } from '@lunara/shared/billing-schemas';
import { checkoutBodySchema, quoteSchema } from '@lunara/shared/plans';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { completeTestOrder, quoteCheckout, startCheckout } from './checkout-service.ts';
import { getSubscriptionStatus } from './subscription-service.ts';
import { setTestCancelAtPeriodEnd } from './test-provider.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema };
/** The plan and coupon she chose (issue 33); an empty body is the monthly plan without a code. */
const orderBody = checkoutBodySchema.default({ plan: 'month', couponCode: undefined });
const orderErrors = { ...errors, 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * Coupon codes could be found by trying them: each member (or address, signed out) gets a bounded number of
 * quotes and checkouts per ten minutes. Counted after validation, so a malformed body costs nothing.
 */
const orderLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 10 * 60_000,
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest) =>
      `billing-order:${(await request.getSessionUser())?.id ?? request.ip}`,
  },
});

/** Billing actions need a session; the spec's message for a missing one is "No access token". */
async function billingMember(request: FastifyRequest): Promise<SessionUser> {
  const member = await request.getSessionUser();
  if (!member) throw unauthorized('No access token');
  return member;
}

const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/billing/subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'check-subscription: is the member subscribed, to what, until when',
        response: { 200: subscriptionStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSubscriptionStatus(app.db, await request.getSessionUser());
    },
  );

  app.post(
    '/api/billing/checkout',
    {
      config: orderLimit(20),
      schema: {
        tags: ['billing'],
        summary: 'create-checkout: where to pay for a membership (plan, coupon)',
        body: orderBody,
        response: { 200: billingRedirectSchema, ...orderErrors },
      },
    },
    async (request) =>
      startCheckout(app.db, app.billing, app.config.priceCents, await billingMember(request), request.body),
  );

  app.post(
    '/api/billing/quote',
    {
      config: orderLimit(60),
      schema: {
        tags: ['billing'],
        summary: 'What the plan costs her, with her trial and the coupon she typed (nothing is written)',
        body: orderBody,
        response: { 200: quoteSchema, ...orderErrors },
      },
    },
    async (request) => quoteCheckout(app.db, app.config.priceCents, await billingMember(request), request.body),
  );

  app.post(
    '/api/billing/portal',
    {
      schema: {
        tags: ['billing'],
        summary: 'customer-portal: where to manage the membership',
        response: { 200: billingRedirectSchema, ...errors },
      },
    },
    async (request) => app.billing.createPortalSession(await billingMember(request)),
  );

  await app.register(webhookRoute);
  if (app.billing.kind === 'test') await app.register(testModeRoutes);
};

/** Stripe signs the raw bytes, so this route keeps the body unparsed. */
async function webhookRoute(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/api/billing/webhook',
    { schema: { tags: ['billing'], summary: 'Stripe webhook (signed)', hide: app.billing.kind === 'test' } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const result = await app.billing.handleWebhook(
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
      request.log.info({ type: result.type, duplicate: result.duplicate }, 'stripe webhook');
      return { received: true };
    },
  );
}

/** The local checkout and portal pages of the test provider call these. */
const testModeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok = z.object({ ok: z.literal(true) });
  app.post(
    '/api/billing/test/complete',
    {
      config: orderLimit(20),
      schema: {
        tags: ['billing'],
        summary: 'Test mode: complete the test payment (plan, coupon)',
        body: orderBody,
        response: { 200: ok, ...orderErrors },
      },
    },
    async (request) => {
      await completeTestOrder(app.db, app.config.priceCents, await billingMember(request), request.body);
      return { ok: true as const };
    },
  );
  for (const action of ['cancel', 'resume'] as const) {
    app.post(
      `/api/billing/test/${action}`,
      {
        schema: {
          tags: ['billing'],
          summary: `Test mode: ${action === 'cancel' ? 'cancel at period end' : 'resume'} the membership`,
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        await setTestCancelAtPeriodEnd(app.db, await billingMember(request), action === 'cancel');
        return { ok: true as const };
      },
    );
  }
};

export default billingRoutes;
