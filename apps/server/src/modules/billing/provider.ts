import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import type { PlanSettings } from '@lunara/shared/plans';
import type { CouponInput, CouponRow, ProviderCoupon } from '../plans/coupon-service.ts';
import type { CheckoutOrder } from '../plans/order-service.ts';

export interface BillingMember {
  id: string;
  email: string;
}

/** What the app needs from a payment provider; `test` and `stripe` implement it. */
export interface BillingProvider {
  kind: 'test' | 'stripe';
  /** Where to pay for the order (plan, trial, coupon: checked by plans/order-service.ts before). */
  createCheckoutSession(member: BillingMember, order: CheckoutOrder, settings: PlanSettings): Promise<BillingRedirect>;
  /** Plans (issue 33): refuses a save whose prices the provider would not charge (Stripe: each price id). */
  verifyPlanPrices(settings: PlanSettings): Promise<void>;
  /** Makes the provider's side of a new coupon (Stripe: coupon + promotion code); null when there is none. */
  createCoupon(input: CouponInput): Promise<ProviderCoupon | null>;
  deactivateCoupon(coupon: CouponRow): Promise<void>;
  createPortalSession(member: BillingMember): Promise<BillingRedirect>;
  /** Verifies, records and applies a provider webhook (Stripe only; the test provider has none). */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean; type: string }>;
  /**
   * Cancels at once, at the provider, every subscription of hers that is not over (account deletion).
   * Rejects if the provider refuses or cannot be reached, so the caller can leave everything as it was.
   */
  cancelSubscriptionsNow(member: BillingMember): Promise<void>;
}
