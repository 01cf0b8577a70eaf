import { z } from 'zod';

/** The spec's check-subscription answer (its field names), plus what the portal and badges need. */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  product_id: z.string().nullable(),
  subscription_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  status: z.string().nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusSchema>;

export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;
