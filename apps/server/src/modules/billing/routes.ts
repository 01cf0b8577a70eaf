import { errorResponseSchema } from '@lunara/shared/api';
import { billingRedirectSchema, subscriptionStatusSchema } from '@lunara/shared/billing-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { startCheckout } from './checkout-service.ts';
import { getSubscriptionStatus } from './subscription-service.ts';
import { completeTestCheckout, setTestCancelAtPeriodEnd } from './test-provider.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema };

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
      schema: {
        tags: ['billing'],
        summary: 'create-checkout: where to pay for a membership',
        response: { 200: billingRedirectSchema, ...errors },
      },
    },
    async (request) => startCheckout(app.db, app.billing, await billingMember(request)),
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
      schema: { tags: ['billing'], summary: 'Test mode: complete the test payment', response: { 200: ok, ...errors } },
    },
    async (request) => {
      await completeTestCheckout(app.db, await billingMember(request));
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
