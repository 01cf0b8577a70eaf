import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@lunara/shared/billing';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { billingCustomers, billingEvents, subscriptions } from '../../db/schema/billing.ts';
import { AppError, conflict } from '../../errors.ts';
import { syncStripePause } from '../cancellations/stripe-actions.ts';
import { applyStripeInvoiceEvent, invoiceOfPaymentIntentAt } from '../invoices/stripe-invoices.ts';
import {
  applyStripePlanTerms,
  createStripeCoupon,
  deactivateStripeCoupon,
  stripePriceIdFor,
  verifyStripePrices,
} from '../plans/stripe-plans.ts';
import type { BillingMember, BillingProvider } from './provider.ts';
import { upsertSubscription } from './subscription-service.ts';

interface StripeProviderOptions {
  db: Db;
  stripe: Stripe;
  log: FastifyBaseLogger;
  appUrl: string;
  priceId: string;
  webhookSecret: string;
  currency: string;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** The subscription an event is about, across the event shapes we care about. */
function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return object.id as string;
  if (event.type === 'checkout.session.completed') return idOf(object.subscription as string | null);
  if (event.type.startsWith('invoice.')) {
    // Newer API versions moved it under parent.subscription_details.
    const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription as string | null);
  }
  return undefined;
}

export function createStripeProvider(options: StripeProviderOptions): BillingProvider {
  const { db, stripe, log, appUrl, priceId, webhookSecret, currency } = options;

  async function findCustomer(userId: string) {
    const [row] = await db
      .select({ customerId: billingCustomers.providerCustomerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, 'stripe')));
    return row?.customerId;
  }

  async function customerFor(member: BillingMember): Promise<string> {
    const existing = await findCustomer(member.id);
    if (existing) return existing;
    const customer = await stripe.customers.create(
      { email: member.email, metadata: { userId: member.id } },
      // Two clicks at once create one customer at Stripe.
      { idempotencyKey: `customer-${member.id}` },
    );
    await db
      .insert(billingCustomers)
      .values({ userId: member.id, provider: 'stripe', providerCustomerId: customer.id })
      .onConflictDoNothing();
    return (await findCustomer(member.id)) ?? customer.id;
  }

  async function userIdFor(subscription: Stripe.Subscription): Promise<string | undefined> {
    if (subscription.metadata?.userId) return subscription.metadata.userId;
    const customerId = idOf(subscription.customer);
    if (!customerId) return undefined;
    const [row] = await db
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.provider, 'stripe'), eq(billingCustomers.providerCustomerId, customerId)));
    return row?.userId;
  }

  async function accountExists(userId: string): Promise<boolean> {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
    return row !== undefined;
  }

  /** Re-reads the subscription from Stripe so that duplicate and out-of-order events converge. */
  async function syncSubscription(subscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const userId = await userIdFor(subscription);
    // A deleted account's cancellation arrives after she is gone: nobody left to update.
    if (userId && !(await accountExists(userId))) {
      log.info({ subscriptionId }, 'stripe subscription of a deleted account; ignored');
      return;
    }
    if (!userId) {
      log.warn({ subscriptionId }, 'stripe subscription for an unknown customer; ignored');
      return;
    }
    const item = subscription.items.data[0];
    const status = SUBSCRIPTION_STATUSES.includes(subscription.status as SubscriptionStatus)
      ? (subscription.status as SubscriptionStatus)
      : 'incomplete';
    await upsertSubscription(db, {
      userId,
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
      providerCustomerId: idOf(subscription.customer) ?? '',
      status,
      priceId: item?.price.id ?? null,
      productId: idOf(item?.price.product as string | { id: string } | undefined) ?? 'unknown',
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    });
    await applyStripePlanTerms(db, subscription, userId);
    await syncStripePause(db, subscription);
  }

  /** Her Stripe subscriptions that are not over yet, as our table knows them. */
  async function openSubscriptionIds(userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, 'stripe'),
          notInArray(subscriptions.status, ['canceled', 'incomplete_expired']),
        ),
      );
    return rows.map((row) => row.id);
  }

  return {
    kind: 'stripe',
    async createCheckoutSession(member, order, settings) {
      const price = stripePriceIdFor(settings, order.plan, priceId);
      if (!price) throw conflict('The yearly plan has no Stripe price yet');
      const customer = await customerFor(member);
      // Our checks passed (plan, first-membership trial, the coupon's limits): Stripe is told exactly what to
      // apply, rather than letting her type any code on its page.
      const promotionCode = order.coupon?.stripePromotionCodeId;
      // A code made before Stripe was set up has no promotion code there: Stripe would charge the full price.
      if (order.coupon && !promotionCode)
        throw conflict('This code cannot be used with card payments. Please ask for a new one.');
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: member.id,
        line_items: [{ price, quantity: 1 }],
        ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
        subscription_data: {
          metadata: { userId: member.id, plan: order.plan, ...(order.coupon ? { couponId: order.coupon.id } : {}) },
          ...(order.trialDays > 0 ? { trial_period_days: order.trialDays } : {}),
        },
        success_url: `${appUrl}/dashboard?checkout=success`,
        cancel_url: `${appUrl}/?checkout=cancelled`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url };
    },
    verifyPlanPrices: (settings) => verifyStripePrices(stripe, settings, priceId, currency),
    createCoupon: (input) => createStripeCoupon(stripe, input, currency),
    deactivateCoupon: (coupon) => deactivateStripeCoupon(stripe, coupon),
    async createPortalSession(member) {
      const customer = await findCustomer(member.id);
      if (!customer) throw conflict('There is no billing account yet: subscribe first');
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${appUrl}/dashboard` });
      return { url: session.url };
    },
    async handleWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 400, 'Invalid webhook signature');
      }
      await db
        .insert(billingEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type, payload: event })
        .onConflictDoNothing();
      // Claim the event: only one delivery of it is applied, even when two arrive at once.
      const claimed = await db
        .update(billingEvents)
        .set({ processedAt: sql`now()` })
        .where(and(eq(billingEvents.id, event.id), isNull(billingEvents.processedAt)))
        .returning({ id: billingEvents.id });
      if (claimed.length === 0) return { duplicate: true, type: event.type };

      const subscriptionId = subscriptionIdOf(event);
      try {
        if (subscriptionId) await syncSubscription(subscriptionId);
        await applyStripeInvoiceEvent(db, event, subscriptionId, invoiceOfPaymentIntentAt(stripe));
      } catch (error) {
        // Let Stripe retry: un-claim so the next delivery applies it.
        await db.update(billingEvents).set({ processedAt: null }).where(eq(billingEvents.id, event.id));
        throw error;
      }
      // Unhandled event types are acknowledged, or Stripe would retry them for days.
      return { duplicate: false, type: event.type };
    },
    async cancelSubscriptionsNow(member) {
      for (const id of await openSubscriptionIds(member.id)) {
        try {
          await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
        } catch (error) {
          // Already cancelled at Stripe (or unknown there): nothing is being charged, which is the goal.
          const code = (error as { code?: string; statusCode?: number }).code;
          if (code === 'resource_missing') continue;
          throw error;
        }
      }
    },
  };
}
