import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import type { BillingProvider } from '../modules/billing/provider.ts';
import { createStripeProvider } from '../modules/billing/stripe-provider.ts';
import { createTestProvider } from '../modules/billing/test-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingProvider;
  }
}

/** Stripe when its keys are configured, the local test provider otherwise (decisions.md section 4). */
export default fp(
  async (app: FastifyInstance, options: { stripe?: Stripe | undefined }) => {
    const keys = app.config.stripe;
    const provider = keys
      ? createStripeProvider({
          db: app.db,
          stripe: options.stripe ?? new Stripe(keys.secretKey, { maxNetworkRetries: 2 }),
          log: app.log,
          appUrl: app.config.appUrl,
          priceId: keys.priceId,
          webhookSecret: keys.webhookSecret,
        })
      : createTestProvider();
    app.decorate('billing', provider);
  },
  { name: 'billing', dependencies: ['db'] },
);
