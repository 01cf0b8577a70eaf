import { publicConfigSchema } from '@lunara/shared/app-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The product name and price the browser shows: one source of truth, the server's configuration. */
const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['operations'], summary: 'Public configuration', response: { 200: publicConfigSchema } } },
    async () => ({
      productName: app.config.productName,
      priceCents: app.config.priceCents,
      currency: app.config.currency,
      billingProvider: app.billing.kind,
      isProduction: app.config.isProduction,
    }),
  );
};

export default appConfigRoutes;
