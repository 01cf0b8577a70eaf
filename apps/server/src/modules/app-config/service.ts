import type { PublicConfig } from '@lunara/shared/app-config';
import type { FastifyInstance } from 'fastify';

/** The product name and price the browser shows: one source of truth, the server's configuration. */
export function getPublicConfig(app: FastifyInstance): PublicConfig {
  return {
    productName: app.config.productName,
    priceCents: app.config.priceCents,
    currency: app.config.currency,
    billingProvider: app.billing.kind,
    isProduction: app.config.isProduction,
    uploadLimits: app.config.media.uploadLimits,
    staffTwoFactorRequired: app.config.staffTwoFactor === 'required',
  };
}
