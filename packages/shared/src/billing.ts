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

// Zod schemas live in billing-schemas.ts, so that the browser can use these constants without zod.
export const MEMBERSHIP_STATUSES = ['active', 'inactive'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const BILLING_PROVIDERS = ['test', 'stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** The synthetic subscription admins get (spec section 3): product admin_access, 365 days ahead. */
export const ADMIN_PRODUCT_ID = 'admin_access';
export const ADMIN_ACCESS_DAYS = 365;
export const TEST_PRODUCT_ID = 'lunara_membership_test';
export const SUBSCRIPTION_RECHECK_MS = 60_000;
