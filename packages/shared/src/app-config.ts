import { z } from 'zod';

/** What the browser needs to know about this deployment (public values only). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  billingProvider: z.enum(['test', 'stripe']),
  isProduction: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
