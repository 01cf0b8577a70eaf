import type { PublicConfig } from '@lunara/shared/app-config';
import type { FastifyInstance } from 'fastify';
import { readPlanSettings, toPublicPlans } from '../plans/plan-settings.ts';

/** The product name and the plans the browser shows: one source of truth, the server's configuration. */
export async function getPublicConfig(app: FastifyInstance): Promise<PublicConfig> {
  const plans = toPublicPlans(await readPlanSettings(app.db, app.config.priceCents));
  return {
    productName: app.config.productName,
    priceCents: plans.monthlyCents,
    plans,
    currency: app.config.currency,
    billingProvider: app.billing.kind,
    isProduction: app.config.isProduction,
    uploadLimits: app.config.media.uploadLimits,
    staffTwoFactorRequired: app.config.staffTwoFactor === 'required',
  };
}
