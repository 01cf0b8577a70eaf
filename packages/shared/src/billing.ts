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

/** `complimentary`: a membership an admin granted for a period, with no payment (issue 33). */
export const BILLING_PROVIDERS = ['test', 'stripe', 'complimentary'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** The synthetic subscription admins get (spec section 3): product admin_access, 365 days ahead. */
export const ADMIN_PRODUCT_ID = 'admin_access';
export const ADMIN_ACCESS_DAYS = 365;
export const TEST_PRODUCT_ID = 'lunara_membership_test';
export const SUBSCRIPTION_RECHECK_MS = 60_000;

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/**
 * A coupon's terms as they were when a member redeemed it, kept on her subscription: later edits of the
 * coupon never change what she was promised.
 */
export interface Discount {
  couponId: string;
  code: string;
  kind: 'percent' | 'amount';
  /** Percent off (1-100) or cents off. */
  value: number;
  duration: 'once' | 'repeating' | 'forever';
  /** For `repeating`: how many months the discount lasts. */
  durationMonths: number | null;
}

/** Why a member cancelled: asked, never required. */
export const CANCELLATION_REASONS = [
  'too_expensive',
  'not_using',
  'missing_features',
  'technical_issues',
  'found_alternative',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  too_expensive: 'Too expensive',
  not_using: "I'm not using it enough",
  missing_features: 'Missing features I need',
  technical_issues: 'Technical issues',
  found_alternative: 'I found an alternative',
  other: 'Other',
};

export const CANCELLATION_NOTE_MAX_LENGTH = 1000;

/** A receipt's state: `open` a Stripe invoice not paid yet, `void` one Stripe voided. */
export const INVOICE_STATUSES = ['paid', 'open', 'void', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The longest pause a member can choose, at most (the admin picks 1 to this). */
export const PAUSE_MONTHS_MAX = 3;
