import { z } from 'zod';
import { MEDIA_KINDS } from './media.ts';

/** What the browser needs to know about this deployment (public values only). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  billingProvider: z.enum(['test', 'stripe']),
  isProduction: z.boolean(),
  /** The largest upload of each kind, in bytes (the server refuses more; the browser says so first). */
  uploadLimits: z.record(z.enum(MEDIA_KINDS), z.number().int()),
  /** Admins and moderators must turn two-factor on before staff tools answer them (STAFF_TWO_FACTOR). */
  staffTwoFactorRequired: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
