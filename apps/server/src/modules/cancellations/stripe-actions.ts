import type { CancellationReason } from '@lunara/shared/billing';
import type { CancellationBody } from '@lunara/shared/billing-history';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { membershipCancellations } from '../../db/schema/billing-history.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import { addMonths } from '../plans/period-amount.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { ALREADY_CANCELLED, ALREADY_PAUSED, NOT_PAUSED, PAUSE_OFF } from './cancellation-service.ts';
import { readCancellationSettings } from './cancellation-settings.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Our reasons in Stripe's cancellation_details.feedback words (Stripe's dashboard shows them too). */
const STRIPE_FEEDBACK: Record<CancellationReason, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback> = {
  too_expensive: 'too_expensive',
  not_using: 'unused',
  missing_features: 'missing_features',
  technical_issues: 'low_quality',
  found_alternative: 'switched_service',
  other: 'other',
};

function stripeOf(app: FastifyInstance): Stripe {
  if (!app.stripeClient) throw conflict('Card payments are not set up');
  return app.stripeClient;
}

/**
 * Cancel at the period's end through Stripe's API, with the reason as cancellation_details: the row and
 * the reason are written in one transaction that Stripe's answer completes, so a refusal at Stripe leaves
 * nothing recorded, and a second click finds it cancelled already (409).
 */
export async function cancelStripeMembership(
  app: FastifyInstance,
  userId: string,
  sub: SubscriptionRow,
  body: CancellationBody,
): Promise<void> {
  const stripe = stripeOf(app);
  await app.db.transaction(async (tx) => {
    const changed = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.cancelAtPeriodEnd, false)))
      .returning({ id: subscriptions.id });
    if (changed.length === 0) throw conflict(ALREADY_CANCELLED);
    await tx.insert(membershipCancellations).values({
      userId,
      subscriptionId: sub.id,
      reason: body.reason ?? null,
      note: body.note ? body.note : null,
    });
    await stripe.subscriptions.update(sub.providerSubscriptionId, {
      cancel_at_period_end: true,
      cancellation_details: {
        ...(body.reason ? { feedback: STRIPE_FEEDBACK[body.reason] } : {}),
        ...(body.note ? { comment: body.note } : {}),
      },
    });
  });
  announceSessionChange(userId);
}

/**
 * Pause with Stripe: pause_collection { behavior: 'void', resumes_at } from the end of the paid period;
 * Stripe voids the invoices in between and bills again from resumes_at. paused_until is kept, and the
 * webhook's subscription keeps it in step (syncStripePause).
 */
export async function pauseStripeMembership(
  app: FastifyInstance,
  userId: string,
  sub: SubscriptionRow,
  months: number,
): Promise<void> {
  const settings = await readCancellationSettings(app.db);
  if (!settings.pauseEnabled) throw forbidden(PAUSE_OFF);
  if (months > settings.maxPauseMonths) throw badRequest(`A pause lasts at most ${settings.maxPauseMonths} months`);
  const stripe = stripeOf(app);
  const resumesAt = addMonths(sub.currentPeriodEnd, months);
  await app.db.transaction(async (tx) => {
    const changed = await tx
      .update(subscriptions)
      .set({ pausedUntil: resumesAt, updatedAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.id, sub.id),
          isNull(subscriptions.pausedUntil),
          eq(subscriptions.cancelAtPeriodEnd, false),
        ),
      )
      .returning({ id: subscriptions.id });
    if (changed.length === 0) throw conflict(ALREADY_PAUSED);
    await stripe.subscriptions.update(sub.providerSubscriptionId, {
      pause_collection: { behavior: 'void', resumes_at: Math.floor(resumesAt.getTime() / 1000) },
    });
  });
  announceSessionChange(userId);
}

/** Resume with Stripe: the pause is lifted there (billing goes on from the next period) and here. */
export async function resumeStripeMembership(
  app: FastifyInstance,
  userId: string,
  sub: SubscriptionRow,
): Promise<void> {
  const stripe = stripeOf(app);
  await app.db.transaction(async (tx) => {
    const changed = await tx
      .update(subscriptions)
      .set({ pausedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, sub.id), isNotNull(subscriptions.pausedUntil)))
      .returning({ id: subscriptions.id });
    if (changed.length === 0) throw conflict(NOT_PAUSED);
    await stripe.subscriptions.update(sub.providerSubscriptionId, { pause_collection: '' });
  });
  announceSessionChange(userId);
}

/** The webhook's subscription says whether collection is paused and until when: paused_until follows it. */
export async function syncStripePause(db: Db, subscription: Stripe.Subscription): Promise<void> {
  const resumesAt = subscription.pause_collection?.resumes_at;
  await db
    .update(subscriptions)
    .set({ pausedUntil: resumesAt ? new Date(resumesAt * 1000) : null })
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, subscription.id)));
}
