import { z } from 'zod';
import { MEDIA_KINDS } from './media.ts';
import { publicPlansSchema } from './plans.ts';

/** What the browser needs to know about this deployment (public values only). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  /** The monthly plan's price (the plans below carry the yearly plan and the trial too). */
  priceCents: z.number().int(),
  /** What the owner sells (Admin Panel, Plans tab; issue 33). */
  plans: publicPlansSchema,
  currency: z.string(),
  billingProvider: z.enum(['test', 'stripe']),
  isProduction: z.boolean(),
  /** The largest upload of each kind, in bytes (the server refuses more; the browser says so first). */
  uploadLimits: z.record(z.enum(MEDIA_KINDS), z.number().int()),
  /** Admins and moderators must turn two-factor on before staff tools answer them (STAFF_TWO_FACTOR). */
  staffTwoFactorRequired: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
