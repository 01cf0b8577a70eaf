import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import type { BillingProvider } from '../modules/billing/provider.ts';
import { createStripeProvider } from '../modules/billing/stripe-provider.ts';
import { createTestProvider } from '../modules/billing/test-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingProvider;
    /** The Stripe client when Stripe is configured (cancel with a reason and pause, issue 33), else null. */
    stripeClient: Stripe | null;
  }
}

/** Stripe when its keys are configured, the local test provider otherwise (decisions.md section 4). */
export default fp(
  async (app: FastifyInstance, options: { stripe?: Stripe | undefined }) => {
    const keys = app.config.stripe;
    const stripe = keys ? (options.stripe ?? new Stripe(keys.secretKey, { maxNetworkRetries: 2 })) : null;
    const provider = stripe
      ? createStripeProvider({
          db: app.db,
          stripe,
          log: app.log,
          appUrl: app.config.appUrl,
          priceId: keys?.priceId ?? '',
          webhookSecret: keys?.webhookSecret ?? '',
          currency: app.config.currency,
        })
      : createTestProvider();
    app.decorate('billing', provider);
    app.decorate('stripeClient', stripe);
  },
  { name: 'billing', dependencies: ['db'] },
);
