import type { BillingRedirect } from '@lunara/shared/billing-schemas';

export interface BillingMember {
  id: string;
  email: string;
}

/** What the app needs from a payment provider; `test` and `stripe` implement it. */
export interface BillingProvider {
  kind: 'test' | 'stripe';
  createCheckoutSession(member: BillingMember): Promise<BillingRedirect>;
  createPortalSession(member: BillingMember): Promise<BillingRedirect>;
  /** Verifies, records and applies a provider webhook (Stripe only; the test provider has none). */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean; type: string }>;
  /**
   * Cancels at once, at the provider, every subscription of hers that is not over (account deletion).
   * Rejects if the provider refuses or cannot be reached, so the caller can leave everything as it was.
   */
  cancelSubscriptionsNow(member: BillingMember): Promise<void>;
}
