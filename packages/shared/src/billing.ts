/** Every status a provider subscription can be in (Stripe's set; the test provider uses a subset). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A failed card (past_due) does not lock a member out at once (decisions.md section 4). */
export const SUBSCRIBED_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export const MEMBERSHIP_STATUSES = ['active', 'inactive'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const BILLING_PROVIDERS = ['test', 'stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

export const DEFAULT_PRICE_CENTS = 5500;

/** "$55" for 5500, "$55.50" for 5550. */
export function formatPrice(cents: number, currency = 'USD'): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
